package report

import (
	"slices"
	"strings"
	"testing"
)

// siteBlocks are the blocks a page's block table of target i lists (none
// where the page has no section of it) and those its "Only the block"
// filters offer.
func siteBlocks(t *testing.T, page []byte, i int) (table, filters []string) {
	t.Helper()
	root := parseMarkup(t, page, true)
	sec := elementsByID(t, root)[htmlSDKID(i)]
	if sec == nil {
		sec = &domNode{}
	}
	for _, tb := range sec.all(elementNamed("table")) {
		if tb.attr["class"] != "target-blocks" {
			continue
		}
		for _, th := range tb.all(func(n *domNode) bool { return n.name == "th" && n.attr["scope"] == "row" }) {
			table = append(table, th.text())
		}
	}
	for _, a := range root.all(elementNamed("a")) {
		if strings.HasPrefix(a.attr["href"], "#only-bk-") {
			filters = append(filters, a.text())
		}
	}
	return table, filters
}

// Each target's page shows its own blocks only: the go and node cores
// of the demo generate no sqs case, so their pages neither count nor
// filter by sqs; python's (core+sqs) does, and the index offers every
// block. On the one page, each target's section counts its own blocks.
func TestHTMLTargetPageShowsItsOwnBlocks(t *testing.T) {
	r, h, ch := demoReport(t)
	o := HTMLOptions{Changes: ch, History: &h}
	site, err := HTMLSite(r, o)
	if err != nil {
		t.Fatal(err)
	}
	single, err := HTMLPage(r, o)
	if err != nil {
		t.Fatal(err)
	}
	core, all := []string{"cases", "idempotency"}, []string{"cases", "idempotency", "sqs"}
	for i, want := range [][]string{core, core, all} {
		table, filters := siteBlocks(t, site[HTMLTargetFile(i, r.SDKs[i])], i)
		if !slices.Equal(table, want) || !slices.Equal(filters, want) {
			t.Errorf("target %d's page: blocks %v, filters %v; want %v", i, table, filters, want)
		}
		if table, _ := siteBlocks(t, single, i); !slices.Equal(table, want) {
			t.Errorf("target %d's section of the one page: blocks %v, want %v", i, table, want)
		}
	}
	if _, filters := siteBlocks(t, site[HTMLIndexFile], 0); !slices.Equal(filters, all) {
		t.Errorf("the index filters by %v, want %v", filters, all)
	}
	css := string(site[HTMLTargetFile(0, r.SDKs[0])])
	if strings.Contains(css, "#only-bk-2:target") {
		t.Error("the go core's page has a filter rule for the sqs block")
	}
}

// A target that generates none of the report's cases says so instead of
// an empty table.
func TestHTMLTargetThatGeneratesNothing(t *testing.T) {
	r, _, _ := demoReport(t)
	for id := range r.SDKs[0].Results {
		r.SDKs[0].Results[id] = Result{Status: NotGenerated}
	}
	site, err := HTMLSite(r, HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	page := site[HTMLTargetFile(0, r.SDKs[0])]
	table, filters := siteBlocks(t, page, 0)
	if len(table)+len(filters) != 0 || !strings.Contains(string(page), "It generates none of the report's cases.") {
		t.Errorf("a target generating nothing: blocks %v, filters %v", table, filters)
	}
}
