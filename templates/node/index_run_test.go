package node_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/verify"
)

// junitTest is a <testcase> of node:test's junit reporter: the names of the
// <testsuite> elements around it, joined by " > ", and its name.
type junitTest struct{ Suite, Name string }

// readNodeJUnit returns every testcase of a node:test junit file with its
// describe path, as an XML decoder reads the names.
func readNodeJUnit(t *testing.T, file string) []junitTest {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []junitTest
	var suites []string
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "testsuite":
				suites = append(suites, attr(el, "name"))
			case "testcase":
				out = append(out, junitTest{Suite: strings.Join(suites, " > "), Name: attr(el, "name")})
			}
		case xml.EndElement:
			if el.Name.Local == "testsuite" {
				suites = suites[:len(suites)-1]
			}
		}
	}
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// xmlChars keeps the characters of s that XML 1.0 allows. node:test's
// junit reporter writes names raw, so a name with NUL or another C0
// control makes a malformed file (docs/test-index.md): the hostile suite
// here spares the reporter those, in every test name.
func xmlChars(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 {
			return r
		}
		return -1
	}, s)
}

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// hostile suite with node:test's junit reporter, as verify does, and holds
// the test index to it (TestProof does the same with its runs of the
// canonical and upstream suites): every reported test is
// one indexed test by (describe path, name), every indexed test is
// reported once, and there are as many as the runner counted.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	tc := nodeToolchain(t)
	bin := prooftest.OracleBin(t)
	// The proved suites' runs are checked in TestProof/<suite>/index.
	suites := map[string]func(*testing.T) *model.Suite{
		"hostile": func(t *testing.T) *model.Suite { return hostileSuite(t, xmlChars(hostile), xmlChars) },
	}
	for name, suite := range suites {
		t.Run(name, func(t *testing.T) {
			s := suite(t)
			dir := writeOutput(t, s, backend.BindOracle)
			var log strings.Builder
			if err := tc.Prepare(context.Background(), dir, &log); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			res, err := tc.Run(context.Background(), dir, []string{verify.EnvOracleBin + "=" + bin})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Files) != 1 {
				t.Fatalf("the run wrote %d result files, want 1", len(res.Files))
			}
			checkIndexAgainst(t, readNodeIndex(t, dir), readNodeJUnit(t, res.Files[0]), res.Total())
		})
	}
}

// nodeIndexEntry is a test of the index: its case and names.
type nodeIndexEntry struct {
	Case  string
	Names []backend.RunnerName
}

// readNodeIndex decodes the test index the output wrote into dir.
func readNodeIndex(t *testing.T, dir string) []nodeIndexEntry {
	t.Helper()
	data, err := os.ReadFile(path.Join(dir, "test", backend.IndexFileName))
	if err != nil {
		t.Fatal(err)
	}
	var idx struct{ Tests []nodeIndexEntry }
	if err := json.Unmarshal(data, &idx); err != nil {
		t.Fatal(err)
	}
	return idx.Tests
}

// checkIndexAgainst: each reported test is exactly one index entry's, each
// entry is reported exactly once, and the counts agree with the runner's.
func checkIndexAgainst(t *testing.T, idx []nodeIndexEntry, reported []junitTest, total int) {
	t.Helper()
	owner := map[junitTest]string{}
	for _, e := range idx {
		for _, n := range e.Names {
			owner[junitTest{n.Suite, n.Name}] = e.Case
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
			t.Errorf("%s (%q) is reported %d times, want once", e.Case, e.Names, times[e.Case])
		}
	}
	if len(reported) != len(idx) || len(idx) != total {
		t.Errorf("%d tests reported, %d indexed, the runner counted %d", len(reported), len(idx), total)
	}
}
