package report

import (
	"reflect"
	"strconv"
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

// A case a target had and no longer has is removed, not a status change; a
// case whose expectation digest changed is listed with the suite versions
// on both sides; each entry records them, and Log lists them newest first.
// An entry an older bqgen wrote (no digests, no changes) is read as before.
func TestHistoryRecordsRemovedAndChangedCases(t *testing.T) {
	old := []byte(`{"bqgen_history": 1, "entries": [{"sdks": [{"repository": "r", "target": "go core", "conformance_version": "1.3.0",
		"statuses": {"cases/a": "pass", "cases/b": "pass", "cases/c": "fail"}}]}]}`)
	h, err := ReadHistory("h.json", old)
	if err != nil {
		t.Fatal(err)
	}
	withDigests := func(version string, statuses map[string]Status, digests map[string]string) Report {
		s := sdk("go core", statuses)
		s.ConformanceVersion, s.Expectations = version, digests
		return Report{Newest: version, Cases: cases("cases/a", "cases/b"), SDKs: []SDK{s}}
	}
	second := withDigests("1.4.0", map[string]Status{"cases/a": Passed, "cases/b": Passed}, map[string]string{"cases/a": "1", "cases/b": "2"})
	ch := Diff(h, second)
	gone := CaseChange{Repository: "r", Target: "go core", Case: "cases/c", FromSuite: "1.3.0", ToSuite: "1.4.0"}
	if !reflect.DeepEqual(ch.RemovedCases, []CaseChange{gone}) || len(ch.ChangedExpectations) != 0 || len(ch.Other) != 0 ||
		ch.FromSuite != "1.3.0" || ch.ToSuite != "1.4.0" {
		t.Errorf("against an older entry: %+v", ch)
	}
	h = h.Append(second)
	third := withDigests("1.5.0", map[string]Status{"cases/a": Passed, "cases/b": NotGenerated}, map[string]string{"cases/a": "9"})
	ch = Diff(h, third)
	changed := CaseChange{Repository: "r", Target: "go core", Case: "cases/a", FromSuite: "1.4.0", ToSuite: "1.5.0"}
	removed := CaseChange{Repository: "r", Target: "go core", Case: "cases/b", FromSuite: "1.4.0", ToSuite: "1.5.0"}
	if !reflect.DeepEqual(ch.ChangedExpectations, []CaseChange{changed}) || !reflect.DeepEqual(ch.RemovedCases, []CaseChange{removed}) || len(ch.Other) != 0 {
		t.Errorf("changes: %+v", ch)
	}
	md := string(Markdown(third, ch))
	if !strings.Contains(md, "### Cases removed\n\n- cases/b (r · go core): suite 1.4.0 → 1.5.0") || !strings.Contains(md, "### Cases whose expectation changed\n\n- cases/a") {
		t.Errorf("markdown:\n%s", md)
	}
	// The earlier bump (cases/c removed by 1.4.0) stays listed after the
	// report that showed it.
	if !strings.Contains(md, "## Earlier suite and target changes\n\n### Report 2 of the history: suite 1.3.0 → 1.4.0\n\n- cases/c (r · go core): removed\n") {
		t.Errorf("markdown lacks the earlier changes:\n%s", md)
	}
	data, err := h.Append(third).Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadHistory("h.json", data)
	if err != nil {
		t.Fatal(err)
	}
	log := back.Log()
	if len(log) != 2 || log[0].Entry != 3 || log[1].Entry != 2 || !reflect.DeepEqual(log[0].Changes.RemovedCases, []CaseChange{removed}) ||
		!reflect.DeepEqual(log[1].Changes.RemovedCases, []CaseChange{gone}) {
		t.Errorf("log: %+v", log)
	}
	fourth := Diff(back, third)
	if len(fourth.Earlier) != 2 || fourth.Earlier[0].Entry != 3 || fourth.Earlier[1].Entry != 2 {
		t.Errorf("earlier changes, newest first: %+v", fourth.Earlier)
	}
}

func TestEarlierChangesAreBounded(t *testing.T) {
	var h History
	for i := range 3 * earlierKept {
		r := Report{Newest: "1." + strconv.Itoa(i) + ".0", Cases: cases("cases/a", "cases/b"),
			SDKs: []SDK{sdk("go core", map[string]Status{"cases/a": Passed, "cases/b": Passed})}}
		if i%2 == 1 { // every other report drops cases/b, the next brings it back
			r.SDKs[0].Results["cases/b"] = Result{Status: NotGenerated}
		}
		h = h.Append(r)
	}
	ch := Diff(h, Report{Newest: "2.0.0", Cases: cases("cases/a"), SDKs: []SDK{sdk("go core", map[string]Status{"cases/a": Passed})}})
	if len(ch.Earlier) != earlierKept || ch.Earlier[0].Entry != 3*earlierKept {
		t.Fatalf("%d earlier entries, the newest %d; want the newest %d of the %d that record a change", len(ch.Earlier), ch.Earlier[0].Entry, earlierKept, 3*earlierKept/2)
	}
	for i := 1; i < len(ch.Earlier); i++ {
		if ch.Earlier[i].Entry >= ch.Earlier[i-1].Entry {
			t.Fatalf("not newest first: %+v", ch.Earlier)
		}
	}
}
