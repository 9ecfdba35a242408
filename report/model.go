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
	Cases  []Case `json:"cases"` // every case any target's index has, in suite order
	SDKs   []SDK  `json:"sdks"`
}

// Case is one case of the suite.
type Case struct {
	ID          string `json:"id"` // <block>/<name>, as `bqgen cases` prints it
	Block       string `json:"block"`
	Description string `json:"description,omitempty"`
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
}

// Result is one SDK target's status on one case.
type Result struct {
	Status Status `json:"status"`
	// Reason is why it is skipped or a known failure; Message the runner's
	// failure message.
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
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
