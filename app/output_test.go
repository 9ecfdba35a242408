package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --quiet leaves only the product, warnings and errors; --verbose adds the
// details; the two together are a usage error.
func TestQuietAndVerbose(t *testing.T) {
	t.Parallel()
	_, normal, _ := run(t, "validate")
	_, quiet, _ := run(t, "validate", "--quiet")
	_, verbose, _ := run(t, "validate", "--verbose")
	if !strings.Contains(normal, "is valid") || strings.Contains(normal, "case(s)") {
		t.Errorf("validate: %q", normal)
	}
	if quiet != "" {
		t.Errorf("validate --quiet printed %q", quiet)
	}
	if !strings.Contains(verbose, "cases: ") || !strings.HasSuffix(verbose, normal) {
		t.Errorf("validate --verbose: %q, want the counts per block, then %q", verbose, normal)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/babelqueue-go\n\ngo 1.22\n"), 0o644)
	if code, out, stderr := run(t, "init", "--lang", "go", "--dir", dir, "-q"); code != 0 || out != "" {
		t.Errorf("init -q: exit %d, printed %q %s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bqgen.yaml")); err != nil {
		t.Errorf("init -q wrote nothing: %v", err)
	}
	if code, _, stderr := run(t, "validate", "--quiet", "--verbose"); code != 2 || !strings.Contains(stderr, "exclude each other") {
		t.Errorf("--quiet --verbose: exit %d, %s", code, stderr)
	}
}

// An error to a pipe is never coloured (package console decides where
// colour goes).
func TestErrorToAPipeIsNotColoured(t *testing.T) {
	_, _, stderr := run(t, "genrate")
	if strings.Contains(stderr, "\x1b[") {
		t.Errorf("an error to a pipe is coloured: %q", stderr)
	}
}

// generate and check: --quiet says nothing when all is well, --verbose
// names every file written and how many were checked.
func TestQuietAndVerboseGenerateAndCheck(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	code, stdout, stderr := run(t, "generate", "--lang", "python", "--out", out, "--verbose")
	if code != 0 || !strings.Contains(stdout, "  wrote tests/test_conformance_cases.py") || !strings.Contains(stdout, "file(s) written") {
		t.Fatalf("generate --verbose: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := run(t, "check", "--lang", "python", "--out", out, "--quiet"); code != 0 || stdout != "" {
		t.Errorf("check --quiet of an up-to-date checkout: exit %d, printed %q %s", code, stdout, stderr)
	}
	if code, stdout, _ := run(t, "check", "--lang", "python", "--out", out, "--verbose"); code != 0 || !strings.Contains(stdout, "file(s) checked") {
		t.Errorf("check --verbose: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := run(t, "generate", "--lang", "python", "--out", out, "-q"); code != 0 || stdout != "" {
		t.Errorf("generate -q: exit %d, printed %q", code, stdout)
	}
}
