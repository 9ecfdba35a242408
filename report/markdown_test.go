package report

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// mdHostileReport has a case name and an SDK name built to break a table, a
// code span or the page, and a failure message of several lines (shown
// on one).
func mdHostileReport() Report {
	id := "cases/a|b `c` <script>alert(1)</script>\nnext & [link](x) *em* _u_"
	return Report{Newest: "1.4.0", Cases: []Case{{ID: id, Block: "cases"}, {ID: "cases/ok", Block: "cases"}},
		SDKs: []SDK{{Repository: "repo|x", Target: "go core", Lang: "go", ConformanceVersion: "1.3.0",
			Results: map[string]Result{id: {Status: Failed, Message: "line one | <b>\nline two"}, "cases/ok": {Status: Passed}},
			Unknown: []results.Test{{Suite: "pkg", Name: "Test|X", Outcome: results.Fail}}, Others: 2,
			Runner: results.Counts{Passed: 1, Failed: 2}}}}
}

// Untrusted names cannot add a cell, end a row, open a tag or a code span.
func TestMarkdownEscapesHostileNames(t *testing.T) {
	out := string(Markdown(mdHostileReport(), nil))
	for _, bad := range []string{"<script>", "<b>", "`c`", "[link](x)", " *em*", "\nline two"} {
		if strings.Contains(out, bad) {
			t.Errorf("the report holds %q unescaped:\n%s", bad, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		// Rows of one table have one number of unescaped pipes.
		cells := len(strings.Split(strings.ReplaceAll(line, `\|`, ""), "|"))
		if strings.Contains(line, "cases/a") && cells != 4 {
			t.Errorf("matrix row has %d parts, want 4: %s", cells, line)
		}
	}
	for _, want := range []string{
		"### repo\\|x · go core",
		"go, suite 1.3.0: **1/2** pass · runner: 1 passed, 2 failed, 0 skipped · 1 unknown test(s) · 2 test(s) not bqgen's",
		"> ⚠ generated from suite 1.3.0; newest 1.4.0",
		"| block | pass | fail | known failure | not provided | exempted | skipped | not run | not generated |",
		"| cases | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |",
		"| cases/a\\|b \\`c\\` &lt;script&gt;alert(1)&lt;/script&gt; next &amp; \\[link\\](x) \\*em\\* \\_u\\_ | ✗ fail |",
		"| cases/ok | ✓ pass |",
		"✗ fail — line one \\| &lt;b&gt; · line two\n",
		"- pkg › Test\\|X: fail",
		"| cases | 0/1 | 0% |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if again := string(Markdown(mdHostileReport(), nil)); again != out {
		t.Error("two renderings of one report differ")
	}
}

// The changes come first, newly passing and newly failing before the rest.
func TestMarkdownChanges(t *testing.T) {
	ch := &Changes{NewlyPassing: []Change{{Repository: "r", Target: "go core", Case: "cases/a", From: Failed, To: Passed}},
		NewlyFailing: []Change{{Repository: "r", Target: "go core", Case: "cases/b", From: Passed, To: Failed}},
		Other:        []Change{{Repository: "r", Target: "go core", Case: "cases/c", To: NotRun}}, AddedSDKs: []string{"r · node core"}}
	out := string(Markdown(Report{}, ch))
	want := "## Changed since the previous report\n\n### Newly passing\n\n- cases/a (r · go core): ✗ fail → ✓ pass\n\n" +
		"### Newly failing\n\n- cases/b (r · go core): ✓ pass → ✗ fail\n\n### Other changes\n\n- cases/c (r · go core): new case → ? not run\n\n" +
		"### New SDK targets\n\n- r · node core\n\n"
	if !strings.Contains(out, want) {
		t.Errorf("%s\nwant it to contain\n%s", out, want)
	}
	if out := string(Markdown(Report{}, &Changes{})); !strings.Contains(out, "Nothing changed.") {
		t.Errorf("no changes: %s", out)
	}
}

// A known failure's line gives its reason once, in Markdown and HTML: the
// runner's message that quotes it is not repeated; an xUnit message keeps
// expected and actual.
func TestMarkdownKnownFailureAndMultilineMessages(t *testing.T) {
	reason := `listed in .bqgen/dotnet.baseline: "Assert.Equal() Failure"`
	r := Report{Newest: "1.7.0", Cases: []Case{{ID: "cases/a", Block: "cases"}, {ID: "cases/b", Block: "cases"}},
		SDKs: []SDK{{Repository: "sdk", Target: "dotnet core", Lang: "dotnet", ConformanceVersion: "1.7.0",
			Results: map[string]Result{
				"cases/a": {Status: KnownFailure, Reason: reason, Message: "known failure: " + reason},
				"cases/b": {Status: Failed, Message: "Assert.Equal() Failure: Values differ\nExpected: 1\nActual:   2"},
			}}}}
	out := string(Markdown(r, nil))
	if n := strings.Count(out, "listed in .bqgen/dotnet.baseline"); n != 1 {
		t.Errorf("the known failure's reason is given %d times:\n%s", n, out)
	}
	if want := "✗ fail — Assert.Equal() Failure: Values differ · Expected: 1 · Actual:   2\n"; !strings.Contains(out, want) {
		t.Errorf("missing %q in:\n%s", want, out)
	}
	page, err := HTML(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "listed in .bqgen/dotnet.baseline"); n != 1 {
		t.Errorf("the HTML gives the known failure's reason %d times, want once", n)
	}
}
