package report

import (
	"reflect"
	"strings"
	"testing"
)

// sdk is an SDK target of repository "r" with the given statuses.
func sdk(target string, statuses map[string]Status) SDK {
	res := map[string]Result{}
	for id, st := range statuses {
		res[id] = Result{Status: st}
	}
	return SDK{Repository: "r", Target: target, ConformanceVersion: "1.4.0", Results: res}
}

func cases(ids ...string) []Case {
	var out []Case
	for _, id := range ids {
		out = append(out, Case{ID: id, Block: strings.SplitN(id, "/", 2)[0]})
	}
	return out
}

// A history survives its file; the changes against its last entry put
// newly passing and newly failing cases first, then every other change
// and the targets that came or went.
func TestHistoryAndChanges(t *testing.T) {
	first := Report{Cases: cases("cases/a", "cases/b", "cases/c"), SDKs: []SDK{
		sdk("go core", map[string]Status{"cases/a": Failed, "cases/b": Passed, "cases/c": Skipped}),
		sdk("php core", map[string]Status{"cases/a": Passed, "cases/b": Passed, "cases/c": Passed})}}
	data, err := History{}.Append(first).Encode()
	if err != nil {
		t.Fatal(err)
	}
	h, err := ReadHistory("h.json", data)
	if err != nil || len(h.Entries) != 1 {
		t.Fatalf("%v, %+v", err, h)
	}
	if Diff(History{}, first) != nil {
		t.Error("an empty history has changes")
	}
	second := Report{Cases: cases("cases/a", "cases/b", "cases/c", "cases/d"), SDKs: []SDK{
		sdk("go core", map[string]Status{"cases/a": Passed, "cases/b": Failed, "cases/c": NotProvided, "cases/d": NotRun}),
		sdk("node core", map[string]Status{"cases/a": Passed})}}
	got := Diff(h, second)
	change := func(id string, from, to Status) Change {
		return Change{Repository: "r", Target: "go core", Case: id, From: from, To: to}
	}
	want := &Changes{Previous: "report 1 (suite 1.4.0, 2 SDK target(s))", NewlyPassing: []Change{change("cases/a", Failed, Passed)}, NewlyFailing: []Change{change("cases/b", Passed, Failed)},
		Other:     []Change{change("cases/c", Skipped, NotProvided), change("cases/d", "", NotRun)},
		AddedSDKs: []string{"r · node core"}, RemovedSDKs: []string{"r · php core"},
		RemovedCases: []CaseChange{}, ChangedExpectations: []CaseChange{}, FromSuite: "1.4.0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes\n%+v\nwant\n%+v", got, want)
	}
	more, _ := h.Append(second).Encode()
	if h2, _ := ReadHistory("h.json", more); len(h2.Entries) != 2 || h2.Last().SDKs[0].Statuses["cases/d"] != NotRun {
		t.Errorf("appended: %s", more)
	}
	if again, _ := h.Append(second).Encode(); string(again) != string(more) {
		t.Error("the history is not deterministic")
	}
}

func TestReadHistoryRefuses(t *testing.T) {
	for data, want := range map[string]string{
		`{"entries": []}`:                        "h.json: not a bqgen report history",
		"{\"bqgen_history\": 1,\n\"entries\": {": "h.json: 2:12: unexpected end of JSON input",
		`{"bqgen_history": 1, "entries": 3}`:     "h.json: 1:33: entries is a JSON number",
	} {
		if _, err := ReadHistory("h.json", []byte(data)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", data, err, want)
		}
	}
}

// A history is input: a status that is none of bqgen's (an <img onerror>
// a pull request wrote into it) is an error naming the file and the place,
// before it can reach a report.
func TestReadHistoryRefusesUnknownStatuses(t *testing.T) {
	data := []byte(`{"bqgen_history": 1, "entries": [{"sdks": [{"repository": "r", "target": "go core", "conformance_version": "1.4.0",
		"statuses": {"cases/a": "pass", "cases/b": "<img src=x onerror=alert(1)>"}}]}]}`)
	_, err := ReadHistory("hist.json", data)
	want := `hist.json: entries[0].sdks[0] (r · go core): case "cases/b" has status "<img src=x onerror=alert(1)>", which is none of bqgen's (pass, fail,`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
	good := []byte(`{"bqgen_history": 1, "entries": [{"sdks": [{"repository": "r", "target": "go core", "conformance_version": "1.4.0", "statuses": {"cases/a": "known_failure"}}]}]}`)
	if _, err := ReadHistory("hist.json", good); err != nil {
		t.Fatalf("a known status: %v", err)
	}
}
