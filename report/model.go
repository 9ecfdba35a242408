// Package report says where every SDK stands on the conformance suite, from
// its runners' own result files (package results) and the test index bqgen
// generated next to its tests (backend.IndexFileName): per SDK target,
// every case's status; across SDKs, the case × SDK matrix; since the last
// report, what changed. It renders Markdown, HTML, JSON and SVG badges and
// knows no language.
package report

import "github.com/babelqueue/bqgen/results"

// Status is where one SDK target stands on one case.
type Status string

// The statuses. Only Passed counts as passing; every skip says why.
const (
	Passed Status = "pass"
	Failed Status = "fail"
	// KnownFailure is a case a `fail` exemption of bqgen.yaml covers: the
	// SDK fails it, and its test passes by saying so (Reason: the
	// exemption's).
	KnownFailure Status = "known_failure"
	// NotProvided is a skip because the SDK has no API for the operation
	// (Reason: the scaffold's or the generated default's).
	NotProvided Status = "not_provided"
	// Exempted is a skip a `skip` exemption of bqgen.yaml asked for.
	Exempted Status = "exempted"
	// Skipped is any other skip (Reason: the runner's message).
	Skipped Status = "skipped"
	// NotRun is a generated test the result files do not mention.
	NotRun Status = "not_run"
	// NotGenerated is a case another SDK's index has and this target's
	// does not (a block it does not run, or an older suite).
	NotGenerated Status = "not_generated"
)

// Report is one report: every SDK target read or merged in.
type Report struct {
	// Newest is the newest CONFORMANCE_VERSION among the targets' indexes.
	Newest string `json:"newest_conformance_version"`
	// SuiteURL is the base URL of the suite's files at the revision the
	// report describes (docs/report.md, "Links"): a case's fixture is
	// SuiteURL + "/" + its path, its manifest entry SuiteURL +
	// "/manifest.json#L" + its line. "" for no links.
	SuiteURL string `json:"suite_url,omitempty"`
	Cases    []Case `json:"cases"` // every case any target's index has, in suite order
	SDKs     []SDK  `json:"sdks"`
}

// Case is one case of the suite.
type Case struct {
	ID          string `json:"id"` // <block>/<name>, as `bqgen cases` prints it
	Block       string `json:"block"`
	Description string `json:"description,omitempty"`
	// Expectation is the case's manifest entry as compact JSON (name and
	// description left out): what the suite expects, as it says it.
	Expectation string `json:"expectation,omitempty"`
	// Fixture is the suite file the case reads; ManifestPointer and
	// ManifestLine where manifest.json states the case.
	Fixture         string `json:"fixture,omitempty"`
	ManifestPointer string `json:"manifest_pointer,omitempty"`
	ManifestLine    int    `json:"manifest_line,omitempty"`
}

// SDK is one SDK target: a repository and one target of its bqgen.yaml.
type SDK struct {
	Repository string `json:"repository"`
	Target     string `json:"target"` // e.g. "go core", "node sqs"
	Lang       string `json:"lang"`
	// ConformanceVersion is the suite revision its tests were generated
	// from (its index's).
	ConformanceVersion string            `json:"conformance_version"`
	Results            map[string]Result `json:"results"` // by case id; every case of Report.Cases
	// Expectations are the digests of the generated cases' expectations,
	// by case id (from the index; absent in an older bqgen's), so a history
	// tells a changed expectation from a kept one.
	Expectations map[string]string `json:"expectations,omitempty"`
	// Unknown are tests of a generated suite (class, package) that the
	// index does not list: reported, never dropped.
	Unknown []results.Test `json:"unknown,omitempty"`
	// Others counts the result files' tests that are not bqgen's (the SDK's
	// own tests).
	Others int `json:"others"`
	// Runner is what the runners' own summaries said of bqgen's tests.
	Runner results.Counts `json:"runner"`

	// Provenance, each optional (docs/report.md, "Links and provenance").
	// RepositoryURL is the SDK repository's web address (bqgen.yaml's
	// repository:, or --repository), Commit the revision the results are
	// of, TestDir the directory of its test index relative to the
	// repository root (slash path): a generated test's line is at
	// RepositoryURL/blob/Commit/TestDir/<file>#L<line>.
	RepositoryURL string `json:"repository_url,omitempty"`
	Commit        string `json:"commit,omitempty"`
	TestDir       string `json:"test_dir,omitempty"`
	// Date is the day of the run (YYYY-MM-DD), Bqgen the version of the
	// bqgen that made the report.
	Date  string `json:"date,omitempty"`
	Bqgen string `json:"bqgen_version,omitempty"`

	// Trend is the target's passing cases in each run its history recorded
	// (the newest TrendRuns), then in this report, oldest first; absent
	// without a history (WithTrends). It travels in the JSON report, so a
	// page rendered from it (--merge) draws the trend its history gave.
	Trend []int `json:"trend,omitempty"`
}

// Result is one SDK target's status on one case.
type Result struct {
	Status Status `json:"status"`
	// Reason is why it is skipped or a known failure; Message the runner's
	// failure message.
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	// TestFile and TestLine are where the generated test is, relative to
	// the test index's directory, when the index says.
	TestFile string `json:"test_file,omitempty"`
	TestLine int    `json:"test_line,omitempty"`
}

// Changes is what changed since the previous report of a history file.
type Changes struct {
	// Previous labels the entry compared with (its newest suite and the
	// targets it held).
	Previous string `json:"previous"`
	// NewlyPassing and NewlyFailing come first in every rendering; Other
	// holds every other status change.
	NewlyPassing []Change `json:"newly_passing"`
	NewlyFailing []Change `json:"newly_failing"`
	Other        []Change `json:"other"`
	// AddedSDKs and RemovedSDKs are the targets ("repository · target")
	// that appeared since the previous entry, and those that went.
	AddedSDKs   []string `json:"added_sdks"`
	RemovedSDKs []string `json:"removed_sdks"`
	// RemovedCases are the cases a target had tests for in the previous
	// entry and has none for now (the suite, or the target's blocks,
	// dropped them); ChangedExpectations the cases whose expectation
	// changed. Each names the suite versions on both sides.
	RemovedCases        []CaseChange `json:"removed_cases"`
	ChangedExpectations []CaseChange `json:"changed_expectations"`
	// FromSuite and ToSuite are the newest suite of the previous entry and
	// of this report.
	FromSuite string `json:"from_suite"`
	ToSuite   string `json:"to_suite"`
	// Earlier are the suite and target changes the history's entries
	// recorded before this report, newest first, the last earlierKept.
	Earlier []Recorded `json:"earlier,omitempty"`
	// HistoryPruned is how many of the history's oldest entries were
	// dropped from the history written with this report, to keep it
	// within what its reader takes (History.Prune).
	HistoryPruned int `json:"history_pruned,omitempty"`
}

// CaseChange is a change of one target's case that is not a change of
// status: the case left, or what it expects changed.
type CaseChange struct {
	Repository string `json:"repository"`
	Target     string `json:"target"`
	Case       string `json:"case"`
	FromSuite  string `json:"from_suite"`
	ToSuite    string `json:"to_suite"`
}

// Change is one SDK target's status on one case, before and now.
type Change struct {
	Repository string `json:"repository"`
	Target     string `json:"target"`
	Case       string `json:"case"`
	From       Status `json:"from"`
	To         Status `json:"to"`
}
