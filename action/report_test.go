package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

const goCoreConfig = "version: 1\ntargets:\n  - lang: go\n    out: .\n    blocks: [cases, idempotency]\n"

// The action's steps, run for real as a runner runs them, on the stand-in
// babelqueue-go: check passes on the generated checkout; report over go
// test -json writes the Markdown to the job summary, the HTML, and the
// totals as outputs, equal to the runner's own; a result file holding none
// of the generated tests fails the step, saying why in the summary too.
func TestActionReportsOnAStandIn(t *testing.T) {
	tier.Toolchain(t, "go, on the stand-in's tests")
	c := goStandin(t, "", goCoreConfig)
	r := bqgenRelease(t)
	r.env = append(r.env, c.env...)
	if res := r.runAction(t, map[string]string{"version": testVersion, "command": "check"}, c.dir); res.err != nil {
		t.Fatalf("check: %v\n%s", res.err, res.log)
	}
	results := filepath.Join(c.dir, "results")
	if err := os.MkdirAll(results, 0o755); err != nil {
		t.Fatal(err)
	}
	goTest := exec.Command("go", "test", "-json", "-count=1", "./...")
	goTest.Dir, goTest.Env = c.dir, append(os.Environ(), c.env...)
	events, err := goTest.Output()
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, events)
	}
	if err := os.WriteFile(filepath.Join(results, "go-test.json"), events, 0o644); err != nil {
		t.Fatal(err)
	}
	res := r.runAction(t, map[string]string{"version": testVersion, "command": "report", "results-dir": "results", "title": "babelqueue-go & co"}, c.dir)
	if res.err != nil {
		t.Fatalf("report: %v\n%s", res.err, res.log)
	}
	own := goRunnerTotals(t, events)
	got := outputCounts(t, res.outputs)
	if own.pass == 0 || got.pass != own.pass || got.fail != own.fail || got.ran() != own.ran() || res.outputs["not-run"] != "0" || res.outputs["unknown"] != "0" {
		t.Errorf("outputs %v; go test: %+v", res.outputs, own)
	}
	t.Logf("report outputs %v; go test's own: %+v", res.outputs, own)
	summary, _ := os.ReadFile(r.summary)
	if !strings.Contains(string(summary), "# Conformance report") || !strings.Contains(string(summary), "**"+strconv.Itoa(own.pass)+"/") {
		t.Errorf("job summary:\n%s", summary)
	}
	if html, err := os.ReadFile(res.outputs["html"]); err != nil || !strings.Contains(string(html), "<title>babelqueue-go &amp; co</title>") {
		t.Errorf("html output %q: %v", res.outputs["html"], err)
	}

	// A result file without a generated test: the gate fails the step.
	if err := os.WriteFile(filepath.Join(results, "go-test.json"), []byte(`{"Action":"pass","Package":"example.com/other","Test":"TestOwn"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(r.summary, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	res = r.runAction(t, map[string]string{"version": testVersion, "command": "report", "results-dir": "results"}, c.dir)
	summary, _ = os.ReadFile(r.summary)
	if res.err == nil || !strings.Contains(string(summary), "## The gate failed") || !strings.Contains(string(summary), "hold none of its") {
		t.Errorf("a result file without generated tests: %v\nsummary:\n%s\nlog:\n%s", res.err, summary, res.log)
	}
}

// The check step annotates what it finds and writes it to the job summary;
// a report step with no results directory (the test step failed before
// writing one) says so instead of the file system's error.
func TestActionCheckAnnotatesAndSummarises(t *testing.T) {
	tier.Toolchain(t, "go, on the stand-in's tests")
	c := goStandin(t, "", goCoreConfig)
	r := bqgenRelease(t)
	r.env = append(r.env, c.env...)
	if res := r.runAction(t, map[string]string{"version": testVersion, "command": "check"}, c.dir); res.err != nil {
		t.Fatalf("check: %v\n%s", res.err, res.log)
	}
	if summary, _ := os.ReadFile(r.summary); !strings.Contains(string(summary), "## bqgen check passed") {
		t.Errorf("an up-to-date check's job summary:\n%s", summary)
	}
	generated, err := filepath.Glob(filepath.Join(c.dir, "conformance_cases_gen_test.go"))
	if err != nil || len(generated) != 1 {
		t.Fatalf("the generated cases file: %v %v", generated, err)
	}
	edited, _ := os.ReadFile(generated[0])
	if err := os.WriteFile(generated[0], append(edited, "// an edit\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	res := r.runAction(t, map[string]string{"version": testVersion, "command": "check"}, c.dir)
	summary, _ := os.ReadFile(r.summary)
	if res.err == nil || !strings.Contains(res.log, "::error file=conformance_cases_gen_test.go") ||
		!strings.Contains(string(summary), "## bqgen check failed") || !strings.Contains(string(summary), "conformance\\_cases\\_gen\\_test.go") {
		t.Errorf("an edited checkout: %v\nsummary:\n%s\nlog:\n%s", res.err, summary, res.log)
	}
	res = r.runAction(t, map[string]string{"version": testVersion, "command": "report", "results-dir": "results"}, c.dir)
	if res.err == nil || !strings.Contains(res.log, "no test results were written") || strings.Contains(res.log, "lstat") {
		t.Errorf("no results directory: %v\n%s", res.err, res.log)
	}
}
