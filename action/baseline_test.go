package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// goBaselineConfig runs blocks the stand-in babelqueue-go fails some cases
// of (payload_schema's derived cases): a repository red on the day it
// adopts the suite.
const goBaselineConfig = "version: 1\ntargets:\n  - lang: go\n    out: .\n    blocks: [cases, payload_schema]\n"

// The ratchet, run as a maintainer runs it on the stand-in babelqueue-go:
// adoption is red; one bqgen baseline makes it green, the known failures
// shown by go test as skips saying so, never as passes; a regression fails
// the gate; accepting it and then fixing it asks for its line to go, and a
// second bqgen baseline removes it.
func TestBaselineRatchet(t *testing.T) {
	tier.Toolchain(t, "go, on the stand-in's tests")
	c := goStandin(t, "", goBaselineConfig)
	results := filepath.Join(c.dir, "results")
	if err := os.MkdirAll(results, 0o755); err != nil {
		t.Fatal(err)
	}
	runTests := func() string {
		t.Helper()
		goTest := exec.Command("go", "test", "-json", "-count=1", "./...")
		goTest.Dir, goTest.Env = c.dir, append(os.Environ(), c.env...)
		events, _ := goTest.Output() // a failing test is an outcome here, read from the events
		if err := os.WriteFile(filepath.Join(results, "go-test.json"), events, 0o644); err != nil {
			t.Fatal(err)
		}
		return string(events)
	}
	gate := func() (string, error) {
		cmd := exec.Command(bqgenBinary(t), "report", "--results-dir", "results", "--fail-on", "fail,not-run,unknown", "--format", "md")
		cmd.Dir, cmd.Env = c.dir, append(os.Environ(), c.env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	baselineFile := filepath.Join(c.dir, ".bqgen", "go.baseline")

	runTests()
	if out, err := gate(); err == nil {
		t.Fatalf("the stand-in passes every case: nothing to baseline\n%s", out)
	}
	said := c.bqgen(t, "", "baseline", "--results-dir", "results")
	known := entries(t, baselineFile)
	if len(known) == 0 || !strings.Contains(said, "known failure(s)") {
		t.Fatalf("bqgen baseline wrote %d entries:\n%s", len(known), said)
	}
	events := runTests()
	if out, err := gate(); err != nil {
		t.Fatalf("after bqgen baseline the gate still fails: %v\n%s", err, out)
	}
	if n := strings.Count(events, `"Action":"skip"`); n < len(known) || !strings.Contains(events, "known failure: listed in .bqgen/go.baseline since suite") {
		t.Errorf("%d skips for %d known failures, or none says \"known failure\"", n, len(known))
	}
	c.bqgen(t, "", "check")

	// A regression: the stand-in starts to accept a negative attempts count.
	envelope := filepath.Join(c.dir, "envelope.go")
	fixed := readText(t, envelope)
	broken := strings.Replace(fixed, "e.Attempts >= 0", "e.Attempts >= -1", 1)
	if broken == fixed {
		t.Fatal("the stand-in no longer checks e.Attempts >= 0: update the regression this test makes")
	}
	writeText(t, envelope, broken)
	runTests()
	out, err := gate()
	if err == nil || !strings.Contains(out, "fail") {
		t.Fatalf("a regression passes the gate: %v\n%s", err, out)
	}

	// Accepted as known, then fixed: the known failure now passes.
	said = c.bqgen(t, "", "baseline", "--results-dir", "results")
	added := entries(t, baselineFile)
	if len(added) <= len(known) || !strings.Contains(said, "added ") {
		t.Fatalf("the regression was not added (%d entries, %d before):\n%s", len(added), len(known), said)
	}
	writeText(t, envelope, fixed)
	runTests()
	out, err = gate()
	if err == nil || !strings.Contains(out, "now passes: remove ") || !strings.Contains(out, "from .bqgen/go.baseline") {
		t.Fatalf("a known failure that passes passes the gate, or does not say which line to remove: %v\n%s", err, out)
	}
	said = c.bqgen(t, "", "baseline", "--results-dir", "results")
	if got := entries(t, baselineFile); len(got) != len(known) || !strings.Contains(said, "removed ") {
		t.Errorf("bqgen baseline left %d entries, want the %d of before the regression:\n%s", len(got), len(known), said)
	}
	runTests()
	if out, err := gate(); err != nil {
		t.Errorf("after the fix and bqgen baseline the gate fails: %v\n%s", err, out)
	}
}

// entries are the lines of a baseline that are not comments.
func entries(t *testing.T, file string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(readText(t, file), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func readText(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeText(t *testing.T, file, text string) {
	t.Helper()
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
