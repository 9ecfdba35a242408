// Package verify proves generated tests right: it runs them with a language's
// own test runner against the oracle, which they must pass, and against each
// mutant of the oracle, each of which at least one of them must fail.
package verify

import (
	"context"
	"io"

	"github.com/babelqueue/bqgen/backend"
)

// The variables an oracle-bound subject reads, in every language.
const (
	EnvOracleBin   = backend.EnvOracleBin
	EnvOracleFault = backend.EnvOracleFault
	EnvOracleAddr  = backend.EnvOracleAddr
	EnvOracleToken = backend.EnvOracleToken
)

// Result is what one run of a test runner reported.
type Result struct {
	Passed, Failed, Skipped int
	// Summary is the runner's own closing summary line, quoted in reports.
	Summary string
	// Output is everything the runner printed, for failure reports.
	Output string
	// Files are the machine-readable result files the run wrote into the
	// run's directory, in the runner's own format (go test -json, JUnit
	// XML): what an SDK's CI hands `bqgen report`. Each run writes files
	// of its own, so concurrent runs in one directory never share one. None
	// where the runner has no standard format (unittest).
	Files []string
}

// Total is the number of tests the runner ran.
func (r Result) Total() int { return r.Passed + r.Failed + r.Skipped }

// Toolchain runs one language's generated tests. Prepare runs once per
// verification (install dependencies, compile); Run runs once per oracle.
type Toolchain interface {
	// Lang is the backend language this toolchain runs.
	Lang() string
	// Available returns an error saying what is missing when the language's
	// tools are not on this machine.
	Available() error
	// Prepare builds the generated project in dir.
	Prepare(ctx context.Context, dir string, log io.Writer) error
	// Run runs the tests in dir with env added to the environment. A failing
	// test is not an error; a runner that could not run at all is.
	Run(ctx context.Context, dir string, env []string) (Result, error)
}
