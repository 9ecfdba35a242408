package report

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/results"
)

// The CommonMark + GitHub-flavoured Markdown renderer the test renders
// with, pinned: micromark implements both specifications, GFM's tables and
// autolink literals included.
const renderPackages = `{"private": true, "type": "module", "dependencies": {"micromark": "4.0.2", "micromark-extension-gfm": "3.0.0"}}`

const renderScript = `import {micromark} from 'micromark'
import {gfm, gfmHtml} from 'micromark-extension-gfm'
import {readFileSync} from 'node:fs'
const doc = readFileSync(0, 'utf8')
// Raw HTML and every protocol let through: whatever the Markdown holds
// shows in the HTML, so the test sees it.
process.stdout.write(micromark(doc, {allowDangerousHtml: true, allowDangerousProtocol: true, extensions: [gfm()], htmlExtensions: [gfmHtml()]}))
`

// mdAttacks are names a suite, a result file, a merged report or a history
// could hold, each built to add HTML, a link or an image to the page, or to
// change its structure.
var mdAttacks = []string{
	"<img src=x onerror=alert(1)>", "[click](http://evil)", "![x](http://evil)", "<!-- hide the rest",
	"`code` ``x``", "a|b|c", "1. item", "# heading", "> quote", "http://evil.example", "https://evil.example/p?q=1",
	"www.evil.example", "_www.evil.example_", "(www.evil.example)", "mail@evil.example", "<http://evil.example>",
	"**bold** __b__ ~~s~~", "&lt;img&gt; &#60;b&#62;", "\u202Eevil\u2066x\u2069", "zero\u200Bwidth", "line\nbreak\r\n- item",
	"[ref]: http://evil.example", "[^1]", "trailing\\", "---", "===", "<div>", "javascript:alert(1)", "[x][ref]",
	"<script>alert(1)</script>", "xmpp:a@evil.example", "mailto:a@evil.example", "ftp://evil.example",
}

// hostileReport puts every attack into every place a Markdown output shows
// a string from its input; with benign set, the same report with each
// attack replaced by a plain word, for the structure bqgen writes.
func mdAttackReport(benign bool) (Report, *Changes) {
	s := func(i int) string {
		a := mdAttacks[i%len(mdAttacks)]
		if benign {
			return "plain"
		}
		return a
	}
	var cases []Case
	res := map[string]Result{}
	var unknown []results.Test
	var changes []Change
	for i := range mdAttacks {
		id := "cases/" + s(i) + string(rune('a'+i%26)) + strings.Repeat("z", i/26)
		if benign {
			id = "cases/plain" + string(rune('a'+i%26)) + strings.Repeat("z", i/26)
		}
		cases = append(cases, Case{ID: id, Block: "cases"})
		res[id] = Result{Status: Statuses[i%len(Statuses)], Reason: s(i + 1), Message: s(i + 2)}
		unknown = append(unknown, results.Test{Suite: s(i), Name: s(i + 3), Outcome: results.Fail, Message: s(i + 4)})
		changes = append(changes, Change{Repository: s(i), Target: s(i + 5), Case: id, From: Passed, To: Failed})
	}
	r := Report{Newest: "1.4.0" + s(6), Cases: cases, SDKs: []SDK{{Repository: s(0), Target: s(1), Lang: s(2), ConformanceVersion: "1.3.0" + s(3),
		Results: res, Unknown: unknown, Others: 1}}}
	ch := &Changes{Previous: s(7), NewlyFailing: changes, Other: changes, AddedSDKs: []string{s(8), s(9)}, RemovedSDKs: []string{s(10)}}
	return r, ch
}

// Every Markdown output rendered by a CommonMark + GFM renderer holds the
// HTML elements bqgen wrote and no other: no raw HTML, link or image from
// a name, a message, a status or a history; bidi characters show as
// ⟨U+XXXX⟩.
func TestMarkdownRendersNoHTMLItDidNotWrite(t *testing.T) {
	tier.Toolchain(t, "node (micromark from npm)")
	dir := renderer(t)
	for _, out := range []struct {
		name   string
		render func(Report, *Changes) []byte
	}{
		{"report", Markdown},
		{"blocks", func(r Report, _ *Changes) []byte { return BlockTable(r) }},
	} {
		t.Run(out.name, func(t *testing.T) {
			hostile := render(t, dir, out.render(mdAttackReport(false)))
			plain := render(t, dir, out.render(mdAttackReport(true)))
			if got, want := elements(hostile), elements(plain); !slices.Equal(got, want) {
				t.Errorf("the hostile report renders other elements than bqgen writes:\n got %v\nwant %v\nHTML:\n%s", got, want, hostile)
			}
			for _, bad := range []string{"<img", "<a ", "<script", "<!--", "<div", "\u202E", "\u200B", "onerror=alert(1)>"} {
				if strings.Contains(hostile, bad) {
					t.Errorf("the HTML holds %q:\n%s", bad, hostile)
				}
			}
			if out.name == "report" && !strings.Contains(hostile, "⟨U+202E⟩evil⟨U+2066⟩x⟨U+2069⟩") {
				t.Errorf("bidi characters are not shown as ⟨U+XXXX⟩:\n%s", hostile)
			}
		})
	}
}

var elementStart = regexp.MustCompile(`<(/?[a-zA-Z][a-zA-Z0-9]*)`)

// elements are the HTML element tags in html, in order.
func elements(html string) []string {
	var out []string
	for _, m := range elementStart.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// renderer installs the pinned renderer into a fresh directory.
func renderer(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	dir := t.TempDir()
	for name, content := range map[string]string{"package.json": renderPackages, "render.mjs": renderScript} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	npm := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund", "--ignore-scripts")
	npm.Dir = dir
	if out, err := npm.CombinedOutput(); err != nil {
		t.Skipf("npm install (no registry?): %v\n%s", err, out)
	}
	return dir
}

// render is the renderer's HTML for the Markdown md.
func render(t *testing.T, dir string, md []byte) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "render.mjs")
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(md)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("render: %v\n%s", err, stderr.String())
	}
	return string(out)
}
