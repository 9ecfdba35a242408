package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/report"
)

// The HTML site from a bqgen.yaml with repository: and commit:: an index
// and a target page, each case linked to its generated test's line there
// and to its fixture under --suite-url, the day as --date gives it.
func TestReportHTMLSite(t *testing.T) {
	t.Parallel()
	root, cfg, results, idx := goTargetPassing(t)
	site := filepath.Join(root, "site") + string(filepath.Separator)
	args := []string{"report", "--config", cfg, "--results", results, "--name", "sdk-go", "--format", "html", "--output", site,
		"--suite-url", "https://github.com/example/conformance/blob/1.4.0/", "--date", "2026-12-01"}
	if code, stdout, stderr := run(t, args...); code != 0 || stdout != "" {
		t.Fatalf("report: %d\n%s\n%s", code, stdout, stderr)
	}
	index, err := os.ReadFile(filepath.Join(site, report.HTMLIndexFile))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(site, "target-1-sdk-go-go-core.html"))
	if err != nil {
		t.Fatal(err)
	}
	first := idx.Tests[0]
	for _, want := range []string{
		`href="https://github.com/example/sdk-go/blob/0123abc/sdk/` + first.File + `#L`,
		`href="https://github.com/example/sdk-go/commit/0123abc"`,
		"ran <time>2026-12-01</time>",
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the target page lacks %q", want)
		}
	}
	if !strings.Contains(string(index), `href="https://github.com/example/conformance/blob/1.4.0/fixtures/`) ||
		!strings.Contains(string(index), `href="https://github.com/example/conformance/blob/1.4.0/manifest.json#L`) {
		t.Error("the index does not link the cases' fixtures and manifest entries")
	}
	if first.File == "" || first.Line == 0 {
		t.Errorf("the go index gives no file and line: %+v", first)
	}
	checkNoMachinePath(t, site, root)
	// An absolute --out has no place in the repository: its tests are not
	// linked, and its path shows nowhere.
	abs := filepath.Join(root, "abs") + string(filepath.Separator)
	if code, _, stderr := run(t, "report", "--lang", "go", "--out", filepath.Join(root, "sdk"), "--blocks", "cases", "--results", results,
		"--repository", "https://github.com/example/sdk-go", "--format", "html", "--output", abs); code != 0 {
		t.Fatalf("report --out ABSOLUTE: %d\n%s", code, stderr)
	}
	checkNoMachinePath(t, abs, root)
	// An address that is not a plain https URL is refused.
	bad := append(append([]string{}, args...), "--repository", "javascript:alert(1)")
	if code, _, stderr := run(t, bad...); code == 0 || !strings.Contains(stderr, "--repository") {
		t.Errorf("a javascript: repository: %d\n%s", code, stderr)
	}
}

// goTargetPassing is a checkout (root) whose bqgen.yaml (cfg) has a Go
// target of the cases block with repository: and commit:, generated, and
// a go test -json file (results) in which each of its tests passes.
func goTargetPassing(t *testing.T) (root, cfg, results string, idx report.Index) {
	t.Helper()
	root = t.TempDir()
	cfg = filepath.Join(root, "bqgen.yaml")
	yaml := "version: 1\ntargets:\n  - lang: go\n    out: sdk\n    blocks: [cases]\n" +
		"    repository: https://github.com/example/sdk-go\n    commit: 0123abc\n"
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "sdk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("generate: %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(root, "sdk", backend.IndexFileName))
	if err != nil {
		t.Fatal(err)
	}
	idx, err = report.ReadIndex("index", data)
	if err != nil {
		t.Fatal(err)
	}
	var tests [][3]string
	for _, e := range idx.Tests {
		tests = append(tests, [3]string{e.Names[0].Name, "pass", ""})
	}
	results = filepath.Join(root, "go.json")
	if err := os.WriteFile(results, []byte(goEvents(idx.Tests[0].Names[0].Suite, tests...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, cfg, results, idx
}

// A trend whenever a history is given: the first run with --history (no
// entry yet) draws a dot, the next a line; and the Action's way, a JSON
// report written with --history and then rendered with --merge (no
// history), draws the same, as the trend travels in the JSON.
func TestReportHTMLTrendWithHistory(t *testing.T) {
	t.Parallel()
	root, cfg, results, _ := goTargetPassing(t)
	base := []string{"report", "--config", cfg, "--results", results, "--name", "sdk-go"}
	trend := func(page string) (dots, lines int) {
		return strings.Count(page, `<svg class="trend"`), strings.Count(page, "<polyline")
	}
	direct, viaJSON := filepath.Join(root, "direct.json"), filepath.Join(root, "action.json")
	for n, want := range [][2]int{{2, 0}, {2, 2}} { // the summary and the target's section
		out := filepath.Join(root, "direct.html")
		if code, _, stderr := run(t, append(base, "--history", direct, "--format", "html", "--output", out)...); code != 0 {
			t.Fatalf("run %d: %d\n%s", n+1, code, stderr)
		}
		page, _ := os.ReadFile(out)
		if dots, lines := trend(string(page)); dots != want[0] || lines != want[1] {
			t.Errorf("run %d, --format html --history: %d trends and %d lines, want %v", n+1, dots, lines, want)
		}
		rep := filepath.Join(root, "report.json")
		if code, _, stderr := run(t, append(base, "--history", viaJSON, "--format", "json", "--output", rep)...); code != 0 {
			t.Fatalf("run %d (json): %d\n%s", n+1, code, stderr)
		}
		code, stdout, stderr := run(t, "report", "--merge", rep, "--format", "html")
		if code != 0 {
			t.Fatalf("run %d (--merge): %d\n%s", n+1, code, stderr)
		}
		if dots, lines := trend(stdout); dots != want[0] || lines != want[1] {
			t.Errorf("run %d, --merge of a JSON report written with --history: %d trends and %d lines, want %v", n+1, dots, lines, want)
		}
	}
}

// --title names the HTML report, escaped as text; a title that is too
// long or holds a control character is a usage error naming the flag,
// before any input is read; without it the title is what it was.
func TestReportHTMLTitle(t *testing.T) {
	t.Parallel()
	root, cfg, results, _ := goTargetPassing(t)
	base := []string{"report", "--config", cfg, "--results", results, "--name", "sdk-go", "--format", "html"}
	for title, want := range map[string]string{
		"":                          "<title>BabelQueue conformance report</title>",
		`Go SDK <i>conformance</i>`: "<title>Go SDK &lt;i&gt;conformance&lt;/i&gt;</title>",
	} {
		args := base
		if title != "" {
			args = append(append([]string{}, base...), "--title", title)
		}
		code, stdout, stderr := run(t, args...)
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("--title %q: %d, want %s in the page\n%s", title, code, want, stderr)
		}
		if h1 := strings.Replace(want, "title>", "h1>", 2); !strings.Contains(stdout, h1) {
			t.Errorf("--title %q: no heading %s", title, h1)
		}
	}
	for _, title := range []string{strings.Repeat("t", 201), "two\nlines", "\x1b[31mred", ""} {
		args := append(append([]string{}, base...), "--title", title, "--output", filepath.Join(root, "never.html"))
		code, _, stderr := run(t, args...)
		if code != 2 || !strings.Contains(stderr, "--title") {
			t.Errorf("--title %q: exit %d, want 2 naming --title\n%s", title, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(root, "never.html")); err == nil {
			t.Errorf("--title %q: a report was written", title)
		}
	}
}

// checkNoMachinePath wants no page of the site in dir to hold the path of
// the machine's checkout (root, with either slash), nor a link to a file:
// address or an absolute path: the site is published, and its links lead
// into the repository, relative to the checkout.
func checkNoMachinePath(t *testing.T, dir, root string) {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(pages) < 2 {
		t.Fatalf("the site in %s: %v, %v", dir, pages, err)
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		for _, bad := range []string{root, filepath.ToSlash(root), `href="file:`, `href="/`} {
			if strings.Contains(page, bad) {
				t.Errorf("%s holds %q", filepath.Base(p), bad)
			}
		}
	}
}
