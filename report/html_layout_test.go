package report

import (
	"strings"
	"testing"
)

// Every table sits in a box that scrolls sideways on its own (so the page
// never does), and each such box is a labelled region a keyboard can
// reach: axe wants a scrolling region focusable, and two landmarks of a
// page told apart by their names.
func TestHTMLTablesScrollInLabelledRegions(t *testing.T) {
	r, h, ch := wideReport(t)
	o := HTMLOptions{Changes: ch, History: &h}
	single, err := HTMLPage(r, o)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := HTMLSite(r, o)
	if err != nil {
		t.Fatal(err)
	}
	pages["single.html"] = single
	for name, page := range pages {
		root := parseMarkup(t, page, true)
		labels := map[string]bool{}
		for _, table := range root.all(elementNamed("table")) {
			box := table.parent
			label := box.attr["aria-label"]
			if box.name != "div" || box.attr["class"] != "wide" || box.attr["tabindex"] != "0" || box.attr["role"] != "region" || label == "" {
				t.Errorf("%s: a table's box is <%s %v>, want a focusable, labelled region of class wide", name, box.name, box.attr)
			}
			if labels[label] {
				t.Errorf("%s: two regions are labelled %q", name, label)
			}
			labels[label] = true
		}
		if len(labels) == 0 {
			t.Errorf("%s has no table", name)
		}
	}
}

// A full commit hash takes 12 digits in the summary, as Git abbreviates
// it, and stays whole in its link and in the target's section.
func TestHTMLSummaryShortensFullHashes(t *testing.T) {
	for in, want := range map[string]string{
		"0123456789abcdef0123456789abcdef01234567": "0123456789ab",
		strings.Repeat("ab", 32):                   "abababababab",
		"v2.3.0":                                   "v2.3.0",
		"main":                                     "main",
		"0123456789abcdef0123456789abcdef0123456z": "0123456789abcdef0123456789abcdef0123456z", // not hex
		"0123456789abcdef0123456789abcdef012345":   "0123456789abcdef0123456789abcdef012345",   // 38 digits
	} {
		if got := htmlShortCommit(in); got != want {
			t.Errorf("htmlShortCommit(%q) = %q, want %q", in, got, want)
		}
	}
	r, h, ch := wideReport(t)
	page, err := HTMLPage(r, HTMLOptions{Changes: ch, History: &h})
	if err != nil {
		t.Fatal(err)
	}
	ids := elementsByID(t, parseMarkup(t, page, true))
	full := r.SDKs[0].Commit
	row, sec := ids["row-"+htmlSDKID(0)], ids[htmlSDKID(0)]
	if text := row.text(); !strings.Contains(text, "commit "+full[:12]) || strings.Contains(text, full) {
		t.Errorf("the summary row does not show the short hash alone: %q", text)
	}
	if !strings.Contains(sec.text(), full) {
		t.Errorf("the target's section lacks the whole hash %s", full)
	}
	for _, a := range row.all(elementNamed("a")) {
		if strings.Contains(a.attr["href"], "/commit/") && !strings.HasSuffix(a.attr["href"], "/commit/"+full) {
			t.Errorf("the summary's commit link is %q, want the whole hash", a.attr["href"])
		}
	}
}
