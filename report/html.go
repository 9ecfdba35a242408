package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/internal/quote"
)

// HTML renders the report as one static, self-contained page: inline CSS, no
// script, no font or image fetched, complete without JavaScript. Every
// string from the model reaches the page through html/template, after
// htmlText has made control and bidirectional-override characters visible, so
// a hostile case id renders as text. The markup is also well-formed XML
// (void elements self-closed, every attribute quoted), which lets the tests
// check its structure with encoding/xml.
//
// The page holds: a summary per SDK target (score, trend, provenance),
// what changed (when changes is not nil: newly failing first), per block
// its share of passing results and its interop score, the case × SDK
// matrix (each cell linked to the target's result), each target's section
// (counts per block and status, the cases that do not pass grouped by
// status and reason, failures first, the passing ones folded), and what
// the suite says of each case.
func HTML(r Report, changes *Changes) ([]byte, error) {
	return HTMLPage(r, HTMLOptions{Changes: changes})
}

// HTMLOptions are what an HTML rendering adds to the report.
type HTMLOptions struct {
	// Title is the index's title and heading, and follows each target's
	// name in its page's title: DefaultHTMLTitle when "". CheckTitle's
	// rules apply.
	Title   string
	Changes *Changes
	// History is the history before this report: each target's trend
	// (WithTrends). Without it, a page draws the trends the report's
	// targets carry (a merged JSON report's).
	History *History
}

// HTMLPage is HTML with the options: the whole report as one page.
func HTMLPage(r Report, o HTMLOptions) ([]byte, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	v := newHTMLView(r, o, htmlPages{})
	return renderHTML(v.page(htmlPages{}, -1))
}

// check refuses options no page can show.
func (o HTMLOptions) check() error {
	if o.Title == "" {
		return nil
	}
	if err := CheckTitle(o.Title); err != nil {
		return fmt.Errorf("report: the title: %w", err)
	}
	return nil
}

// HTMLIndexFile is the site's index page.
const HTMLIndexFile = "index.html"

// HTMLSite is the report as a site: HTMLIndexFile (summary, changes,
// blocks, matrix, cases) and one page per SDK target (HTMLTargetFile),
// by file name.
func HTMLSite(r Report, o HTMLOptions) (map[string][]byte, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	pages := htmlPages{index: HTMLIndexFile}
	for i, s := range r.SDKs {
		pages.targets = append(pages.targets, HTMLTargetFile(i, s))
	}
	v := newHTMLView(r, o, pages)
	out := map[string][]byte{}
	page, err := renderHTML(v.page(pages, -1))
	if err != nil {
		return nil, err
	}
	out[HTMLIndexFile] = page
	for i := range r.SDKs {
		if out[pages.targets[i]], err = renderHTML(v.page(pages, i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// HTMLTargetFile is the file of the i-th SDK target's page:
// "target-<i>-<repository>-<target>.html", names in lower case with every
// other character as '-' (the number keeps two targets apart).
func HTMLTargetFile(i int, s SDK) string {
	return "target-" + strconv.Itoa(i+1) + "-" + fileSlug(s.Repository+"-"+s.Target) + ".html"
}

// fileSlug is s as a short, safe file name part.
func fileSlug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case b.Len() >= 60:
		case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
			b.WriteRune(r)
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteByte('-')
			}
		}
	}
	return strings.Trim(b.String(), "-")
}

func renderHTML(v htmlView) ([]byte, error) {
	var b bytes.Buffer
	if err := htmlPage().Execute(&b, v); err != nil {
		return nil, fmt.Errorf("report: rendering HTML: %w", err)
	}
	return b.Bytes(), nil
}

// htmlStatuses is the order statuses are counted and explained in.
var htmlStatuses = []Status{Passed, Failed, KnownFailure, NotProvided, Exempted, Skipped, NotRun, NotGenerated}

// htmlStatusLook is how a status reads: a symbol and words, so no reader
// depends on the cell's colour, and the CSS class that colours it.
type htmlStatusLook struct{ Symbol, Label, Class string }

var htmlLooks = map[Status]htmlStatusLook{
	Passed:       {"✓", "pass", "s-pass"},
	Failed:       {"✗", "fail", "s-fail"},
	KnownFailure: {"⚠", "known failure", "s-known"},
	NotProvided:  {"∅", "not provided", "s-np"},
	Exempted:     {"⊘", "exempted", "s-ex"},
	Skipped:      {"↷", "skipped", "s-sk"},
	NotRun:       {"○", "not run", "s-notrun"},
	NotGenerated: {"–", "not generated", "s-none"},
}

// htmlLook is a status's look; a status this version does not know (a merged
// report from a newer bqgen) shows its own name.
func htmlLook(s Status) htmlStatusLook {
	if l, ok := htmlLooks[s]; ok {
		return l
	}
	return htmlStatusLook{"?", htmlText(string(s)), "s-other"}
}

// htmlID turns any string into the tail of an HTML id: ASCII letters,
// digits, '-' and '_' stay, every other byte becomes '.' and two hex digits.
// '.' itself is always escaped, so the mapping is injective: two case ids
// never share an element id, and no id can close an attribute.
func htmlID(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, ".%02x", c)
		}
	}
	return b.String()
}

// The ids of the page's elements. Each kind has its own prefix. A result's
// id is positional, "r<target>-<case>" (the case's place in the report): a
// report has one per target and case, and a case id in each (there and in
// the matrix cell linking to it) would take a 23-target page of the full
// suite over 2 MB. The case's own anchor keeps its id.
func htmlCaseID(caseID string) string { return "case-" + htmlID(caseID) }
func htmlResultID(sdk, caseIndex int) string {
	return "r" + strconv.Itoa(sdk) + "-" + strconv.Itoa(caseIndex)
}
func htmlSDKID(sdk int) string        { return "sdk-" + strconv.Itoa(sdk) }
func htmlBlockID(block string) string { return "block-" + htmlID(block) }

// htmlText makes a string from the model safe to show as text, beyond what
// html/template's escaping does: invalid UTF-8 becomes U+FFFD, and control
// characters (but newline and tab), bidirectional overrides and isolates and
// other invisible format characters are shown as ⟨U+XXXX⟩, so a name can
// neither reorder the text around it nor hide part of itself. The result is
// also valid in XML.
func htmlText(s string) string {
	return htmlVisible(s, false)
}

// htmlName is htmlText for one-line names (case ids, targets): newlines and
// tabs are made visible too, as the id "a\nb" is not the id "a b".
func htmlName(s string) string {
	return htmlVisible(s, true)
}

func htmlVisible(s string, oneLine bool) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		if htmlHidden(r, oneLine) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// htmlHidden says whether a rune would not show as itself (quote.Hidden:
// controls, format characters such as bidi marks and overrides and
// zero-width joiners, separators, and the code points XML forbids).
func htmlHidden(r rune, oneLine bool) bool {
	if r == '\n' || r == '\t' {
		return oneLine
	}
	return quote.Hidden(r)
}
