package gobackend_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// indexJSON is the part of the test index the run is checked against.
type indexJSON struct {
	Tests []struct {
		Case  string
		Names []backend.RunnerName
	}
}

// readIndex decodes the test index among files.
func readIndex(t *testing.T, files []backend.File) indexJSON {
	t.Helper()
	for _, f := range files {
		if path.Base(f.Path) == backend.IndexFileName {
			var idx indexJSON
			if err := json.Unmarshal(f.Content, &idx); err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			return idx
		}
	}
	t.Fatalf("no %s among the generated files", backend.IndexFileName)
	return indexJSON{}
}

// goTestResult is one test's outcome in go test -json output.
type goTestResult struct{ pkg, name string }

// readGoTestJSON returns the tests whose outcome (pass, fail, skip) the
// go test -json file reports, in order.
func readGoTestJSON(t *testing.T, file string) []goTestResult {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []goTestResult
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for line := 1; sc.Scan(); line++ {
		var e struct{ Action, Package, Test string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		if e.Test != "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip") {
			out = append(out, goTestResult{pkg: e.Package, name: e.Test})
		}
	}
	return out
}

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// adversarial suite, writing go test -json as verify does, and holds the
// test index to it (checkIndexOfRun). The canonical and upstream suites'
// indexes are held to TestProof's own runs against the oracle.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	s, _ := gobackend.AdversarialSuite(t)
	files := gobackend.Generate(t, s, backend.Options{Binding: backend.BindOracle})
	res := prepare(t, files).run(t, "")
	checkIndexOfRun(t, files, res.Files, res.Total())
}

// checkIndexOfRun holds the test index among files to a run's go test
// -json file: every test the file reports is a case's test in the index,
// once, or the top-level test that runs case subtests; every indexed name
// is reported; and there are as many indexed tests as the runner counted.
// The file's Package is the import path; the index's Suite is the package
// clause (index.go), the same for every test.
func checkIndexOfRun(t *testing.T, files []backend.File, results []string, total int) {
	t.Helper()
	if len(results) != 1 {
		t.Fatalf("the run wrote %d result files, want 1", len(results))
	}
	caseOf := map[string]string{}
	for _, e := range readIndex(t, files).Tests {
		for _, n := range e.Names {
			if n.Suite != "babelqueue_test" {
				t.Errorf("%s: suite %q, want the package clause babelqueue_test", e.Case, n.Suite)
			}
			caseOf[n.Name] = e.Case
		}
	}
	seen := map[string]int{}
	for _, r := range readGoTestJSON(t, results[0]) {
		if r.pkg != gobackend.VerifyPackage {
			t.Errorf("%s reported in package %q, want %q", r.name, r.pkg, gobackend.VerifyPackage)
		}
		seen[r.name]++
	}
	leaves := 0
	for name, n := range seen {
		_, indexed := caseOf[name]
		switch {
		case indexed && n == 1:
			leaves++
		case indexed:
			t.Errorf("%q (%s) is reported %d times", name, caseOf[name], n)
		case !runsIndexedSubtests(name, caseOf):
			t.Errorf("%q is reported, and the index has no case for it", name)
		}
	}
	for name, c := range caseOf {
		if seen[name] == 0 {
			t.Errorf("%s: the index names %q, which the run does not report", c, name)
		}
	}
	if leaves != len(caseOf) || leaves != total {
		t.Errorf("%d indexed tests reported, %d indexed, the runner counted %d", leaves, len(caseOf), total)
	}
}

// runsIndexedSubtests reports whether name is the top-level test that runs
// indexed subtests.
func runsIndexedSubtests(name string, caseOf map[string]string) bool {
	if strings.Contains(name, "/") {
		return false
	}
	for indexed := range caseOf {
		if strings.HasPrefix(indexed, name+"/") {
			return true
		}
	}
	return false
}
