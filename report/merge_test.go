package report

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// Two repositories' JSON reports merge into one: every case of both, each
// target not_generated where its suite lacked a case, the newest revision
// of both, and the older target flagged.
func TestMergeTwoJSONReports(t *testing.T) {
	a := Report{Newest: "1.4.0", Cases: cases("cases/a", "sqs/p"), SDKs: []SDK{
		sdk("go core", map[string]Status{"cases/a": Passed, "sqs/p": NotGenerated})}}
	a.Cases[0].Description = "A"
	a.SDKs[0].Unknown = []results.Test{{Suite: "pkg", Name: "T<&>", Outcome: results.Fail, Message: "m"}}
	b := Report{Cases: cases("cases/a", "cases/old"), SDKs: []SDK{
		sdk("node core", map[string]Status{"cases/a": KnownFailure, "cases/old": Failed})}}
	b.Cases[0].Description = "other"
	b.SDKs[0].Repository, b.SDKs[0].ConformanceVersion = "node-repo", "1.3.0"
	b.Newest = "1.3.0"
	var read []Report
	for i, r := range []Report{a, b} {
		data, err := JSON(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON("r.json", data)
		if err != nil {
			t.Fatalf("report %d: %v\n%s", i, err, data)
		}
		read = append(read, back)
	}
	m, err := Merge(read[0], read[1])
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range m.Cases {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, ",") != "cases/a,sqs/p,cases/old" || m.Cases[0].Description != "A" || m.Newest != "1.4.0" {
		t.Errorf("merged cases %v, newest %s", m.Cases, m.Newest)
	}
	if m.SDKs[0].Results["cases/old"].Status != NotGenerated || m.SDKs[1].Results["sqs/p"].Status != NotGenerated ||
		m.SDKs[1].Results["cases/a"].Status != KnownFailure || m.SDKs[0].Unknown[0].Name != "T<&>" {
		t.Errorf("merged results %+v", m.SDKs)
	}
	if m.Older(m.SDKs[1]) != "generated from suite 1.3.0; newest 1.4.0" {
		t.Errorf("older: %q", m.Older(m.SDKs[1]))
	}
	if _, err := Merge(m, read[1]); err == nil || !strings.Contains(err.Error(), "node-repo · node core is in both reports") {
		t.Errorf("a target merged twice: %v", err)
	}
	if out, _ := JSON(m, nil); !strings.Contains(string(out), `"older_targets": [
    {
      "repository": "node-repo",
      "target": "node core",
      "note": "generated from suite 1.3.0; newest 1.4.0"`) {
		t.Errorf("the JSON does not flag the older target: %s", out)
	}
	if out, _ := JSON(m, nil); !strings.Contains(string(out), `"Name": "T<&>"`) {
		t.Errorf("names are escaped in the JSON: %s", out)
	}
}

func TestReadJSONRefuses(t *testing.T) {
	for data, want := range map[string]string{
		`{"sdks": []}`: "r.json: not a bqgen JSON report",
		`{"bqgen_report": 1, "cases": [{"id": "c/a", "block": "c"}], "sdks": [{"repository": "r", "target": "t", "results": {"c/b": {"status": "pass"}}}]}`:  `sdks[0] (r · t): results name case "c/b"`,
		`{"bqgen_report": 1, "cases": [{"id": "c/a", "block": "c"}], "sdks": [{"repository": "r", "target": "t", "results": {"c/a": {"status": "great"}}}]}`: `case "c/a" has status "great"`,
		"{\"bqgen_report\": 1,\n \"cases\": 7}": "r.json: 2:11: cases is a JSON number",
	} {
		if _, err := ReadJSON("r.json", []byte(data)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", data, err, want)
		}
	}
}
