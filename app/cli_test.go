package app

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An argument where a command takes only flags is a usage error: the flag
// parser stops at it, so "check x --lang go --out other" used to ignore the
// flags after it, check the config's targets and pass.
func TestExtraArgumentsAreUsageErrors(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	out := mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, pythonAt("core"))
	if code, _, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	empty := t.TempDir()
	for _, args := range [][]string{
		{"check", "--config", cfg, "x", "--lang", "go", "--out", "other"},
		{"generate", "--config", cfg, "x"},
		{"generate", "--lang", "python", "--out", empty, "x"},
		{"--lang", "python", "--out", empty, "x"},
		{"init", "--lang", "go", "--dir", empty, "x"},
		{"validate", "x"},
		{"verify", "--lang", "cobol", "x"},
		{"oracle", "serve", "x"},
		{"scaffold", "--lang", "go", "x"},
		{"oracle", "x"},
		{"x"},
	} {
		code, _, stderr := run(t, args...)
		msg := strings.TrimSpace(stderr)
		if code != 2 || !strings.Contains(msg, `"x"`) || strings.Count(msg, "\n") > 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and one line naming the argument", args, code, msg)
		}
	}
	assertEmpty(t, empty)
	if code, _, stderr := run(t, "verify"); code != 2 {
		t.Errorf("verify without --lang: exit %d, want 2\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "tests")); err != nil {
		t.Error(err)
	}
}

// A run whose context ends (SIGINT or SIGTERM, in Main) exits 130, at
// whatever step it was, and writes nothing it had not written already.
func TestAnInterruptedRunExits130(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	out := mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, pythonAt("core"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"generate", "--lang", "python", "--out", out},
		{"--lang", "python", "--out", out},
		{"generate", "--config", cfg},
		{"check", "--lang", "python", "--out", out},
		{"check", "--config", cfg},
		{"init", "--lang", "python", "--dir", out},
		{"validate"},
		{"oracle", "serve"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(ctx, append([]string{"bqgen"}, args...), strings.NewReader(""), &stdout, &stderr)
		if code != 130 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("%q: exit %d, want 130 saying so\n%s", args, code, stderr.String())
		}
	}
	assertEmpty(t, out)
}

// Names that come from a suite or a checkout are quoted when they hold
// anything a terminal acts on: a fixture named "\x1b[31m…" printed raw
// turned the terminal red, and a newline in a name forged a line.
func TestNamesFromASuiteAreQuoted(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	for _, name := range []string{"\x1b[31mred.json", "forged\nmissing README.md.json"} {
		if err := os.WriteFile(filepath.Join(suite, "fixtures", name), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	for _, args := range [][]string{
		{"validate", "--suite", suite},
		{"check", "--lang", "python", "--out", out, "--suite", suite},
	} {
		_, stdout, stderr := run(t, args...)
		all := stdout + stderr
		if strings.Contains(all, "\x1b") || strings.Contains(all, "forged\n") {
			t.Errorf("%q printed a name raw:\n%s", args, all)
		}
		if !strings.Contains(all, `\x1b[31mred.json`) || !strings.Contains(all, `forged\nmissing`) {
			t.Errorf("%q does not name the files, quoted:\n%s", args, all)
		}
	}
}

// The same for the names a checkout holds: a file in the way of the
// vendored suite, listed by generate's refusal and by check.
func TestNamesFromACheckoutAreQuoted(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	name := "\x1b]0;owned\x07.json"
	if err := os.WriteFile(filepath.Join(suite, "fixtures", name), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	vendored := mkdirs(t, out, "tests", "conformance", "fixtures")
	if err := os.WriteFile(filepath.Join(vendored, name), []byte("hand-written\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"generate", "check"} {
		code, stdout, stderr := run(t, cmd, "--lang", "python", "--out", out, "--suite", suite)
		if all := stdout + stderr; code != 1 || strings.ContainsAny(all, "\x1b\x07") || !strings.Contains(all, `\x1b]0;owned\a.json`) {
			t.Errorf("%s: exit %d, want 1 naming the file quoted:\n%s", cmd, code, all)
		}
	}
}
