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
	root := t.TempDir()
	cfg := filepath.Join(root, "bqgen.yaml")
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
	idx, err := report.ReadIndex("index", data)
	if err != nil {
		t.Fatal(err)
	}
	var tests [][3]string
	for _, e := range idx.Tests {
		tests = append(tests, [3]string{e.Names[0].Name, "pass", ""})
	}
	results := filepath.Join(root, "go.json")
	if err := os.WriteFile(results, []byte(goEvents(idx.Tests[0].Names[0].Suite, tests...)), 0o644); err != nil {
		t.Fatal(err)
	}
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
	// An address that is not a plain https URL is refused.
	bad := append(append([]string{}, args...), "--repository", "javascript:alert(1)")
	if code, _, stderr := run(t, bad...); code == 0 || !strings.Contains(stderr, "--repository") {
		t.Errorf("a javascript: repository: %d\n%s", code, stderr)
	}
}
