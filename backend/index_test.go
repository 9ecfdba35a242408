package backend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
)

// indexSuite is a suite of two cases, one of them exempted in indexOptions.
func indexSuite() *model.Suite {
	return &model.Suite{Version: "1.4.0", HasCases: true, Cases: []model.EnvelopeCase{{Name: "b <&> case"}, {Name: "a"}}}
}

var indexOptions = Options{Exemptions: []Exemption{{Pattern: "cases/a", Action: ExemptFail, Reason: "issue 12"}}}

// The index lists every case once, sorted, with the runner names and the
// exemption that applies, in readable deterministic JSON.
func TestTestIndexFile(t *testing.T) {
	tests := []IndexedTest{
		{Case: model.CaseID{Block: "cases", Name: "b <&> case"}, Names: []RunnerName{{Suite: "S", Name: "z"}, {Suite: "S", Name: "b"}}},
		{Case: model.CaseID{Block: "cases", Name: "a"}, Names: []RunnerName{{Suite: "S", Name: "a"}}},
	}
	f, err := TestIndexFile("tests", "python", indexSuite(), indexOptions, tests)
	if err != nil {
		t.Fatal(err)
	}
	digest := indexSuite().Expectations()[0].Digest()
	want := strings.ReplaceAll(`{
  "conformance_version": "1.4.0",
  "lang": "python",
  "blocks": [
    "cases"
  ],
  "tests": [
    {
      "case": "cases/a",
      "block": "cases",
      "expect": "DIGEST",
      "names": [
        {
          "suite": "S",
          "name": "a"
        }
      ],
      "exemption": {
        "action": "fail",
        "reason": "issue 12",
        "remedy": "remove the exemption cases/a from bqgen.yaml"
      }
    },
    {
      "case": "cases/b <&> case",
      "block": "cases",
      "expect": "DIGEST",
      "names": [
        {
          "suite": "S",
          "name": "b"
        },
        {
          "suite": "S",
          "name": "z"
        }
      ]
    }
  ]
}
`, "DIGEST", digest)
	if f.Path != "tests/"+IndexFileName || string(f.Content) != want || f.Kind != Generated {
		t.Errorf("%s (%v):\n%s", f.Path, f.Kind, f.Content)
	}
	again, _ := TestIndexFile("tests", "python", indexSuite(), indexOptions, []IndexedTest{tests[1], tests[0]})
	if string(again.Content) != want {
		t.Error("the index depends on the order the backend lists its tests in")
	}
}

// A backend that leaves a case out, indexes one twice, names one the suite
// lacks, or reports two tests the same way has a bug: an error naming it.
func TestTestIndexFileRefusesABrokenIndex(t *testing.T) {
	a := IndexedTest{Case: model.CaseID{Block: "cases", Name: "a"}, Names: []RunnerName{{Suite: "S", Name: "x"}}}
	b := IndexedTest{Case: model.CaseID{Block: "cases", Name: "b <&> case"}, Names: []RunnerName{{Suite: "S", Name: "y"}}}
	clash := IndexedTest{Case: b.Case, Names: []RunnerName{{Suite: "S", Name: "x"}}}
	stray := IndexedTest{Case: model.CaseID{Block: "cases", Name: "c"}, Names: []RunnerName{{Suite: "S", Name: "c"}}}
	for name, c := range map[string]struct {
		tests []IndexedTest
		want  string
	}{
		"missing":   {[]IndexedTest{a}, "cases/b <&> case has no generated test"},
		"twice":     {[]IndexedTest{a, b, a}, "cases/a is indexed twice"},
		"clash":     {[]IndexedTest{a, clash}, `both reported as "x"`},
		"not suite": {[]IndexedTest{a, b, stray}, "cases/c is not a case of the suite"},
	} {
		_, err := TestIndexFile("tests", "python", indexSuite(), Options{}, c.tests)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
}

// LocateTests reads each file once, joins the place's file with the index's
// directory, and leaves a test it cannot find without a file and line.
func TestLocateTests(t *testing.T) {
	rendered := []File{
		{Path: "tests/a.txt", Content: []byte("x\ndecl one\ndecl two\ndecl one\n")},
		{Path: "tests/b.txt", Content: []byte("decl three")},
		{Path: "a.txt", Content: []byte("decl two\n")},
	}
	places := []TestPlace{{"a.txt", "one"}, {"a.txt", "two"}, {"b.txt", "three"}, {"b.txt", "four"}, {"c.txt", "one"}}
	tests := make([]IndexedTest, len(places))
	reads := 0
	declarations := func(src []byte) map[string]int {
		reads++
		return FirstLines(src, func(line string) (string, bool) { return strings.CutPrefix(line, "decl ") })
	}
	LocateTests("tests", rendered, tests, func(i int) TestPlace { return places[i] }, declarations)
	want := []struct {
		file string
		line int
	}{{"a.txt", 2}, {"a.txt", 3}, {"b.txt", 1}, {"", 0}, {"", 0}}
	for i, w := range want {
		if tests[i].File != w.file || tests[i].Line != w.line {
			t.Errorf("%v: %q:%d, want %q:%d", places[i], tests[i].File, tests[i].Line, w.file, w.line)
		}
	}
	if reads != 2 {
		t.Errorf("the files were read %d times, want once each (2)", reads)
	}
}
