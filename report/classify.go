package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/results"
)

// Target is one SDK target to report on: its name in the report and the
// test index its generated tests came with.
type Target struct {
	Repository string
	Name       string // e.g. "go core", "node sqs"
	Index      Index
}

// Input is what one repository's report is built from.
type Input struct {
	Targets []Target
	Runs    []results.Run
	// Order lists case ids in suite order; cases it lacks (another suite
	// revision's) follow, sorted.
	Order        []string
	Descriptions map[string]string // by case id
	// Facts are what the suite says of each case (its description,
	// expectation, fixture, manifest place), by case id: ID and Block are
	// ignored; a description here wins over Descriptions.
	Facts map[string]Case
}

// claim is the generated test a runner name belongs to.
type claim struct {
	target int
	entry  *IndexEntry
}

// Build classifies every generated test of every target from the runs'
// results. Each result belongs to the target whose index names it; a result
// in a suite some index generated, under a name no index has, is Unknown;
// any other result is the SDK's own (Others). A run whose tests disagree
// with the totals its runner declared is an error naming its file.
func Build(in Input) (Report, error) {
	claims, suites, err := claimsOf(in.Targets)
	if err != nil {
		return Report{}, err
	}
	a := &attribution{claims: claims, suites: suites, got: make([]map[string][]results.Test, len(in.Targets)), sdks: make([]SDK, len(in.Targets))}
	for i, t := range in.Targets {
		a.got[i] = map[string][]results.Test{}
		a.sdks[i] = SDK{Repository: t.Repository, Target: t.Name, Lang: t.Index.Lang, ConformanceVersion: t.Index.ConformanceVersion}
	}
	for _, run := range in.Runs {
		if err := checkDeclared(run); err != nil {
			return Report{}, err
		}
		owner := fileOwner(run, claims)
		for _, test := range run.Tests {
			a.add(test, owner)
			// A target ran on the earliest day of the files its tests are in.
			if c, ok := claims[backend.RunnerName{Suite: test.Suite, Name: test.Name}]; ok && run.Day != "" &&
				(a.sdks[c.target].Date == "" || run.Day < a.sdks[c.target].Date) {
				a.sdks[c.target].Date = run.Day
			}
		}
	}
	r := Report{Cases: casesOf(in), SDKs: a.sdks}
	if err := checkCells("the targets' indexes", len(r.Cases), len(in.Targets)); err != nil {
		return Report{}, err
	}
	for i, t := range in.Targets {
		r.SDKs[i].Results = classifyTarget(t.Index, a.got[i], r.Cases)
		r.SDKs[i].Expectations = expectationsOf(t.Index)
	}
	r.Newest = newest(r.SDKs)
	return r, nil
}

// attribution files each result under the target it belongs to.
type attribution struct {
	claims map[backend.RunnerName]claim
	suites map[string]*generatedSuite
	got    []map[string][]results.Test // per target, by case id
	sdks   []SDK
}

// add files one result: a generated test's under its case; an unknown one
// in a generated suite under its target; the SDK's own with the target
// owner (that of its file) as a number.
func (a *attribution) add(test results.Test, owner int) {
	if c, ok := a.claims[backend.RunnerName{Suite: test.Suite, Name: test.Name}]; ok {
		a.got[c.target][c.entry.Case] = append(a.got[c.target][c.entry.Case], test)
		count(&a.sdks[c.target].Runner, test.Outcome)
		return
	}
	g, generated := a.suites[test.Suite]
	switch {
	case generated && g.parents[test.Name]:
		// The test enclosing generated subtests: not a case of its own.
	case generated && g.generates(test.Name):
		a.sdks[g.target].Unknown = append(a.sdks[g.target].Unknown, test)
		count(&a.sdks[g.target].Runner, test.Outcome)
	case owner >= 0:
		a.sdks[owner].Others++
	}
}

// generatedSuite is a suite (a Go package, a class, a describe path) an
// index generated tests into.
type generatedSuite struct {
	target int // the first target that did
	// parents are the tests enclosing generated subtests ("TestX" of
	// "TestX/case"). A runner that reports subtests (go test) reports
	// them as tests too, in a suite (the package) the SDK's own tests share.
	parents map[string]bool
}

// generates says whether a test of the suite that no index names is one
// bqgen generated (an unknown test) rather than the SDK's own: in a suite of
// subtests, a subtest of a generated parent; elsewhere, any test.
func (g *generatedSuite) generates(name string) bool {
	if len(g.parents) == 0 {
		return true
	}
	parent, _, sub := strings.Cut(name, "/")
	return sub && g.parents[parent]
}

// claimsOf maps every runner name of every index to its test, and every
// suite an index generated into to what it holds. Two targets claiming one
// runner name cannot be told apart: an error.
func claimsOf(targets []Target) (map[backend.RunnerName]claim, map[string]*generatedSuite, error) {
	claims := map[backend.RunnerName]claim{}
	suites := map[string]*generatedSuite{}
	for i := range targets {
		idx := &targets[i].Index
		for j := range idx.Tests {
			e := &idx.Tests[j]
			for _, n := range e.Names {
				if c, ok := claims[n]; ok {
					return nil, nil, fmt.Errorf("%s and %s both name the test %q in %q (cases %s and %s): the results cannot be told apart",
						targets[c.target].Index.File, idx.File, n.Name, n.Suite, c.entry.Case, e.Case)
				}
				claims[n] = claim{target: i, entry: e}
				g, ok := suites[n.Suite]
				if !ok {
					g = &generatedSuite{target: i, parents: map[string]bool{}}
					suites[n.Suite] = g
				}
				if parent, _, sub := strings.Cut(n.Name, "/"); sub {
					g.parents[parent] = true
				}
			}
		}
	}
	return claims, suites, nil
}

// fileOwner is the target a run's other tests are counted with: the one
// claiming its first generated test, else the first target (-1: none).
func fileOwner(run results.Run, claims map[backend.RunnerName]claim) int {
	for _, t := range run.Tests {
		if c, ok := claims[backend.RunnerName{Suite: t.Suite, Name: t.Name}]; ok {
			return c.target
		}
	}
	if len(claims) == 0 {
		return -1
	}
	return 0
}

// checkDeclared compares a run's tests with the totals its runner stated:
// a report whose numbers differ from the runner's summary is wrong.
func checkDeclared(run results.Run) error {
	if run.Declared == nil {
		return nil
	}
	var listed results.Counts
	for _, t := range run.Tests {
		count(&listed, t.Outcome)
	}
	if listed != *run.Declared {
		return fmt.Errorf("%s: the runner's summary says %s, but the file lists %s", run.File, countsText(*run.Declared), countsText(listed))
	}
	return nil
}

func countsText(c results.Counts) string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", c.Passed, c.Failed, c.Skipped)
}

func count(c *results.Counts, o results.Outcome) {
	switch o {
	case results.Pass:
		c.Passed++
	case results.Fail:
		c.Failed++
	default:
		c.Skipped++
	}
}

// casesOf is every case of the targets' indexes, in suite order, then the
// cases the suite lacks, sorted.
func casesOf(in Input) []Case {
	blocks := map[string]string{}
	for _, t := range in.Targets {
		for _, e := range t.Index.Tests {
			blocks[e.Case] = e.Block
		}
		for _, id := range t.Index.NotGenerated {
			block, _, _ := strings.Cut(id, "/")
			blocks[id] = block
		}
	}
	var out []Case
	for _, id := range in.Order {
		if b, ok := blocks[id]; ok {
			out = append(out, in.caseOf(id, b))
			delete(blocks, id)
		}
	}
	var rest []string
	for id := range blocks {
		rest = append(rest, id)
	}
	sort.Strings(rest)
	for _, id := range rest {
		out = append(out, in.caseOf(id, blocks[id]))
	}
	return out
}

// caseOf is the case id of block with what the input says of it.
func (in Input) caseOf(id, block string) Case {
	c := in.Facts[id]
	c.ID, c.Block = id, block
	if c.Description == "" {
		c.Description = in.Descriptions[id]
	}
	return c
}

// classifyTarget is the status of every case of the report for one target.
func classifyTarget(idx Index, got map[string][]results.Test, cases []Case) map[string]Result {
	entries := map[string]*IndexEntry{}
	for i := range idx.Tests {
		entries[idx.Tests[i].Case] = &idx.Tests[i]
	}
	out := map[string]Result{}
	for _, c := range cases {
		e, ok := entries[c.ID]
		switch {
		case !ok:
			out[c.ID] = Result{Status: NotGenerated}
		case len(got[c.ID]) == 0:
			out[c.ID] = Result{Status: NotRun}
		default:
			out[c.ID] = classify(e.Exemption, withSkipReason(e, combine(got[c.ID])))
		}
		if ok {
			res := out[c.ID]
			res.TestFile, res.TestLine = e.File, e.Line
			out[c.ID] = res
		}
	}
	return out
}

// combine is one outcome for a test reported more than once (under two of
// its names, or by two files): a failure anywhere is the outcome, then a pass.
func combine(tests []results.Test) results.Test {
	best := tests[0]
	rank := map[results.Outcome]int{results.Fail: 2, results.Pass: 1}
	for _, t := range tests[1:] {
		if rank[t.Outcome] > rank[best.Outcome] {
			best = t
		}
	}
	return best
}

// classify is the status of one generated test from its runner outcome and
// the exemption it was generated with.
func classify(ex *Exemption, t results.Test) Result {
	failExempt := ex != nil && ex.Action == "fail"
	switch t.Outcome {
	case results.Pass:
		if failExempt {
			// The generated test passes by confirming the SDK still fails.
			return Result{Status: KnownFailure, Reason: ex.Reason}
		}
		return Result{Status: Passed}
	case results.Fail:
		if failExempt {
			return Result{Status: Failed, Reason: knownFailureFailed(ex, t.Message), Message: t.Message}
		}
		return Result{Status: Failed, Message: t.Message}
	}
	if ex != nil && ex.Action == "skip" {
		return Result{Status: Exempted, Reason: ex.Reason}
	}
	if reason, ok := notProvidedReason(t.Message); ok {
		return Result{Status: NotProvided, Reason: reason}
	}
	if failExempt {
		// Runners without an expected-failure outcome report a known
		// failure as a skip (node:test's todo, PHPUnit's incomplete):
		// "known failure: <reason>".
		return Result{Status: KnownFailure, Reason: ex.Reason, Message: t.Message}
	}
	return Result{Status: Skipped, Reason: t.Message}
}

// knownFailureFailed says why a known failure's test failed: the SDK now
// passes the case (the test fails only then), so the exemption goes; the
// remedy once, where the test's message does not already say it.
func knownFailureFailed(ex *Exemption, message string) string {
	switch {
	case ex.Remedy != "" && strings.Contains(message, ex.Remedy):
		return "known failure (" + ex.Reason + ") now passes" // the message says what to remove
	case ex.Remedy != "":
		return "known failure (" + ex.Reason + ") now passes: " + ex.Remedy
	}
	return "exempted as a known failure (" + ex.Reason + "), yet the test failed: if the SDK now passes the case, remove the exemption"
}

// expectationsOf are the expectation digests an index records, by case id;
// nil for an index from a bqgen that recorded none.
func expectationsOf(idx Index) map[string]string {
	var out map[string]string
	for _, t := range idx.Tests {
		if t.Expect == "" {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[t.Case] = t.Expect
	}
	return out
}
