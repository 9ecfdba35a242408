package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// axeCoreEnv names axe-core's axe.min.js (npm package axe-core, pinned by
// whoever installs it: `npm install axe-core@4.10.2`); without it the
// accessibility check skips.
const axeCoreEnv = "BQGEN_AXE_CORE"

// TestBrowserSite loads the demo report as a site in headless Chromium:
// the DOM it builds, screenshots at desktop and phone widths, the CSS-only
// status filter, and (with axe-core) an accessibility check.
func TestBrowserSite(t *testing.T) {
	b := newBrowser(t)
	r, h, ch := demoReport(t)
	pages, err := HTMLSite(r, HTMLOptions{Changes: ch, History: &h})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doms := map[string]map[string]*domNode{}
	control := filepath.Join(dir, "control.html")
	if err := os.WriteFile(control, []byte(`<html><body><img src="http://example.invalid/x.png" alt=""/></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if reqs := b.load(pageRequest{url: fileURL(control, "")}).requests; len(reqs) != 1 {
		t.Fatalf("the request log of a page fetching one image lists %v: the network check would see nothing", reqs)
	}
	for name := range pages {
		loaded := b.load(pageRequest{url: fileURL(filepath.Join(dir, name), "")})
		if len(loaded.requests) > 0 {
			t.Errorf("%s requests %v", name, loaded.requests)
		}
		root := parseMarkup(t, loaded.dom, false)
		if n := len(root.all(elementNamed("script"))); n != 0 {
			t.Errorf("%s: %d <script> elements", name, n)
		}
		doms[name] = elementsByID(t, root)
		doms[name]["#root"] = root
	}
	checkSiteLinks(t, doms, r)
	index := doms[HTMLIndexFile]
	if got := index["interop-score"].text(); got == "" || got == "–" {
		t.Errorf("interop score %q", got)
	}
	for i := range r.SDKs {
		ids := doms[HTMLTargetFile(i, r.SDKs[i])]
		sec := ids[htmlSDKID(i)]
		rows := sec.all(func(n *domNode) bool {
			return n.name == "tr" && n.within("table") != nil && n.within("table").attr["class"] == "target-blocks"
		})
		if want := 1 + len(generatedBlocks(r.Cases, r.SDKs[i])); len(rows) != want {
			t.Errorf("target %d: %d rows of block counts, want a header and one per block it generates (%d)", i, len(rows), want)
		}
		checkFailuresFirst(t, sec, i)
	}
	shots := []struct {
		page string
		w, h int
	}{{HTMLIndexFile, 1280, 2400}, {HTMLIndexFile, 390, 2400}, {HTMLTargetFile(1, r.SDKs[1]), 1280, 1600}, {HTMLTargetFile(1, r.SDKs[1]), 390, 1600}}
	for _, s := range shots {
		copyName := strings.TrimSuffix(s.page, ".html") + "-" + itoa(s.w) + ".html"
		path := filepath.Join(dir, copyName)
		if err := os.WriteFile(path, pages[s.page], 0o644); err != nil {
			t.Fatal(err)
		}
		img := b.load(pageRequest{url: fileURL(path, ""), width: s.w, height: s.h, screenshot: true}).image
		distinct, near := colours(img, 3, [3]uint8{255, 255, 255})
		if distinct < 16 || near[0] > s.w*s.h*98/100 {
			t.Errorf("%s at %d px is (nearly) blank", s.page, s.w)
		}
	}
	checkFitsDesktop(t, b, dir, pages[HTMLIndexFile], "#summary-table", "#blocks-table")
	checkFitsDesktop(t, b, dir, pages[HTMLTargetFile(1, r.SDKs[1])], ".target-blocks")
	checkFilter(t, b, dir, pages[HTMLIndexFile])
	checkFilterWithoutScript(t, b, dir, pages[HTMLIndexFile])
	checkAxe(t, b, dir, pages)
}

func itoa(n int) string { return strconv.Itoa(n) }

// generatedBlocks are the blocks of which s generates a case.
func generatedBlocks(cases []Case, s SDK) map[string]bool {
	out := map[string]bool{}
	for _, c := range cases {
		if htmlResult(s, c.ID).Status != NotGenerated {
			out[c.Block] = true
		}
	}
	return out
}

// checkSiteLinks: every link leads to an element of a page of the site, or
// to an address under the repository or suite URL the report was given.
func checkSiteLinks(t *testing.T, doms map[string]map[string]*domNode, r Report) {
	t.Helper()
	bases := []string{r.SuiteURL + "/"}
	for _, s := range r.SDKs {
		bases = append(bases, s.RepositoryURL+"/")
	}
	checked := 0
	for name, ids := range doms {
		for _, a := range ids["#root"].all(elementNamed("a")) {
			href := a.attr["href"]
			checked++
			if strings.HasPrefix(href, "https://") {
				ok := false
				for _, b := range bases {
					ok = ok || strings.HasPrefix(href, b)
				}
				if !ok {
					t.Errorf("%s: link %q is under no configured address", name, href)
				}
				continue
			}
			file, id, _ := strings.Cut(href, "#")
			if file == "" {
				file = name
			}
			if doms[file] == nil || (id != "" && doms[file][id] == nil) {
				t.Errorf("%s: link %q has no target", name, href)
			}
		}
	}
	t.Logf("%d links checked over %d pages", checked, len(doms))
}

// checkFailuresFirst: in a target's section, every group of cases that do
// not pass comes before the passing ones, failures first of all.
func checkFailuresFirst(t *testing.T, sec *domNode, i int) {
	t.Helper()
	var order []string
	for _, li := range sec.all(func(n *domNode) bool { return n.name == "li" && strings.HasPrefix(n.attr["class"], "fs fb st-") }) {
		order = append(order, strings.Fields(li.attr["class"])[2])
	}
	if len(order) == 0 || order[len(order)-1] != "st-pass" {
		t.Errorf("target %d: passing cases do not come last: %v", i, order)
	}
	for k, st := range order {
		if st == "st-fail" && k > 0 && order[k-1] != "st-fail" {
			t.Errorf("target %d: a failure comes after %s: %v", i, order[k-1], order)
		}
	}
}

// checkFitsDesktop loads a copy of a page with a measuring script at
// 1280 px and wants each table the selectors name as wide as its box at
// most: at a desktop's width the summary's last columns (the runner's
// figures) were cut off behind a scroll bar.
func checkFitsDesktop(t *testing.T, b *browser, dir string, page []byte, selectors ...string) {
	t.Helper()
	sel, _ := json.Marshal(selectors)
	probe := `<script>addEventListener('load',()=>{const o=[];for(const s of ` + string(sel) + `)for(const e of document.querySelectorAll(s))` +
		`o.push([s,e.scrollWidth,e.parentElement.clientWidth]);const p=document.createElement('pre');p.id='probe';p.textContent=JSON.stringify(o);document.body.append(p)})</script></body>`
	path := filepath.Join(dir, "fits-probe.html")
	if err := os.WriteFile(path, []byte(strings.Replace(string(page), "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := b.load(pageRequest{url: fileURL(path, ""), width: 1280, height: 2000, waitFor: "#probe"}).dom
	m := regexp.MustCompile(`<pre id="probe">([^<]*)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatal("the width probe reported nothing")
	}
	var tables [][3]any
	if err := json.Unmarshal(m[1], &tables); err != nil {
		t.Fatal(err)
	}
	if len(tables) == 0 {
		t.Fatalf("no table matches %v", selectors)
	}
	for _, tb := range tables {
		if w, box := tb[1].(float64), tb[2].(float64); w > box {
			t.Errorf("at 1280 px, %v is %v px wide in a box of %v px: its last columns are cut off", tb[0], w, box)
		}
	}
}

// checkFilter loads the index at #only-fail with a measuring script added
// to a copy (the page has none; the filter is CSS): every row it shows has
// a failure, and rows without one are hidden.
func checkFilter(t *testing.T, b *browser, dir string, page []byte) {
	t.Helper()
	probe := `<script>addEventListener('load',()=>{const o=[];for(const e of document.querySelectorAll('#matrix tr.fs'))` +
		`{if(e.querySelector('th[scope=rowgroup]'))continue;o.push([e.classList.contains('st-fail'),getComputedStyle(e).display!=='none'])}` +
		`const p=document.createElement('pre');p.id='probe';p.textContent=JSON.stringify(o);document.body.append(p)})</script></body>`
	path := filepath.Join(dir, "filter-probe.html")
	if err := os.WriteFile(path, []byte(strings.Replace(string(page), "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := b.load(pageRequest{url: fileURL(path, "#only-fail"), waitFor: "#probe"}).dom
	m := regexp.MustCompile(`<pre id="probe">([^<]*)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatal("the filter probe reported nothing")
	}
	var rows [][2]bool
	if err := json.Unmarshal(m[1], &rows); err != nil {
		t.Fatal(err)
	}
	shown, hidden := 0, 0
	for _, r := range rows {
		if r[0] != r[1] {
			t.Errorf("row with failure=%v shown=%v under #only-fail", r[0], r[1])
		}
		if r[1] {
			shown++
		} else {
			hidden++
		}
	}
	if shown == 0 || hidden == 0 {
		t.Errorf("#only-fail shows %d rows and hides %d", shown, hidden)
	}
	t.Logf("#only-fail: %d matrix rows shown, %d hidden", shown, hidden)
}

// checkFilterWithoutScript draws the index with script off, whole and
// filtered to failures: the filter changes what is drawn. Script is off
// through a Content-Security-Policy of script-src 'none' in a copy of the
// page (Chromium's own switch for it also stops --screenshot); a script
// added to the copy shows the policy holds.
func checkFilterWithoutScript(t *testing.T, b *browser, dir string, page []byte) {
	t.Helper()
	csp := `<head><meta http-equiv="Content-Security-Policy" content="script-src 'none'"/>`
	copyText := strings.Replace(strings.Replace(string(page), "<head>", csp, 1), "</body>", `<script>document.title='script ran'</script></body>`, 1)
	copyPath := filepath.Join(dir, "index-noscript.html")
	if err := os.WriteFile(copyPath, []byte(copyText), 0o644); err != nil {
		t.Fatal(err)
	}
	if dom := b.load(pageRequest{url: fileURL(copyPath, "")}).dom; strings.Contains(string(dom), "<title>script ran</title>") {
		t.Fatal("the policy did not stop the page's script")
	}
	shot := func(fragment string) []byte {
		return b.load(pageRequest{url: fileURL(copyPath, fragment), width: 1280, height: 2400, screenshot: true}).png
	}
	all, failing := shot(""), shot("#only-fail")
	if string(all) == string(failing) {
		t.Error("with script off, #only-fail draws the same page as the whole index")
	}
}

// checkAxe runs axe-core on every page at a desktop's width.
func checkAxe(t *testing.T, b *browser, dir string, pages map[string][]byte) {
	t.Helper()
	checkAxeAt(t, b, dir, pages, 1280)
}

// checkAxeAt runs axe-core on every page (a copy with axe and a runner
// added) in a viewport width px wide, and wants no violation: some rules
// (a scrolling region's focus, for one) hold only where the box scrolls.
func checkAxeAt(t *testing.T, b *browser, dir string, pages map[string][]byte, width int) {
	t.Helper()
	axePath := os.Getenv(axeCoreEnv)
	if axePath == "" {
		t.Log(axeCoreEnv + " is not set: no accessibility check")
		return
	}
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range pages {
		runner := `<script>` + string(axe) + `</script><script>axe.run(document,{resultTypes:['violations']}).then(r=>{const p=document.createElement('pre');p.id='axe-out';` +
			`p.textContent=JSON.stringify(r.violations.map(v=>({id:v.id,impact:v.impact,help:v.help,nodes:v.nodes.slice(0,3).map(n=>n.target.join(' '))})));document.body.append(p)})</script></body>`
		path := filepath.Join(dir, "axe-"+itoa(width)+"-"+name)
		if err := os.WriteFile(path, []byte(strings.Replace(string(page), "</body>", runner, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		dom := b.load(pageRequest{url: fileURL(path, ""), width: width, height: 2000, waitFor: "#axe-out", limit: 4 * chromiumTimeout}).dom
		m := regexp.MustCompile(`<pre id="axe-out">([^<]*)</pre>`).FindSubmatch(dom)
		if m == nil {
			t.Errorf("%s at %d px: axe reported nothing", name, width)
			continue
		}
		if string(m[1]) != "[]" {
			t.Errorf("%s at %d px: axe violations: %s", name, width, m[1])
		} else {
			t.Logf("%s at %d px: axe-core, no violations", name, width)
		}
	}
}
