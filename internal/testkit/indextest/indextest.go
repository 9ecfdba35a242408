// Package indextest checks a backend's test index (backend.IndexFileName)
// against what a real runner reported: every generated test the result file
// names maps to exactly one index entry, and every entry is in the file.
//
// It reads the result files with minimal encoding/xml decoders of its own
// (JUnit XML, TRX, xUnit v2 XML) until package results can read them.
package indextest

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// Reported is a test as a result file names it.
type Reported struct {
	Suite, Name string
}

// index is the part of the test index the check reads.
type index struct {
	Tests []struct {
		Case  string               `json:"case"`
		Names []backend.RunnerName `json:"names"`
	} `json:"tests"`
}

// IndexOf is the content of the test index among files.
func IndexOf(t testing.TB, files []backend.File) []byte {
	t.Helper()
	if f, ok := backend.IndexIn(files); ok {
		return f.Content
	}
	t.Fatalf("no %s among the generated files", backend.IndexFileName)
	return nil
}

// Check compares the index with the tests one run reported (from one result
// file, or several files of one run): a reported test in a suite the index
// names must be one index entry's, every entry must be reported exactly
// once, and the run's own total (the runner's summary) must be the number
// of cases.
func Check(t testing.TB, indexJSON []byte, reported []Reported, runnerTotal int) {
	t.Helper()
	var idx index
	if err := json.Unmarshal(indexJSON, &idx); err != nil {
		t.Fatalf("the test index: %v", err)
	}
	owner := map[Reported]string{}
	suites := map[string]bool{}
	for _, e := range idx.Tests {
		for _, n := range e.Names {
			owner[Reported{n.Suite, n.Name}] = e.Case
			suites[n.Suite] = true
		}
	}
	seen := map[string]int{}
	for _, r := range reported {
		if !suites[r.Suite] {
			continue // not a generated class: not bqgen's
		}
		id, ok := owner[r]
		if !ok {
			t.Errorf("the runner reported %q in %q, which the index does not name", r.Name, r.Suite)
			continue
		}
		seen[id]++
	}
	for _, e := range idx.Tests {
		if n := seen[e.Case]; n != 1 {
			t.Errorf("case %s: reported %d times under the names of the index, want once", e.Case, n)
		}
	}
	if runnerTotal != len(idx.Tests) {
		t.Errorf("the runner's summary counts %d tests, the index %d", runnerTotal, len(idx.Tests))
	}
	if len(idx.Tests) == 0 {
		t.Error("the index lists no test")
	}
}

// ReadJUnit reads the <testcase> elements of a JUnit XML file, at any depth
// (PHPUnit nests <testsuite>s), as classname and name.
func ReadJUnit(t testing.TB, path string) []Reported {
	t.Helper()
	return ReadJUnitBy(t, path, "classname")
}

// ReadJUnitBy is ReadJUnit with the suite taken from the attribute
// suiteAttr: PHPUnit writes the class both as "class" (Ns\Class) and as
// "classname" (Ns.Class).
func ReadJUnitBy(t testing.TB, path, suiteAttr string) []Reported {
	t.Helper()
	var out []Reported
	walk(t, path, func(e xml.StartElement) {
		if e.Name.Local == "testcase" {
			out = append(out, Reported{attr(e, suiteAttr), attr(e, "name")})
		}
	})
	return out
}

// ReadXunit reads the <test> elements of an xUnit v2 XML file (the console
// runner's -xml), as type (the class) and name (the display name).
func ReadXunit(t testing.TB, path string) []Reported {
	t.Helper()
	var out []Reported
	walk(t, path, func(e xml.StartElement) {
		if e.Name.Local == "test" {
			out = append(out, Reported{attr(e, "type"), attr(e, "name")})
		}
	})
	return out
}

// ReadTRX reads a TRX file's results, each as its test definition's
// TestMethod className and the result's testName.
func ReadTRX(t testing.TB, path string) []Reported {
	t.Helper()
	classOf := map[string]string{}
	type result struct{ id, name string }
	var results []result
	var unitTest string
	walk(t, path, func(e xml.StartElement) {
		switch e.Name.Local {
		case "UnitTest":
			unitTest = attr(e, "id")
		case "TestMethod":
			classOf[unitTest] = attr(e, "className")
		case "UnitTestResult":
			results = append(results, result{attr(e, "testId"), attr(e, "testName")})
		}
	})
	out := make([]Reported, len(results))
	for i, r := range results {
		out[i] = Reported{classOf[r.id], r.name}
	}
	return out
}

// walk calls each for every start element of the XML file at path.
func walk(t testing.TB, path string, each func(xml.StartElement)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			line, col := dec.InputPos()
			t.Fatalf("%s:%d:%d: %v", path, line, col, err)
		}
		if e, ok := tok.(xml.StartElement); ok {
			each(e)
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// WriteFiles writes generated files under dir.
func WriteFiles(t testing.TB, dir string, files []backend.File) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Describe lists reported tests for a failure message.
func Describe(reported []Reported) string {
	var b strings.Builder
	for _, r := range reported {
		fmt.Fprintf(&b, "%q %q\n", r.Suite, r.Name)
	}
	return b.String()
}
