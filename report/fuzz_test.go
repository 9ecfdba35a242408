package report

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzReadReports: whatever a merged report and a history hold, reading
// them never panics; what reads renders to Markdown that holds no tag, no
// text a GFM renderer would link, and no invisible character, and its JSON
// reads back.
//
//	go test -run '^$' -fuzz FuzzReadReports ./report/
func FuzzReadReports(f *testing.F) {
	r, _ := mdAttackReport(false)
	rep, err := JSON(r, nil)
	if err != nil {
		f.Fatal(err)
	}
	hist, err := History{}.Append(r).Encode()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(rep, hist)
	f.Add([]byte(`{"bqgen_report": 1, "cases": [{"id": "cases/a", "block": "cases"}], "sdks": [{"repository": "<b>", "target": "www.x.com", "results": {"cases/a": {"status": "fail", "message": "\u202e"}}}]}`),
		[]byte(`{"bqgen_history": 1, "entries": [{"sdks": [{"repository": "<b>", "target": "www.x.com", "statuses": {"cases/a": "pass"}}]}]}`))
	f.Add([]byte(`{"bqgen_report": 1}`), []byte(`{"bqgen_history": 1, "entries": [{"sdks": [{"statuses": {"x": "<img>"}}]}]}`))
	f.Fuzz(func(t *testing.T, report, history []byte) {
		r, err := ReadJSON("report.json", report)
		if err != nil {
			return
		}
		h, err := ReadHistory("history.json", history)
		if err != nil {
			h = History{}
		}
		ch := Diff(h, r)
		for name, md := range map[string][]byte{"report": Markdown(r, ch), "blocks": BlockTable(r)} {
			checkInertMarkdown(t, name, string(md))
		}
		if _, err := HTML(r, ch); err != nil {
			t.Fatalf("HTML: %v", err)
		}
		again, err := JSON(r, ch)
		if err != nil {
			t.Fatalf("JSON: %v", err)
		}
		if _, err := ReadJSON("again.json", again); err != nil {
			t.Fatalf("the JSON of a report that read does not read back: %v", err)
		}
	})
}

// checkInertMarkdown fails on what bqgen's Markdown never writes itself: a
// tag, an autolink literal, a control or format character.
func checkInertMarkdown(t *testing.T, name, md string) {
	t.Helper()
	lower := strings.ToLower(md)
	for _, bad := range []string{"<", "://", "www.", "@"} {
		if strings.Contains(lower, bad) {
			t.Fatalf("%s holds %q:\n%s", name, bad, md)
		}
	}
	for _, r := range md {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			t.Fatalf("%s holds %U:\n%s", name, r, md)
		}
	}
}
