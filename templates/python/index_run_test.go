package python_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
	"github.com/babelqueue/bqgen/writer"
)

// junitCase is one <testcase> of a JUnit XML file, wherever it is nested.
type junitCase struct{ Suite, Name string }

// readJUnit returns every testcase of a JUnit XML file, by classname and
// name as an XML decoder reads them.
func readJUnit(t *testing.T, file string) []junitCase {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Class string `xml:"classname,attr"`
			Name  string `xml:"name,attr"`
		} `xml:"testsuite>testcase"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	out := make([]junitCase, len(doc.Cases))
	for i, c := range doc.Cases {
		out[i] = junitCase{Suite: c.Class, Name: c.Name}
	}
	return out
}

// pytestToolchain is the Python toolchain running pytest, with an
// interpreter that has it: Debian's python3-pytest installs it for the
// system python3, which a pyenv python3 first on PATH may hide.
func pytestToolchain(t *testing.T) verify.PythonToolchain {
	t.Helper()
	for _, interpreter := range []string{"python3", "/usr/bin/python3"} {
		tc := verify.PythonToolchain{Python: interpreter, Runner: verify.PythonPytest}
		prooftest.RequireToolchain(t, tc)
		if tc.HasPytest(context.Background()) {
			return tc
		}
	}
	t.Skip("pytest is not installed")
	return verify.PythonToolchain{}
}

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// canonical suite and of hostile suites with pytest writing --junitxml, as
// verify does (from the output's root, so classnames start with "tests."),
// and holds the test index to it: every reported test is one indexed test,
// every indexed test is reported once under one of its names, and there are
// as many as pytest counted.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := pytestToolchain(t)
	bin := prooftest.OracleBin(t)
	suites := map[string]func(*testing.T) *model.Suite{
		"canonical":         func(t *testing.T) *model.Suite { return suitetest.Canonical(t) },
		"hostile payload":   python.AdversarialSuite,
		"hostile gate":      python.HostileGateSuite,
		"hostile messaging": python.HostileMessagingSuite,
	}
	for name, suite := range suites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files, err := python.New().Generate(suite(t), backend.Options{Binding: backend.BindOracle})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if _, err := writer.Write(context.Background(), dir, "python", files, false); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if err := tc.Prepare(ctx, dir, nil); err != nil {
				t.Fatal(err)
			}
			res, err := tc.Run(ctx, dir, []string{backend.EnvOracleBin + "=" + bin})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Files) != 1 {
				t.Fatalf("the run wrote %d result files, want 1", len(res.Files))
			}
			checkIndexAgainst(t, indexOf(t, files), readJUnit(t, res.Files[0]), res.Total())
		})
	}
}

// indexEntry is a test of the index: its case and names.
type indexEntry struct {
	Case  string
	Names []backend.RunnerName
}

// indexOf decodes the test index among files.
func indexOf(t *testing.T, files []backend.File) []indexEntry {
	t.Helper()
	for _, f := range files {
		if path.Base(f.Path) == backend.IndexFileName {
			var idx struct{ Tests []indexEntry }
			if err := json.Unmarshal(f.Content, &idx); err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			return idx.Tests
		}
	}
	t.Fatalf("no %s among the generated files", backend.IndexFileName)
	return nil
}

// checkIndexAgainst: each reported test is exactly one index entry's, each
// entry is reported exactly once, and the counts agree with the runner's.
func checkIndexAgainst(t *testing.T, idx []indexEntry, reported []junitCase, total int) {
	t.Helper()
	owner := map[junitCase]string{}
	for _, e := range idx {
		for _, n := range e.Names {
			owner[junitCase{n.Suite, n.Name}] = e.Case
		}
	}
	times := map[string]int{}
	for _, r := range reported {
		c, ok := owner[r]
		if !ok {
			t.Errorf("%q in %q is reported, and the index has no case for it", r.Name, r.Suite)
			continue
		}
		times[c]++
	}
	for _, e := range idx {
		if times[e.Case] != 1 {
			t.Errorf("%s (%v) is reported %d times, want once", e.Case, e.Names, times[e.Case])
		}
	}
	if len(reported) != len(idx) || len(idx) != total {
		t.Errorf("%d tests reported, %d indexed, the runner counted %d", len(reported), len(idx), total)
	}
}
