package report

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"testing/quick"
)

func renderHostile(t *testing.T) ([]byte, Report, *Changes) {
	t.Helper()
	r, ch := hostileReport()
	page, err := HTML(r, ch)
	if err != nil {
		t.Fatal(err)
	}
	return page, r, ch
}

// pageElements are the only elements the page may have: a hostile name that
// opened a tag would show up as another.
var pageElements = map[string]bool{
	"#root": true, "#text": true, "html": true, "head": true, "meta": true, "title": true, "style": true,
	"body": true, "header": true, "h1": true, "h2": true, "h3": true, "h4": true, "p": true, "span": true,
	"nav": true, "a": true, "main": true, "section": true, "table": true, "caption": true, "thead": true,
	"tbody": true, "tr": true, "th": true, "td": true, "br": true, "bdi": true, "details": true,
	"summary": true, "pre": true, "ul": true, "li": true, "div": true, "strong": true,
	"svg": true, "polyline": true, "circle": true, "time": true,
}

// checkPage checks what the page and the browser's DOM of it must both
// satisfy: no element or attribute but the page's own, no reference outside
// the page, unique ids, every link resolving, and the hostile text shown as
// text.
func checkPage(t *testing.T, root *domNode, r Report) map[string]*domNode {
	t.Helper()
	ids := elementsByID(t, root)
	for _, n := range root.all(func(*domNode) bool { return true }) {
		if !pageElements[n.name] {
			t.Errorf("unexpected element <%s> (injected?) under <%s>", n.name, n.parent.name)
		}
		for a, v := range n.attr {
			if strings.HasPrefix(a, "on") || a == "src" || a == "style" {
				t.Errorf("<%s> has attribute %s=%q", n.name, a, v)
			}
			if a == "href" {
				if !strings.HasPrefix(v, "#") {
					t.Errorf("<%s> links outside the page: %q", n.name, v)
				} else if ids[v[1:]] == nil {
					t.Errorf("link %q has no target", v)
				}
			}
		}
	}
	text := root.text()
	for _, want := range []string{
		"<script>document.title='pwned'</script>",
		`quote"'&amp;<b>`,
		"node<script>alert('repo')</script>",
		"⟨U+202E⟩evil⟨U+2066⟩x",
		"nul⟨U+0000⟩esc⟨U+001B⟩[31mdel⟨U+007F⟩",
		"new⟨U+000A⟩line",
		"bad\uFFFDutf8",
		"expected <b>1</b> & got 2\n</pre><script>document.title='pwned'</script>",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not show %q as text", want)
		}
	}
	if strings.ContainsAny(text, "\u202E\u2066\x00\x1b") {
		t.Error("the page shows a bidi override or a control character as itself")
	}
	titles := root.all(func(n *domNode) bool { return n.name == "title" && n.parent.name == "head" })
	if len(titles) != 1 || titles[0].text() != "BabelQueue conformance report" {
		t.Errorf("title: %v", titles)
	}
	return ids
}

// checkMatrix checks the case × SDK table: its headers, one row per case in
// order, one cell per SDK target showing a symbol and the status in words,
// and each cell's link leading to that case's section and that target's
// details.
func checkMatrix(t *testing.T, root *domNode, ids map[string]*domNode, r Report) {
	t.Helper()
	table := ids["matrix"]
	if table == nil || table.name != "table" {
		t.Fatal("no table#matrix")
	}
	if len(table.all(elementNamed("caption"))) != 1 || len(table.all(elementNamed("thead"))) != 1 {
		t.Error("the matrix needs one caption and one thead")
	}
	cols := table.all(func(n *domNode) bool { return n.name == "th" && n.attr["scope"] == "col" })
	if len(cols) != len(r.SDKs)+1 {
		t.Fatalf("%d column headers, want %d", len(cols), len(r.SDKs)+1)
	}
	for i, sdk := range r.SDKs {
		if got := cols[i+1].text(); !strings.Contains(got, htmlName(sdk.Repository)) || !strings.Contains(got, htmlName(sdk.Target)) {
			t.Errorf("column %d reads %q", i+1, got)
		}
	}
	rowHeads := table.all(func(n *domNode) bool { return n.name == "th" && n.attr["scope"] == "row" })
	if len(rowHeads) != len(r.Cases) {
		t.Fatalf("%d row headers, want one per case (%d)", len(rowHeads), len(r.Cases))
	}
	for k, c := range r.Cases {
		th := rowHeads[k]
		if th.text() != htmlName(c.ID) {
			t.Errorf("row %d reads %q, want %q", k, th.text(), htmlName(c.ID))
		}
		cells := th.parent.all(elementNamed("td"))
		if len(cells) != len(r.SDKs) {
			t.Fatalf("row %q has %d cells", c.ID, len(cells))
		}
		for i, td := range cells {
			res := htmlResult(r.SDKs[i], c.ID)
			look := htmlLook(res.Status)
			// The symbol comes from the CSS (td.<class> > a::before),
			// the words from the markup.
			if got := strings.TrimSpace(td.text()); got != look.Label || td.attr["class"] != look.Class {
				t.Errorf("cell %q × %d reads %q (class %q)", c.ID, i, got, td.attr["class"])
			}
			links := td.all(elementNamed("a"))
			if len(links) != 1 {
				t.Fatalf("cell %q × %d has %d links", c.ID, i, len(links))
			}
			target := ids[strings.TrimPrefix(links[0].attr["href"], "#")]
			checkEntry(t, target, i, k, c, r.SDKs[i], res)
		}
	}
}

// checkEntry checks a cell's target: for a generated case, the entry of
// the target's section listing the case (under its status and reason, or
// among the passing ones) and linking to what the suite says of it; for a
// case the target does not generate, that case's own section.
func checkEntry(t *testing.T, d *domNode, i, k int, c Case, sdk SDK, res Result) {
	t.Helper()
	if res.Status == NotGenerated {
		if d == nil || d.attr["id"] != htmlCaseID(c.ID) {
			t.Errorf("not-generated cell %q × %d links to %v, want the case's section", c.ID, i, d)
		}
		return
	}
	if d == nil || d.name != "li" || d.attr["id"] != htmlResultID(i, k) {
		t.Fatalf("cell %q × %d links to %v, want its result entry", c.ID, i, d)
	}
	sec := d.within("section")
	if sec == nil || sec.attr["id"] != htmlSDKID(i) {
		t.Fatalf("result %q × %d is not in its target's section", c.ID, i)
	}
	if a := d.all(elementNamed("a")); len(a) == 0 || (a[0].attr["href"] != "#"+htmlCaseID(c.ID) && a[0].attr["href"] != testURL(sdk, res)) || a[0].text() != htmlName(c.ID) {
		t.Errorf("result %q × %d does not link to its case: %v", c.ID, i, a)
	}
	group := d.parent.parent // li.group > ul.ids > li#res (passing: inside <details>)
	if res.Status == Passed {
		group = d.within("details")
	}
	if group == nil {
		t.Fatalf("result %q × %d is in no group", c.ID, i)
	}
	got := group.text()
	for _, want := range []string{htmlLook(res.Status).Label, firstLine(htmlText(res.Reason)), firstLine(htmlText(res.Message))} {
		if res.Status != Passed && !strings.Contains(got, want) {
			t.Errorf("group of %q on %d lacks %q:\n%s", c.ID, i, want, got)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func TestHTMLIsWellFormedAndEscapesHostileNames(t *testing.T) {
	page, r, _ := renderHostile(t)
	root := parseMarkup(t, page, true)
	checkPage(t, root, r)
	if bytes.Contains(page, []byte("<script")) || bytes.Contains(page, []byte("<img")) {
		t.Error("the page has a <script> or <img> tag")
	}
	if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>\n<html lang=\"en\">")) {
		t.Errorf("page starts %q", page[:40])
	}
}

func TestHTMLMatrixCellsLinkToTheirDetails(t *testing.T) {
	page, r, _ := renderHostile(t)
	root := parseMarkup(t, page, true)
	checkMatrix(t, root, checkPage(t, root, r), r)
}

func TestHTMLSummaryCountsAndOlderSuite(t *testing.T) {
	page, r, _ := renderHostile(t)
	ids := elementsByID(t, parseMarkup(t, page, true))
	for i, sdk := range r.SDKs {
		row := ids["row-"+htmlSDKID(i)]
		if row == nil {
			t.Fatalf("no summary row for SDK %d", i)
		}
		if !strings.Contains(row.text(), "("+sdk.Lang+")") {
			t.Errorf("SDK %d: no language in %q", i, row.text())
		}
		older := strings.Contains(row.text(), "older suite")
		if older != (sdk.ConformanceVersion != r.Newest) {
			t.Errorf("SDK %d (%s): older flag %v", i, sdk.ConformanceVersion, older)
		}
		var cells []string
		for _, td := range row.all(elementNamed("td"))[3:] {
			cells = append(cells, td.text())
		}
		want := []string{}
		for _, s := range htmlStatuses {
			n := 0
			for _, c := range r.Cases {
				if htmlResult(sdk, c.ID).Status == s {
					n++
				}
			}
			want = append(want, strconv.Itoa(n))
		}
		runner := strconv.Itoa(sdk.Runner.Passed) + " / " + strconv.Itoa(sdk.Runner.Failed) + " / " + strconv.Itoa(sdk.Runner.Skipped)
		want = append(want, runner+strconv.Itoa(len(sdk.Unknown))+" unknown"+strconv.Itoa(sdk.Others)+" not bqgen's")
		if strings.Join(cells, ",") != strings.Join(want, ",") {
			t.Errorf("SDK %d counts %v, want %v", i, cells, want)
		}
	}
	unlisted := ids[htmlSDKID(0)].text()
	for _, want := range []string{"TestGhost/\"x\"⟨U+000A⟩⟨U+202E⟩evil", "conformance<script>", "boom </td>", "Unknown tests (1)", "○ not run × 2"} {
		if !strings.Contains(unlisted, want) {
			t.Errorf("the target's section lacks %q", want)
		}
	}
}

func TestHTMLChangesComeFirstNewlyFailingThenPassing(t *testing.T) {
	page, r, _ := renderHostile(t)
	ids := elementsByID(t, parseMarkup(t, page, true))
	sec := ids["changes"]
	if sec == nil {
		t.Fatal("no changes section")
	}
	text := sec.text()
	p, f, o := strings.Index(text, "Newly passing (1)"), strings.Index(text, "Newly failing (1)"), strings.Index(text, "Other changes (1)")
	if f < 0 || !(f < p && p < o) {
		t.Errorf("changes out of order or missing:\n%s", text)
	}
	links := sec.all(elementNamed("a"))
	if len(links) != 2 || links[1].attr["href"] != "#"+htmlResultID(0, htmlCaseIndex(r)["core/plain_case"]) {
		t.Errorf("changes link %v; the removed target's change must have no link", links)
	}
	if !strings.Contains(text, "core/removed<i> on gone · gone core: ○ not run → ∅ not provided") {
		t.Errorf("other change reads:\n%s", text)
	}
	plain, err := HTML(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte(`id="changes"`)) || bytes.Contains(plain, []byte(`href="#changes"`)) {
		t.Error("a report without history has a changes section")
	}
}

func TestHTMLBlockShare(t *testing.T) {
	r := Report{Newest: "1", Cases: []Case{{ID: "a/1", Block: "a"}, {ID: "a/2", Block: "a"}, {ID: "b/1", Block: "b"}}}
	res := func(a1, a2, b1 Status) map[string]Result {
		return map[string]Result{"a/1": {Status: a1}, "a/2": {Status: a2}, "b/1": {Status: b1}}
	}
	r.SDKs = []SDK{
		{Target: "x", Results: res(Passed, Passed, NotGenerated)},
		{Target: "y", Results: res(Passed, NotProvided, Passed)},
		{Target: "z", Results: res(NotGenerated, Passed, Passed)},
	}
	blocks, all := newHTMLBlocks(r, htmlPages{})
	got := []string{}
	for _, b := range blocks {
		got = append(got, b.Name+":"+strconv.Itoa(b.Passed)+"/"+strconv.Itoa(b.Generated)+"="+b.Share+
			" interop "+strconv.Itoa(b.Interop.Passing)+"/"+strconv.Itoa(b.Interop.Run)+" "+strings.Join(b.PerSDK, ",")+" -"+strconv.Itoa(b.NotGenerating))
	}
	// Over cases: a/1 passes on x and y (z does not generate it), a/2
	// is not provided on y: 4 of 5 results pass, 1 of 2 cases everywhere.
	if want := "a:4/5=80% interop 1/2 2/2,1/2,1/1 -0,b:2/2=100% interop 1/1 —,1/1,1/1 -1"; strings.Join(got, ",") != want {
		t.Errorf("shares %v, want %s", got, want)
	}
	if all.Passing != 2 || all.Run != 3 || all.Share != "66%" {
		t.Errorf("overall interop %+v, want 2/3 (66%%)", all)
	}
}

func TestHTMLIsDeterministic(t *testing.T) {
	first, _, _ := renderHostile(t)
	for i := 0; i < 20; i++ { // Results is a map: iteration order must not leak
		again, _, _ := renderHostile(t)
		if !bytes.Equal(first, again) {
			t.Fatal("two renderings of one report differ")
		}
	}
}

// unID inverts htmlID, proving it injective.
func unID(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			x, _ := hex.DecodeString(s[i+1 : i+3])
			b.Write(x)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestHTMLIDIsSafeAndInjective(t *testing.T) {
	seen := map[string]string{}
	for _, id := range hostileIDs {
		h := htmlID(id)
		if other, dup := seen[h]; dup {
			t.Errorf("%q and %q share id %q", id, other, h)
		}
		seen[h] = id
	}
	prop := func(s string) bool {
		h := htmlID(s)
		return strings.Trim(h, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == "" && unID(h) == s
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
	for _, s := range hostileIDs {
		if !prop(s) {
			t.Errorf("htmlID(%q) = %q", s, htmlID(s))
		}
	}
	if htmlResultID(1, 23) == htmlResultID(12, 3) {
		t.Error("result ids of different targets collide")
	}
}

func TestHTMLOlder(t *testing.T) {
	for _, c := range []struct {
		v, newest string
		older     bool
	}{
		{"1.3.0", "1.4.0", true}, {"1.4.0", "1.4.0", false}, {"1.10.0", "1.9.0", false},
		{"1.9.0", "1.10.0", true}, {"1.4", "1.4.0", true}, {"2.0.0", "1.9.9", false}, {"", "1.0.0", true},
	} {
		if got := htmlOlder(c.v, c.newest); got != c.older {
			t.Errorf("htmlOlder(%q, %q) = %v", c.v, c.newest, got)
		}
	}
}
