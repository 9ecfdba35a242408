package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fitProbe measures a loaded page, as JSON: the document's scroll width,
// the viewport's width, the first elements that stick out of the viewport
// outside any scrolling box of their own (what makes the page scroll
// sideways), and the tables that scroll inside their box (.wide), each
// as "<table's id or class> <its width>/<the box's>".
const fitProbe = `(() => {
  const w = window.innerWidth, out = [];
  const scrolls = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
    if (getComputedStyle(p).overflowX !== 'visible') return true; return false; };
  for (const e of document.body.querySelectorAll('*')) {
    if (out.length < 8 && e.getBoundingClientRect().right > w + 0.5 && !scrolls(e))
      out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className.split(' ').join('.') : '') +
        ' right=' + Math.round(e.getBoundingClientRect().right));
  }
  const boxes = [...document.querySelectorAll('.wide')].filter(e => e.scrollWidth > e.clientWidth)
    .map(e => (e.firstElementChild.id || e.firstElementChild.className || 'table') + ' ' + e.scrollWidth + '/' + e.clientWidth);
  return JSON.stringify({scrollWidth: document.documentElement.scrollWidth, innerWidth: w, over: out, boxes});
})()`

// pageFit is what fitProbe measured.
type pageFit struct {
	ScrollWidth int      `json:"scrollWidth"`
	InnerWidth  int      `json:"innerWidth"`
	Over        []string `json:"over"`
	Boxes       []string `json:"boxes"`
}

// The widths a docs page is read at: a desktop's and a phone's.
var fitWidths = []int{1280, 390}

// TestBrowserPagesFit loads the one-page report, the site's index and a
// target page of the site at a desktop's and a phone's width: none scrolls
// sideways (a wide table scrolls inside its own box), and axe-core (where
// it is installed) finds nothing at either width.
func TestBrowserPagesFit(t *testing.T) {
	b := newBrowser(t)
	r, h, ch := wideReport(t)
	o := HTMLOptions{Changes: ch, History: &h}
	single, err := HTMLPage(r, o)
	if err != nil {
		t.Fatal(err)
	}
	site, err := HTMLSite(r, o)
	if err != nil {
		t.Fatal(err)
	}
	target := HTMLTargetFile(2, r.SDKs[2])
	pages := map[string][]byte{"single.html": single, HTMLIndexFile: site[HTMLIndexFile], target: site[target]}
	dir := t.TempDir()
	for name, data := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"single.html", HTMLIndexFile, target} {
		for _, w := range fitWidths {
			checkFits(t, b, filepath.Join(dir, name), w)
		}
	}
	for _, w := range fitWidths {
		checkAxeAt(t, b, dir, pages, w)
	}
}

// checkFits loads a page at width px and wants its document no wider; at
// a desktop's width, every table but the matrix (a column per target)
// fits its box without scrolling. The fragment names the screenshot
// BQGEN_REPORT_SCREENSHOTS keeps after the width.
func checkFits(t *testing.T, b *browser, path string, width int) {
	t.Helper()
	var fit pageFit
	value := b.load(pageRequest{url: fileURL(path, "#w"+itoa(width)), width: width, height: 1400, evaluate: fitProbe, screenshot: true}).value
	if err := json.Unmarshal([]byte(value), &fit); err != nil {
		t.Fatalf("the fit probe said %q: %v", value, err)
	}
	t.Logf("%s at %d px: scrollWidth %d, innerWidth %d; boxes that scroll: %v", filepath.Base(path), width, fit.ScrollWidth, fit.InnerWidth, fit.Boxes)
	if fit.InnerWidth != width || fit.ScrollWidth > fit.InnerWidth {
		t.Errorf("%s at %d px scrolls sideways: scrollWidth %d > innerWidth %d; sticking out: %s",
			filepath.Base(path), width, fit.ScrollWidth, fit.InnerWidth, strings.Join(fit.Over, ", "))
	}
	for _, box := range fit.Boxes {
		if width >= 1280 && !strings.HasPrefix(box, "matrix ") {
			t.Errorf("%s at %d px: a table scrolls in its box (width/box): %s", filepath.Base(path), width, box)
		}
	}
}
