package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/report"
)

// allPass is go test -json output passing every test of the Go target's
// index in dir.
func allPass(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, backend.IndexFileName))
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
	file := filepath.Join(t.TempDir(), "go.json")
	if err := os.WriteFile(file, []byte(goEvents(idx.Tests[0].Names[0].Suite, tests...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// A suite without CONFORMANCE_VERSION gets one verdict from every command:
// accepted (validate warns), and named "unversioned" wherever a version is
// written or read — the test index, the report. (verify runs the
// toolchains: the full tier only.)
func TestAnUnversionedSuiteGetsOneVerdict(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	if err := os.Remove(filepath.Join(suite, "CONFORMANCE_VERSION")); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	target := []string{"--lang", "go", "--out", out, "--blocks", "cases", "--suite", suite}
	commands := [][]string{
		{"validate", "--suite", suite},
		append([]string{"generate"}, target...),
		append([]string{"check"}, target...),
	}
	for _, args := range commands {
		code, _, stderr := run(t, args...)
		if code != 0 || !strings.Contains(stderr, `CONFORMANCE_VERSION: absent`) || !strings.Contains(stderr, `"unversioned"`) {
			t.Errorf("%s: exit %d, want 0 with the warning naming \"unversioned\"\n%s", args[0], code, stderr)
		}
	}
	index, _ := os.ReadFile(filepath.Join(out, backend.IndexFileName))
	if !strings.Contains(string(index), `"conformance_version": "unversioned"`) {
		t.Errorf("the index does not say unversioned:\n%.200s", index)
	}
	code, md, stderr := run(t, append(append([]string{"report"}, target...), "--results", allPass(t, out))...)
	if code != 0 || !strings.Contains(md, "suite unversioned") {
		t.Errorf("report: exit %d, want 0 naming the suite unversioned\n%s\n%s", code, md, stderr)
	}
	if tier.Extended(t, "verify's run of the generated Go against the oracle") {
		if code, _, stderr := run(t, "verify", "--lang", "go", "--suite", suite, "--oracle-only", "--report", filepath.Join(t.TempDir(), "r.json")); code != 0 {
			t.Errorf("verify: exit %d\n%s", code, stderr)
		}
	}
}

// An index an older bqgen wrote for an unversioned suite ("") is read as
// unversioned; one without the key is still not an index.
func TestReportReadsAnOlderUnversionedIndex(t *testing.T) {
	t.Parallel()
	idx, err := report.ReadIndex("i.json", []byte(`{"conformance_version": "", "tests": [{"case": "cases/a", "block": "cases", "names": [{"suite": "S", "name": "a"}]}]}`))
	if err != nil || idx.ConformanceVersion != "unversioned" {
		t.Errorf("%v, %q", err, idx.ConformanceVersion)
	}
	if _, err := report.ReadIndex("i.json", []byte(`{"tests": []}`)); err == nil {
		t.Error("an index without conformance_version is read")
	}
}

// --history over two reports, the suite bumped between them, shows the
// case removed and the case whose expectation changed, with the suite
// versions, and records them in the history's newest entry.
func TestHistoryShowsRemovedAndChangedCases(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	hist := filepath.Join(t.TempDir(), "history.json")
	target := []string{"--lang", "go", "--out", out, "--blocks", "payload_schema"}
	bumped := bumpedSuite(t)
	for i, suite := range []string{"", bumped} {
		gen := append([]string{"generate"}, target...)
		rep := append([]string{"report"}, target...)
		if suite != "" {
			gen, rep = append(gen, "--suite", suite), append(rep, "--suite", suite)
		}
		if code, _, stderr := run(t, gen...); code != 0 {
			t.Fatalf("generate %d: exit %d\n%s", i, code, stderr)
		}
		code, md, stderr := run(t, append(rep, "--results", allPass(t, out), "--history", hist)...)
		if code != 0 {
			t.Fatalf("report %d: exit %d\n%s", i, code, stderr)
		}
		if i == 0 {
			continue
		}
		for _, want := range []string{"### Cases removed", "- payload\\_schema/invalid-wrong-type (", "### Cases whose expectation changed",
			"- payload\\_schema/valid-full (", "suite " + conformance.Version() + " → " + conformance.Version()} {
			if !strings.Contains(md, want) {
				t.Errorf("the second report lacks %q:\n%s", want, md)
			}
		}
		if strings.Contains(md, "valid-minimal-again (") && !strings.Contains(md, "new case") {
			t.Errorf("the added case is not shown as new:\n%s", md)
		}
	}
	data, _ := os.ReadFile(hist)
	h, err := report.ReadHistory(hist, data)
	if err != nil {
		t.Fatal(err)
	}
	log := h.Log()
	if len(log) != 1 || log[0].Entry != 2 || len(log[0].Changes.RemovedCases) != 1 || log[0].Changes.RemovedCases[0].Case != "payload_schema/invalid-wrong-type" ||
		len(log[0].Changes.ChangedExpectations) != 1 || log[0].Changes.ChangedExpectations[0].Case != "payload_schema/valid-full" {
		t.Errorf("recorded: %+v", log)
	}
}
