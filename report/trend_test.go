package report

import (
	"slices"
	"strings"
	"testing"
)

// trendReport is a report of two targets on two cases: go passes both,
// node one.
func trendReport() Report {
	return Report{Newest: "1.4.0", Cases: cases("cases/a", "cases/b"), SDKs: []SDK{
		sdk("go core", map[string]Status{"cases/a": Passed, "cases/b": Passed}),
		sdk("node core", map[string]Status{"cases/a": Passed, "cases/b": Failed}),
	}}
}

// With a history, every target has a trend: the runs it records, then
// this one; a single point when it records none, so a first run with
// --history draws a dot, not "–".
func TestWithTrends(t *testing.T) {
	r := trendReport()
	first := r.WithTrends(History{})
	if !slices.Equal(first.SDKs[0].Trend, []int{2}) || !slices.Equal(first.SDKs[1].Trend, []int{1}) {
		t.Errorf("with an empty history: trends %v and %v, want [2] and [1]", first.SDKs[0].Trend, first.SDKs[1].Trend)
	}
	if r.SDKs[0].Trend != nil {
		t.Error("WithTrends changed the report it was given")
	}
	old := trendReport()
	old.SDKs[0].Results["cases/b"] = Result{Status: Failed}
	h := History{}.Append(old)
	second := r.WithTrends(h)
	if !slices.Equal(second.SDKs[0].Trend, []int{1, 2}) || !slices.Equal(second.SDKs[1].Trend, []int{1, 1}) {
		t.Errorf("after one run: trends %v and %v, want [1 2] and [1 1]", second.SDKs[0].Trend, second.SDKs[1].Trend)
	}
	// A merged target this history does not record keeps the trend its own
	// repository's history gave; one it records takes this history's.
	merged := r
	merged.SDKs = append(slices.Clone(r.SDKs), sdk("python core", map[string]Status{"cases/a": Passed, "cases/b": Passed}))
	merged.SDKs[2].Repository, merged.SDKs[2].Trend = "py", []int{0, 1, 2}
	merged.SDKs[0].Trend = []int{9, 9}
	got := merged.WithTrends(h)
	if !slices.Equal(got.SDKs[2].Trend, []int{0, 1, 2}) || !slices.Equal(got.SDKs[0].Trend, []int{1, 2}) {
		t.Errorf("merged: trends %v and %v, want [0 1 2] and [1 2]", got.SDKs[2].Trend, got.SDKs[0].Trend)
	}
	// A long history: the newest TrendRuns runs, then this one.
	long := History{}
	for range TrendRuns + 7 {
		long = long.Append(old)
	}
	if n := len(r.WithTrends(long).SDKs[0].Trend); n != TrendRuns+1 {
		t.Errorf("a history of %d runs: %d points, want %d", TrendRuns+7, n, TrendRuns+1)
	}
}

// The trend cell: a dot alone for one point, a line and a dot for more,
// "–" only without a history.
func TestHTMLTrendOfOneRun(t *testing.T) {
	r := trendReport()
	for _, c := range []struct {
		name       string
		hist       *History
		svg, lines int
	}{
		{"no history", nil, 0, 0},
		{"an empty history", &History{}, 4, 0}, // two targets, each in the summary and its section
		{"one recorded run", &History{Entries: History{}.Append(r).Entries}, 4, 4},
	} {
		page, err := HTMLPage(r, HTMLOptions{History: c.hist})
		if err != nil {
			t.Fatal(err)
		}
		ids := elementsByID(t, parseMarkup(t, page, true))
		row := ids["row-"+htmlSDKID(0)]
		svg, lines := strings.Count(string(page), "<svg"), strings.Count(string(page), "<polyline")
		cell := row.all(elementNamed("td"))[1]
		if svg != c.svg || lines != c.lines || (c.svg > 0) == (cell.text() == "–") {
			t.Errorf("%s: %d trends, %d lines, trend cell %q; want %d and %d", c.name, svg, lines, cell.text(), c.svg, c.lines)
		}
		if c.hist != nil && len(c.hist.Entries) == 0 && !strings.Contains(string(page), `aria-label="Passing cases in this run, the first its history records: 2"`) {
			t.Errorf("%s: the dot is not labelled with its count", c.name)
		}
	}
}

// The trend travels in the JSON report: a page rendered from it (the
// Action renders its HTML from --merge of the JSON) draws the trend
// without the history; a trend WithTrends could not have made is refused.
func TestTrendSurvivesTheJSONReport(t *testing.T) {
	old := trendReport()
	old.SDKs[0].Results["cases/b"] = Result{Status: Failed}
	r := trendReport().WithTrends(History{}.Append(old))
	data, err := JSON(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON("r.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.SDKs[0].Trend, []int{1, 2}) {
		t.Errorf("read back: trend %v, want [1 2]\n%s", back.SDKs[0].Trend, data)
	}
	page, err := HTMLPage(back, HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(page), "<polyline") != 4 {
		t.Errorf("the page from the JSON draws %d trend lines, want 4 (two targets, summary and section)", strings.Count(string(page), "<polyline"))
	}
	if plain, _ := JSON(trendReport(), nil); strings.Contains(string(plain), `"trend"`) {
		t.Error("a report without a history has a trend in its JSON")
	}
	for trend, want := range map[string]string{
		`[-1]`:                                "trend: -1 passing cases",
		`[` + strings.Repeat("1,", 51) + `1]`: "trend: 52 points, more than 51",
	} {
		bad := `{"bqgen_report": 1, "cases": [{"id": "c/a", "block": "c"}], "sdks": [{"repository": "r", "target": "t", "results": {"c/a": {"status": "pass"}}, "trend": ` + trend + `}]}`
		if _, err := ReadJSON("r.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "sdks[0] (r · t): "+want) {
			t.Errorf("trend %s: %v, want %q", trend, err, want)
		}
	}
}
