package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// goRun is go test -json events for every generated test of idx: each
// passes but those in outcome, which say ("fail", "skip") and why.
func goRun(t *testing.T, tests []string, pkg string, outcome map[int][2]string) string {
	t.Helper()
	var events [][3]string
	for i, name := range tests {
		o, ok := outcome[i]
		if !ok {
			o = [2]string{"pass", ""}
		}
		events = append(events, [3]string{name, o[0], o[1]})
	}
	return goEvents(pkg, events...)
}

// bqgen baseline, on a generated Go target and go test -json results: a
// failing case is written to .bqgen/go.baseline and its test regenerated
// as a known failure; the next run keeps it while it is one, and removes
// its line once its test fails saying it now passes.
func TestBaselineRatchetsFromResults(t *testing.T) {
	t.Parallel()
	dir, idx := generatedIndex(t, "go", backend.IndexFileName)
	var names []string
	for _, e := range idx.Tests {
		names = append(names, e.Names[0].Name)
	}
	pkg, failing := idx.Tests[0].Names[0].Suite, idx.Tests[1].Case
	results := writeResults(t, "go.json", goRun(t, names, pkg, map[int][2]string{1: {"fail", "accepts() = true, want false\nmore"}}))
	code, stdout, stderr := run(t, "baseline", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results)
	if code != 0 || !strings.Contains(stdout, "1 known failure(s) (1 added, 0 removed)") || !strings.Contains(stdout, "added "+failing) {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	file := filepath.Join(dir, ".bqgen", "go.baseline")
	want := `"` + failing + `" ` + idx.ConformanceVersion + ` "accepts() = true, want false"` + "\n"
	if text := readFile(t, file); !strings.HasSuffix(text, want) || !strings.HasPrefix(text, "# bqgen baseline") {
		t.Errorf("%s:\n%s\nwant it to end with %s", file, text, want)
	}
	if tests := readFile(t, filepath.Join(dir, "conformance_cases_gen_test.go")); !strings.Contains(tests, `conformanceKnownFailure(t, "remove \"`+failing+`\" from .bqgen/go.baseline"`) {
		t.Errorf("the test of %s is not a known failure after bqgen baseline", failing)
	}
	if code, _, stderr := run(t, "check", "--lang", "go", "--out", dir, "--blocks", "cases"); code != 0 {
		t.Errorf("check after bqgen baseline: %d\n%s", code, stderr)
	}

	// Still failing: the known failure is kept, its line as it was.
	before := readFile(t, file)
	results = writeResults(t, "go.json", goRun(t, names, pkg, map[int][2]string{1: {"skip", "known failure: listed in .bqgen/go.baseline"}}))
	if code, stdout, _ := run(t, "baseline", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results); code != 0 || readFile(t, file) != before ||
		!strings.Contains(stdout, "(0 added, 0 removed)") {
		t.Errorf("a kept known failure changed the baseline: exit %d\n%s\n%s", code, stdout, readFile(t, file))
	}

	// Passing: its test fails ("now passes"); the line goes, and so does
	// the file, empty.
	results = writeResults(t, "go.json", goRun(t, names, pkg, map[int][2]string{1: {"fail", "now passes: remove it"}}))
	if code, stdout, _ := run(t, "baseline", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results); code != 0 || !strings.Contains(stdout, "removed "+failing) {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("an empty baseline stays: %v", err)
	}
	if tests := readFile(t, filepath.Join(dir, "conformance_cases_gen_test.go")); strings.Contains(tests, "conformanceKnownFailure(t,") {
		t.Error("a removed known failure is still one in the tests")
	}
}

// A run none of whose tests are the target's writes nothing: a baseline
// from no run would forget every known failure.
func TestBaselineRefusesResultsWithoutGeneratedTests(t *testing.T) {
	t.Parallel()
	dir, _ := generatedIndex(t, "go", backend.IndexFileName)
	results := writeResults(t, "own.json", goEvents("example.com/sdk", [3]string{"TestOwn", "fail", "x"}))
	code, _, stderr := run(t, "baseline", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results)
	if code != 1 || !strings.Contains(stderr, "none of its generated tests") {
		t.Errorf("exit %d, want 1 saying why:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, ".bqgen", "go.baseline")); !os.IsNotExist(err) {
		t.Errorf("a baseline was written: %v", err)
	}
	if code, _, stderr := run(t, "baseline", "--lang", "go", "--out", dir, "--blocks", "cases"); code != 2 || !strings.Contains(stderr, "no result files") {
		t.Errorf("no results: exit %d, want 2:\n%s", code, stderr)
	}
}

// A baseline arrives with the checkout: a line that does not parse stops
// generate and check, naming the file and the line; a case the target no
// longer has is a warning.
func TestGenerateReadsTheBaselineAsInput(t *testing.T) {
	t.Parallel()
	dir, idx := generatedIndex(t, "go", backend.IndexFileName)
	file := filepath.Join(dir, ".bqgen", "go.baseline")
	writeFileT(t, file, "# x\n\""+idx.Tests[0].Case+"\" 1.7.0 \"m\"\ncases/unquoted 1.7.0 \"m\"\n")
	for _, cmd := range []string{"generate", "check"} {
		code, _, stderr := run(t, cmd, "--lang", "go", "--out", dir, "--blocks", "cases")
		if code != 1 || !strings.Contains(stderr, filepath.Join(".bqgen", "go.baseline")+": line 3: the case id is not a quoted string") {
			t.Errorf("%s: exit %d\n%s", cmd, code, stderr)
		}
	}
	writeFileT(t, file, "\"cases/no-such-case\" 1.7.0 \"m\"\n")
	code, _, stderr := run(t, "generate", "--lang", "go", "--out", dir, "--blocks", "cases")
	if code != 0 || !strings.Contains(stderr, `line 1: case cases/no-such-case is not a case of the target's blocks; bqgen baseline drops it`) {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

func readFile(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeFileT(t *testing.T, file, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
