package app

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
)

// The attacks of issue 27 on the files a checkout supplies, rebuilt: each
// is refused with a message naming the file, within the budget, and no
// file outside the checkout is read or written.

const secret = "TOP-SECRET-CONTENT"

// outsideSecret is a file outside every checkout holding secret.
func outsideSecret(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "secret.xml")
	if err := os.WriteFile(p, []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A runner configuration generate reads for its wiring check that is a
// link to /dev/zero, a FIFO or a link to a file outside the checkout is
// refused, naming it, at once; its content is never printed.
func TestGenerateRefusesHostileRunnerConfigs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, lang, file, want string
		lay                    func(t *testing.T, p string) error
	}{
		{"dev-zero link", "node", "package.json", "it is a symbolic link", func(t *testing.T, p string) error { return os.Symlink("/dev/zero", p) }},
		{"fifo", "java", "pom.xml", "is a named pipe (FIFO), not a regular file", func(t *testing.T, p string) error { return mkfifo(p) }},
		{"outside link", "php", "phpunit.xml", "it is a symbolic link", func(t *testing.T, p string) error { return os.Symlink(outsideSecret(t), p) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if runtime.GOOS == "windows" {
				t.Skip("links and FIFOs need Unix")
			}
			dir := t.TempDir()
			file := filepath.Join(dir, c.file)
			if err := c.lay(t, file); err != nil {
				t.Skip(err)
			}
			start := time.Now()
			_, stdout, stderr := run(t, "generate", "--lang", c.lang, "--out", dir, "--blocks", "cases")
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v, budget 10 s", d)
			}
			if !strings.Contains(stderr, file+": "+c.want) {
				t.Errorf("stderr does not refuse %s (%q):\n%s", file, c.want, stderr)
			}
			if strings.Contains(stdout+stderr, secret) {
				t.Errorf("the content of a file outside the checkout was printed:\n%s%s", stdout, stderr)
			}
		})
	}
}

// A result file over the limit is refused before it is read (a sparse file
// of the size costs no disk and no time).
func TestReportRefusesAHugeResultFile(t *testing.T) {
	t.Parallel()
	res := filepath.Join(t.TempDir(), "go.json")
	f, err := os.Create(res)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(safefile.Result.Limit + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	start := time.Now()
	code, _, stderr := run(t, "report", "--lang", "go", "--out", t.TempDir(), "--results", res)
	if code != 1 || !strings.Contains(stderr, res+": is larger than 64 MiB, the limit for a result file") {
		t.Errorf("exit %d, want 1 refusing %s:\n%s", code, res, stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v, budget 10 s", d)
	}
}

// mergeable is a --format json report to merge, with an SDK named repo.
func mergeable(t *testing.T, dir, repo string) string {
	t.Helper()
	r := report.Report{Newest: "1.4.0", Cases: []report.Case{{ID: "cases/a", Block: "cases"}},
		SDKs: []report.SDK{{Repository: repo, Target: "go core", Lang: "go", ConformanceVersion: "1.4.0",
			Results: map[string]report.Result{"cases/a": {Status: report.Passed}}}}}
	data, err := report.JSON(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "a.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// report writes its output, badges and history through no link the
// checkout holds: a committed `site -> /elsewhere` is refused, and nothing
// lands outside.
func TestReportWritesThroughNoCommittedLink(t *testing.T) {
	t.Parallel()
	repo, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"site", "badges"} {
		if err := os.Symlink(elsewhere, filepath.Join(repo, link)); err != nil {
			t.Skip(err)
		}
	}
	a := mergeable(t, t.TempDir(), "sdk")
	for _, c := range []struct{ flag, value, shown string }{
		{"--output", "site/report.html", "site/report.html"},
		{"--badges", "badges", "badges/sdk-go-core.svg"},
		{"--history", "site/history.json", "site/history.json"},
	} {
		value := filepath.Join(repo, filepath.FromSlash(c.value))
		code, _, stderr := run(t, "report", "--merge", a, c.flag, value)
		want := c.flag + ": " + filepath.Join(repo, filepath.FromSlash(c.shown)) + ": its directory "
		if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "is a symbolic link") {
			t.Errorf("%s %s: exit %d, want 1 and %q:\n%s", c.flag, c.value, code, want, stderr)
		}
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("report wrote %d files outside the checkout", len(entries))
	}
}

// A repository name of 300 characters makes a badge file name that fits
// a file system, distinct from its neighbour's.
func TestALongSDKNameMakesAShortBadgeName(t *testing.T) {
	t.Parallel()
	dir, out := t.TempDir(), t.TempDir()
	long := strings.Repeat("very-long-sdk-name-", 16)[:300]
	code, _, stderr := run(t, "report", "--merge", mergeable(t, dir, long), "--badges", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) != 1 {
		t.Fatalf("badges: %v, %v", entries, err)
	}
	if name := entries[0].Name(); len(name) > safefile.MaxNameBytes || !strings.HasSuffix(name, ".svg") || !strings.HasPrefix(name, "very-long-sdk-name-") {
		t.Errorf("badge name %q (%d bytes)", name, len(name))
	}
}

// init lists a monorepo's packages/ through no link: a committed
// packages -> /elsewhere is an error naming it, and nothing is written.
func TestInitFollowsNoLinkOutOfTheCheckout(t *testing.T) {
	t.Parallel()
	dir := copyStandIn(t, "node/workspace")
	elsewhere := copyStandIn(t, "node/workspace")
	if err := os.RemoveAll(filepath.Join(dir, "packages")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(elsewhere, "packages"), filepath.Join(dir, "packages")); err != nil {
		t.Skip(err)
	}
	code, _, stderr := run(t, "init", "--lang", "node", "--dir", dir)
	if code != 1 || !strings.Contains(stderr, filepath.Join(dir, "packages")+": it is a symbolic link") {
		t.Fatalf("exit %d, want 1 naming the link:\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bqgen.yaml")); err == nil {
		t.Fatal("init wrote a starter")
	}
}

// A history whose status is an <img onerror> is refused, naming the file
// and the place, before anything is written.
func TestReportRefusesAHistoryWithAnUnknownStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hist := filepath.Join(dir, "history.json")
	data := `{"bqgen_history": 1, "entries": [{"sdks": [{"repository": "sdk", "target": "go core", "conformance_version": "1.4.0", "statuses": {"cases/a": "<img src=x onerror=alert(1)>"}}]}]}`
	if err := os.WriteFile(hist, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report.md")
	code, _, stderr := run(t, "report", "--merge", mergeable(t, dir, "sdk"), "--history", hist, "--output", out)
	if code != 1 || !strings.Contains(stderr, hist+`: entries[0].sdks[0] (sdk · go core): case "cases/a" has status "<img src=x onerror=alert(1)>", which is none of bqgen's`) {
		t.Errorf("exit %d, want 1 naming the file and the place:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the report was written")
	}
}

// --results-dir through a committed link is refused, naming it.
func TestReportRefusesAResultsDirThroughALink(t *testing.T) {
	t.Parallel()
	repo, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(elsewhere, "go.json"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(repo, "results")); err != nil {
		t.Skip(err)
	}
	code, stdout, stderr := run(t, "report", "--lang", "go", "--out", repo, "--results-dir", filepath.Join(repo, "results"))
	if code != 1 || !strings.Contains(stderr, "--results-dir: "+filepath.Join(repo, "results")+": it is a symbolic link") {
		t.Errorf("exit %d, want 1 refusing the link:\n%s", code, stderr)
	}
	if strings.Contains(stdout+stderr, secret) {
		t.Errorf("printed a file outside the checkout:\n%s%s", stdout, stderr)
	}
}
