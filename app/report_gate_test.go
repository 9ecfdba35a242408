package app

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/report"
)

// generatedIndex generates lang's cases block into a fresh out dir and
// reads the test index it wrote there.
func generatedIndex(t *testing.T, lang, indexPath string) (string, report.Index) {
	t.Helper()
	dir := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", lang, "--out", dir, "--blocks", "cases"); code != 0 {
		t.Fatalf("generate: %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(indexPath)))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := report.ReadIndex(indexPath, data)
	if err != nil {
		t.Fatal(err)
	}
	return dir, idx
}

func writeResults(t *testing.T, name, content string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// A result file holding none of a target's generated tests (the README's
// old Node recipe: a runner that ran nothing of bqgen's) fails the report,
// naming the target and the file, whatever --fail-on says; the report is
// written all the same.
func TestReportRefusesResultsWithoutGeneratedTests(t *testing.T) {
	t.Parallel()
	dir, _ := generatedIndex(t, "go", backend.IndexFileName)
	results := writeResults(t, "own.json", goEvents("example.com/sdk", [3]string{"TestOwn", "pass", ""}))
	out := filepath.Join(t.TempDir(), "report.md")
	code, _, stderr := run(t, "report", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results, "--name", "sdk", "--output", out)
	if code != 1 || !strings.Contains(stderr, "sdk · go core") || !strings.Contains(stderr, results) || !strings.Contains(stderr, "none of its") {
		t.Errorf("exit %d, want 1 naming the target and %s:\n%s", code, results, stderr)
	}
	if text, err := os.ReadFile(out); err != nil || !strings.Contains(string(text), "### sdk · go core") {
		t.Errorf("the report was not written before the gate: %v\n%s", err, text)
	}
}

// --fail-on turns statuses into a failing exit, naming the counts; an
// unknown name is a usage error listing the known ones; --format counts
// writes the totals a CI step exposes.
func TestReportFailOn(t *testing.T) {
	t.Parallel()
	dir, idx := generatedIndex(t, "go", backend.IndexFileName)
	var tests [][3]string
	for i, e := range idx.Tests {
		switch i {
		case 0:
			tests = append(tests, [3]string{e.Names[0].Name, "fail", "want 1"})
		case 1: // not run
		default:
			tests = append(tests, [3]string{e.Names[0].Name, "pass", ""})
		}
	}
	if parent, _, sub := strings.Cut(idx.Tests[0].Names[0].Name, "/"); sub {
		tests = append(tests, [3]string{parent, "fail", ""})
	}
	results := writeResults(t, "go.json", goEvents(idx.Tests[0].Names[0].Suite, tests...))
	base := []string{"report", "--lang", "go", "--out", dir, "--blocks", "cases", "--results", results, "--name", "sdk"}
	n := len(idx.Tests)
	for _, c := range []struct {
		flags []string
		code  int
		want  string
	}{
		{nil, 0, ""},
		{[]string{"--fail-on", "fail"}, 1, "--fail-on fail: sdk · go core: 1 fail (" + string(idx.Tests[0].Case) + ")"},
		{[]string{"--fail-on", "fail,not_run,unknown"}, 1, "--fail-on fail,not-run,unknown: sdk · go core: 1 fail (" +
			string(idx.Tests[0].Case) + "), 1 not-run (" + string(idx.Tests[1].Case) + ")"},
		{[]string{"--fail-on", "skipped,unknown"}, 0, ""},
		{[]string{"--fail-on", "fail,flaky"}, 2, `"flaky" is not a status the gate knows; want a comma-separated list of fail, known-failure, not-provided, exempted, skipped, not-run, not-generated, unknown`},
		{[]string{"--format", "counts"}, 0, ""},
	} {
		code, stdout, stderr := run(t, append(base, c.flags...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", c.flags, code, c.code, c.want, stderr)
		}
		if len(c.flags) == 2 && c.flags[1] == "counts" {
			want := fmt.Sprintf("exempted=0\nfail=1\nknown-failure=0\nnot-generated=0\nnot-provided=0\nnot-run=1\npass=%d\nskipped=0\ntotal=%d\nunknown=0\n", n-2, n)
			if stdout != want {
				t.Errorf("--format counts:\n%s\nwant\n%s", stdout, want)
			}
		}
	}
}

// nodeJUnit is node:test's junit output: the generated tests inside their
// block's describe, the SDK's own tests at the top level and in a describe
// of its own, and a test in the block's describe that the index lacks.
func nodeJUnit(idx report.Index) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuites>\n")
	b.WriteString("\t<testcase name=\"decodes an envelope\" time=\"0.001\" classname=\"test\"/>\n")
	b.WriteString("\t<testsuite name=\"EnvelopeCodec\">\n\t\t<testcase name=\"encodes\" time=\"0.001\" classname=\"test\"/>\n\t</testsuite>\n")
	suites := map[string][]string{}
	var order []string
	for _, e := range idx.Tests {
		n := e.Names[0]
		if _, ok := suites[n.Suite]; !ok {
			order = append(order, n.Suite)
		}
		suites[n.Suite] = append(suites[n.Suite], n.Name)
	}
	for i, s := range order {
		fmt.Fprintf(&b, "\t<testsuite name=\"%s\">\n", html.EscapeString(s))
		for _, name := range suites[s] {
			fmt.Fprintf(&b, "\t\t<testcase name=\"%s\" time=\"0.001\" classname=\"test\"/>\n", html.EscapeString(name))
		}
		if i == 0 {
			b.WriteString("\t\t<testcase name=\"a test the index lacks\" time=\"0.001\" classname=\"test\"/>\n")
		}
		b.WriteString("\t</testsuite>\n")
	}
	total := len(idx.Tests) + 3
	fmt.Fprintf(&b, "\t<!-- tests %d -->\n\t<!-- pass %d -->\n\t<!-- fail 0 -->\n</testsuites>\n", total, total)
	return b.String()
}

// In Node, whose runner names no file, the SDK's own tests in the same
// result file as the generated ones are the SDK's (counted, not unknown):
// the generated tests are inside their block's describe. A test in that
// describe that the index lacks is unknown.
func TestReportNodeTellsOwnTestsApart(t *testing.T) {
	t.Parallel()
	dir, idx := generatedIndex(t, "node", "test/"+backend.IndexFileName)
	for _, e := range idx.Tests {
		if !strings.HasPrefix(e.Names[0].Suite, "conformance cases") {
			t.Fatalf("%s is reported in %q, outside the block's describe", e.Case, e.Names[0].Suite)
		}
	}
	results := writeResults(t, "node.xml", nodeJUnit(idx))
	code, stdout, stderr := run(t, "report", "--lang", "node", "--out", dir, "--blocks", "cases", "--results", results, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	r, err := report.ReadJSON("stdout", []byte(stdout))
	if err != nil {
		t.Fatal(err)
	}
	sdk := r.SDKs[0]
	if sdk.Others != 2 || len(sdk.Unknown) != 1 || sdk.Unknown[0].Name != "a test the index lacks" || sdk.Runner.Passed != len(idx.Tests)+1 {
		t.Errorf("others %d (want 2), unknown %+v (want the one test the index lacks), runner %+v", sdk.Others, sdk.Unknown, sdk.Runner)
	}
}
