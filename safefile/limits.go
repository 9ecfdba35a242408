// Package safefile is the one way bqgen reads a file it does not control —
// a runner's configuration, a result file, the history, a merged report, a
// test index, a scaffold, a manifest — and the one way it writes a report,
// a badge, a site page or the history.
//
// A file a checkout or a test run supplies is input, and so is the path to
// it: a committed link can lead to /dev/zero (endless), a FIFO (a read that
// never returns), or a file outside the checkout (whose content a message
// would print). So every read here takes a regular file only, reached
// through no link below the checkout, under a size limit per kind of file,
// within a deadline; and every write goes through no link below the
// checkout either, atomically (temporary file, then rename).
package safefile

import "time"

// Kind is a kind of file bqgen reads, with the largest size it accepts.
type Kind struct {
	// Name says what the file is, in messages: "a result file".
	Name string
	// Limit is its largest size in bytes, far above any real one: a file
	// over it is refused before it is read.
	Limit int64
}

// The kinds of file bqgen reads and their limits (docs/report.md lists
// them too). Each is far above the largest real file of its kind and far
// below what would strain memory: every parser's cost is linear or n log n
// in its input, so a limit bounds the time too, and each is the size the
// kind's complexity test holds under 10 s with its worst shapes (a 1 MiB
// package.json, a 64 MiB node:test JUnit file, a 1 MiB scaffold).
var (
	// RunnerConfig is a test runner's configuration generate and check read
	// for wiring: package.json, pom.xml, pytest.ini, phpunit.xml, *.csproj.
	RunnerConfig = Kind{"a test runner's configuration", 1 << 20}
	// History is the --history file of report.
	History = Kind{"a report history", 32 << 20}
	// Result is a runner's result file: go test -json, JUnit XML, TRX.
	Result = Kind{"a result file", 64 << 20}
	// Index is the test index generate writes into a checkout.
	Index = Kind{"a test index", 16 << 20}
	// Scaffold is an SDK's own source file the scaffold audit reads.
	Scaffold = Kind{"a scaffold file", 1 << 20}
	// Manifest is a package manifest init reads (go.mod, package.json, …).
	Manifest = Kind{"a package manifest", 1 << 20}
	// Fixture is a suite's file (a case, a fixture, a schema).
	Fixture = Kind{"a suite file", 16 << 20}
	// Baseline is a target's baseline (.bqgen/<lang>.baseline): 2,000
	// entries of 4 KiB lines at most, 8 MiB; real ones are a few KiB.
	Baseline = Kind{"a baseline", 8 << 20}
	// MergedReport is a --format json report given to report --merge.
	MergedReport = Kind{"a merged report", 16 << 20}
	// SuiteTotal is not one file but a suite's files together, each name
	// counted in full (as git checks it out: one blob under 200 names is
	// 200 files), refused as they are read (package model's suiteTotal). The
	// largest real suite holds 160 KiB (200 times less); the limit leaves
	// room for two files at Fixture's limit, and is twice the 16 MiB of
	// worst legal shapes validate's benchmark measures (docs/development.md).
	SuiteTotal = Kind{"a whole suite", 32 << 20}
	// ResultsTotal is not one file but a report's result files together
	// (--results and --results-dir), refused at the file that passes it:
	// ten thousand files each under Result's limit would otherwise be held
	// at once. Four result files at Result's limit fit.
	ResultsTotal = Kind{"a report's result files together", 256 << 20}
)

// Kinds lists every kind, for the documentation test.
var Kinds = []Kind{RunnerConfig, History, Result, Index, Scaffold, Manifest, Fixture, Baseline, MergedReport, SuiteTotal, ResultsTotal}

// Deadline is how long one read may take. A regular file of the largest
// limit reads in well under a second; a file on a stalled network mount
// or a device that slipped past the checks must not hold a CI job until
// its own timeout.
const Deadline = 10 * time.Second

// MaxDirEntries bounds how many entries ReadDir returns from one
// directory a checkout supplies.
const MaxDirEntries = 10000
