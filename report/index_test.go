package report

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The reader reads what backend.TestIndexFile writes, hostile names and
// exemptions included.
func TestReadIndexReadsTheBackendsIndex(t *testing.T) {
	s := &model.Suite{Version: "1.4.0", HasCases: true, Cases: []model.EnvelopeCase{{Name: "a | `b` <script>\n"}, {Name: "c"}}}
	opt := backend.Options{Exemptions: []backend.Exemption{{Pattern: "cases/c", Action: backend.ExemptFail, Reason: "issue 3"}}}
	f, err := backend.TestIndexFile("tests", "php", s, opt, []backend.IndexedTest{
		{Case: model.CaseID{Block: "cases", Name: s.Cases[0].Name}, Names: []backend.RunnerName{{Suite: "S", Name: "a & b"}}},
		{Case: model.CaseID{Block: "cases", Name: "c"}, Names: []backend.RunnerName{{Suite: "S", Name: "c"}, {Suite: "S2", Name: "c"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	idx, err := ReadIndex("tests/"+backend.IndexFileName, f.Content)
	if err != nil {
		t.Fatal(err)
	}
	if idx.ConformanceVersion != "1.4.0" || idx.Lang != "php" || len(idx.Tests) != 2 || idx.Tests[0].Case != "cases/a | `b` <script>\n" ||
		idx.Tests[0].Names[0].Name != "a & b" || len(idx.Tests[1].Names) != 2 || *idx.Tests[1].Exemption != (Exemption{Action: "fail", Reason: "issue 3", Remedy: "remove the exemption cases/c from bqgen.yaml"}) {
		t.Errorf("%+v", idx)
	}
}

// A broken index is an error naming the file and the place.
func TestReadIndexRefuses(t *testing.T) {
	const good = `{"conformance_version": "1", "tests": [{"case": "cases/a", "block": "cases", "names": [{"suite": "S", "name": "a"}]}`
	for _, c := range []struct{ data, want string }{
		{"{\n  \"conformance_version\": \"1\",\n  \"tests\": [\n    {\"case\": }", "idx.json: 4:14: invalid character '}'"},
		{`{"conformance_version": 1}`, "idx.json: 1:25: conformance_version is a JSON number, want string"},
		{`{"tests": []}`, "idx.json: not a test index: conformance_version is missing"},
		{good + `, {"case": "cases/a", "block": "cases", "names": [{"suite": "S", "name": "b"}]}]}`, `idx.json: tests[1]: case "cases/a" is indexed twice`},
		{good + `, {"case": "cases/b", "block": "cases", "names": [{"suite": "S", "name": "a"}]}]}`, `idx.json: tests[1]: cases "cases/a" and "cases/b" are both reported as "a" in "S"`},
		{`{"conformance_version": "1", "tests": [{"case": "sqs/a", "block": "cases", "names": []}]}`, `idx.json: tests[0]: case "sqs/a" is not a case of block "cases"`},
		{`{"conformance_version": "1", "tests": [{"case": "cases/a", "block": "cases", "names": []}]}`, `tests[0]: case "cases/a" has no runner names`},
		{good + `], "not_generated": ["sqs/p", "cases/a"]}`, `idx.json: not_generated[1]: "cases/a" is not a case id, or a case the index generates`},
		{good + `], "not_generated": ["nope"]}`, `not_generated[0]: "nope" is not a case id`},
		{`{"conformance_version": "1", "tests": [{"case": "cases/a", "block": "cases", "names": [{"suite": "S", "name": "a"}], "exemption": {"action": "xfail"}}]}`, `exemption action "xfail"`},
	} {
		_, err := ReadIndex("idx.json", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n%v\nwant %q", c.data, err, c.want)
		}
	}
}
