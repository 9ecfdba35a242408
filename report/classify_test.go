package report

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/results"
)

// entry is an index entry of block "cases" reported as pkg/<runner>.
func entry(name, runner string, ex *Exemption) IndexEntry {
	return IndexEntry{Case: "cases/" + name, Block: "cases", Names: []backend.RunnerName{{Suite: "pkg", Name: runner}}, Exemption: ex}
}

func test(runner string, o results.Outcome, msg string) results.Test {
	return results.Test{Suite: "pkg", Name: runner, Outcome: o, Message: msg}
}

// Every way a generated test can end maps to its status, with the reason
// a reader needs; hostile case names are only keys here.
func TestClassify(t *testing.T) {
	fail := &Exemption{Action: "fail", Reason: "issue 7"}
	skip := &Exemption{Action: "skip", Reason: "no broker here"}
	for _, c := range []struct {
		name   string
		ex     *Exemption
		result *results.Test // nil: absent from the results
		want   Result
	}{
		{"pass", nil, &results.Test{Outcome: results.Pass}, Result{Status: Passed}},
		{"fail | `x`", nil, &results.Test{Outcome: results.Fail, Message: "want 1, got 2"}, Result{Status: Failed, Message: "want 1, got 2"}},
		{"known <script>", fail, &results.Test{Outcome: results.Pass}, Result{Status: KnownFailure, Reason: "issue 7"}},
		{"now passes\nline", fail, &results.Test{Outcome: results.Fail, Message: "now passes: remove the exemption"},
			Result{Status: Failed, Reason: "exempted as a known failure (issue 7), yet the test failed: if the SDK now passes the case, remove the exemption", Message: "now passes: remove the exemption"}},
		{"known as todo", fail, &results.Test{Outcome: results.Skip, Message: "known failure: issue 7"},
			Result{Status: KnownFailure, Reason: "issue 7", Message: "known failure: issue 7"}},
		{"exempt", skip, &results.Test{Outcome: results.Skip, Message: "exempt: no broker here"}, Result{Status: Exempted, Reason: "no broker here"}},
		{"py", nil, &results.Test{Outcome: results.Skip, Message: "not provided: no hook"}, Result{Status: NotProvided, Reason: "no hook"}},
		{"go", nil, &results.Test{Outcome: results.Skip, Message: "decode warnings: not provided: this core has no Envelope.Warnings"},
			Result{Status: NotProvided, Reason: "decode warnings: this core has no Envelope.Warnings"}},
		{"go prefixed", nil, &results.Test{Outcome: results.Skip, Message: "conformance_support_gen_test.go:80: decode: not provided: none"},
			Result{Status: NotProvided, Reason: "decode: none"}},
		{"php java", fail, &results.Test{Outcome: results.Skip, Message: "not provided by the subject: no settle API"}, Result{Status: NotProvided, Reason: "no settle API"}},
		{"node dotnet", nil, &results.Test{Outcome: results.Skip, Message: "settle is not provided: belongs to the sqs transport target"},
			Result{Status: NotProvided, Reason: "settle: belongs to the sqs transport target"}},
		{"other skip", nil, &results.Test{Outcome: results.Skip, Message: "needs docker; provided: later"}, Result{Status: Skipped, Reason: "needs docker; provided: later"}},
		{"absent", nil, nil, Result{Status: NotRun}},
	} {
		idx := Index{ConformanceVersion: "1.4.0", Lang: "go", Tests: []IndexEntry{entry(c.name, "T/"+c.name, c.ex)}}
		var run results.Run
		if c.result != nil {
			r := *c.result
			r.Suite, r.Name = "pkg", "T/"+c.name
			run.Tests = []results.Test{r}
		}
		r, err := Build(Input{Targets: []Target{{Repository: "repo", Name: "go core", Index: idx}}, Runs: []results.Run{run}})
		if err != nil {
			t.Fatalf("%q: %v", c.name, err)
		}
		if got := r.SDKs[0].Results["cases/"+c.name]; got != c.want {
			t.Errorf("%q: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// Two cases a runner would report alike are told apart by the names the
// index gives them; a case only another target generates is not generated
// here; a test in a generated suite the index lacks is unknown, and one
// outside it the SDK's own; the runner's counts are kept.
func TestBuildAcrossTargets(t *testing.T) {
	core := Index{File: "core/index", ConformanceVersion: "1.4.0", Lang: "node", Tests: []IndexEntry{
		entry("a b", "a_b", nil), entry("a_b", "a_b (2)", nil), entry("gone", "gone", nil)}, NotGenerated: []string{"asb/x"}}
	sqs := Index{File: "sqs/index", ConformanceVersion: "1.3.0", Lang: "node", Tests: []IndexEntry{
		{Case: "sqs/attribute_projection", Block: "sqs", Names: []backend.RunnerName{{Suite: "sqs", Name: "projection"}}}}}
	run := results.Run{File: "junit.xml", Declared: &results.Counts{Passed: 3, Failed: 1, Skipped: 1}, Tests: []results.Test{
		test("a_b", results.Pass, ""), test("a_b (2)", results.Fail, "boom"), test("stray", results.Skip, "?"),
		{Suite: "sqs", Name: "projection", Outcome: results.Pass}, {Suite: "sdk.own", Name: "x", Outcome: results.Pass}}}
	r, err := Build(Input{
		Targets: []Target{{Repository: "r", Name: "node core", Index: core}, {Repository: "r", Name: "node sqs", Index: sqs}},
		Runs:    []results.Run{run}, Order: []string{"sqs/attribute_projection", "cases/a_b"}, Descriptions: map[string]string{"cases/a_b": "d"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range r.Cases {
		ids = append(ids, c.ID)
	}
	if got := strings.Join(ids, ","); got != "sqs/attribute_projection,cases/a_b,asb/x,cases/a b,cases/gone" || r.Cases[1].Description != "d" || r.Cases[2].Block != "asb" {
		t.Errorf("cases %s, %+v: want suite order, then the rest sorted, with descriptions", got, r.Cases)
	}
	c, s := r.SDKs[0], r.SDKs[1]
	want := map[string]Status{"asb/x": NotGenerated, "cases/a b": Passed, "cases/a_b": Failed, "cases/gone": NotRun, "sqs/attribute_projection": NotGenerated}
	for id, st := range want {
		if c.Results[id].Status != st {
			t.Errorf("core %s: %s, want %s", id, c.Results[id].Status, st)
		}
	}
	if s.Results["cases/a b"].Status != NotGenerated || s.Results["sqs/attribute_projection"].Status != Passed {
		t.Errorf("sqs: %+v", s.Results)
	}
	if len(c.Unknown) != 1 || c.Unknown[0].Name != "stray" || c.Others != 1 || s.Others != 0 {
		t.Errorf("unknown %+v, others %d/%d: want the stray test unknown and the SDK's own counted once", c.Unknown, c.Others, s.Others)
	}
	if c.Runner != (results.Counts{Passed: 1, Failed: 1, Skipped: 1}) || s.Runner != (results.Counts{Passed: 1}) {
		t.Errorf("runner counts %+v, %+v", c.Runner, s.Runner)
	}
	if r.Newest != "1.4.0" || r.Older(s) != "generated from suite 1.3.0; newest 1.4.0" || r.Older(c) != "" {
		t.Errorf("newest %s, older %q / %q", r.Newest, r.Older(s), r.Older(c))
	}
	if s.Results["asb/x"].Status != NotGenerated {
		t.Errorf("sqs asb/x: %+v", s.Results["asb/x"])
	}
	if p, n := c.Score(); p != 1 || n != 3 {
		t.Errorf("score %d/%d, want 1/3", p, n)
	}
}

// Numbers must equal the runner's: a file whose tests disagree with its
// own summary is an error naming it; two targets claiming one name too.
func TestBuildRefuses(t *testing.T) {
	idx := Index{File: "a/index", ConformanceVersion: "1", Tests: []IndexEntry{entry("x", "x", nil)}}
	run := results.Run{File: "TEST-x.xml", Declared: &results.Counts{Passed: 2}, Tests: []results.Test{test("x", results.Pass, "")}}
	_, err := Build(Input{Targets: []Target{{Index: idx}}, Runs: []results.Run{run}})
	if err == nil || !strings.Contains(err.Error(), "TEST-x.xml: the runner's summary says 2 passed, 0 failed, 0 skipped, but the file lists 1 passed") {
		t.Errorf("declared mismatch: %v", err)
	}
	other := idx
	other.File = "b/index"
	_, err = Build(Input{Targets: []Target{{Index: idx}, {Index: other}}})
	if err == nil || !strings.Contains(err.Error(), "a/index and b/index both name the test") {
		t.Errorf("shared name: %v", err)
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"1.10.0", "1.9.0", 1}, {"1.4", "1.4.0", 0}, {"1.3.0", "1.4.0", -1}, {"2.0.0-rc", "2.0.0-rc", 0}} {
		if got := compareVersions(c.a, c.b); got != c.want {
			t.Errorf("%s vs %s: %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// In a suite of subtests (a Go package, which the SDK's own tests share),
// the parent test is no case, a subtest of a generated parent the index
// lacks is unknown, and the package's other tests are the SDK's own.
func TestBuildSubtestSuites(t *testing.T) {
	idx := Index{ConformanceVersion: "1", Tests: []IndexEntry{entry("a", "TestX/a", nil), entry("b", "TestY", nil)}}
	run := results.Run{Tests: []results.Test{test("TestX", results.Fail, ""), test("TestX/a", results.Pass, ""), test("TestX/new", results.Fail, ""),
		test("TestY", results.Pass, ""), test("TestOwn", results.Pass, ""), test("TestOwn/sub", results.Pass, "")}}
	r, err := Build(Input{Targets: []Target{{Index: idx}}, Runs: []results.Run{run}})
	if err != nil {
		t.Fatal(err)
	}
	s := r.SDKs[0]
	if len(s.Unknown) != 1 || s.Unknown[0].Name != "TestX/new" || s.Others != 2 || s.Runner != (results.Counts{Passed: 2, Failed: 1}) {
		t.Errorf("unknown %+v, others %d, runner %+v", s.Unknown, s.Others, s.Runner)
	}
	if s.Results["cases/a"].Status != Passed || s.Results["cases/b"].Status != Passed {
		t.Errorf("%+v", s.Results)
	}
}
