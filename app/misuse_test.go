package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every misuse of generate and check is a usage error (exit 2) with one
// "bqgen:" prefix and a message naming the thing at fault, and nothing is
// written.
func TestMisuseIsAUsageError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	missing := filepath.Join(dir, "no-such-checkout")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", missing}, "--lang and --out go together"},
		{[]string{"--lang", "go"}, "--lang and --out go together"},
		{[]string{"--lang", "go", "--out", missing}, "out dir " + missing + " does not exist: create it, or check the path"},
		{[]string{"--lang", "go", "--out", file}, "out dir " + file + " is a file, not a directory"},
		{[]string{"--lang", "cobol", "--out", dir}, `"cobol"`},
		{[]string{"--lang", "go", "--out", dir, "--blocks", "sqs,nats"}, `unknown block "nats"`},
		{[]string{"--lang", "go", "--out", dir, "--package", "not a name"}, "not a name"},
		{[]string{"--lang", "go", "--out", dir, "--config", file}, "--config and --lang/--out exclude each other"},
		{[]string{"--config", file, "--package", "x"}, "--package applies with --lang and --out"},
	} {
		for _, cmd := range []string{"generate", "check"} {
			code, _, stderr := run(t, append([]string{cmd}, c.args...)...)
			msg := strings.TrimSpace(stderr)
			if code != 2 || !strings.Contains(msg, c.want) || strings.Count(msg, "bqgen:") != 1 || strings.Count(msg, "\n") > 0 {
				t.Errorf("%s %q: exit %d, stderr %q; want exit 2, one line, one prefix, containing %q", cmd, c.args, code, msg, c.want)
			}
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a mistyped --out was created")
	}
}

// --strict makes a block bqgen cannot generate an error (exit 1); without
// it, a warning printed once.
func TestStrictRefusesUnknownBlocks(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	edit(t, suite, "manifest.json", `"sqs": {`, `"future_block": {"cases": []}, "sqs": {`)
	out := t.TempDir()
	code, _, stderr := run(t, "generate", "--lang", "go", "--out", out, "--suite", suite, "--strict")
	if code != 1 || !strings.Contains(stderr, "strict: the suite has block(s) bqgen cannot generate: /future_block") {
		t.Errorf("strict: exit %d\n%s", code, stderr)
	}
	code, _, stderr = run(t, "generate", "--lang", "go", "--out", out, "--suite", suite)
	if code != 0 || strings.Count(stderr, `unknown block "/future_block"`) != 1 {
		t.Errorf("not strict: exit %d, want 0 and the warning once\n%s", code, stderr)
	}
}

// check's fix-it line is the command that regenerates what is there: the
// flags that shape the output, the suite and package included.
func TestCheckFixItRepeatsTheFlags(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	suite := copySuite(t)
	args := []string{"--lang", "java", "--out", out, "--suite", suite, "--package", "org.example.conf", "--blocks", "cases,sqs"}
	if code, _, stderr := run(t, append([]string{"generate"}, args...)...); code != 0 {
		t.Fatalf("generate: %d\n%s", code, stderr)
	}
	if code, _, stderr := run(t, append([]string{"check"}, args...)...); code != 0 {
		t.Fatalf("check: %d\n%s", code, stderr)
	}
	edit(t, suite, "manifest.json", `"name": "order-created"`, `"name": "order-created-renamed"`)
	code, _, stderr := run(t, append([]string{"check"}, args...)...)
	want := "run bqgen generate --lang java --out " + out + " --suite " + suite + " --package org.example.conf --blocks cases,sqs"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("check after a suite change: exit %d\n%s\nwant %q", code, stderr, want)
	}
}

// With no --lang/--out, generate and check run every target of the
// bqgen.yaml found upward from the working directory (here: --config).
func TestConfigRunsEveryTarget(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, d := range []string{"core", "sqs"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	cfg := filepath.Join(root, "bqgen.yaml")
	os.WriteFile(cfg, []byte(`version: 1
targets:
  - lang: python
    out: core
    blocks: [cases, idempotency]
  - lang: python
    out: sqs
    blocks: [sqs]
    exemptions:
      - case: "sqs/garbage-*"
        action: skip
        reason: known divergence
`), 0o644)
	if code, stdout, stderr := run(t, "generate", "--config", cfg); code != 0 || strings.Count(stdout, "file(s) written") != 2 {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := run(t, "check", "--config", cfg); code != 0 || strings.Count(stdout, "up to date") != 2 {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "core", "tests", "test_conformance_sqs.py")); err == nil {
		t.Error("the core target got the sqs block it did not select")
	}
	if _, err := os.Stat(filepath.Join(root, "sqs", "tests", "test_conformance_cases.py")); err == nil {
		t.Error("the sqs target got the cases block it did not select")
	}
	os.WriteFile(cfg, []byte("version: 1\ntargets:\n  - lang: python\n    out: core\n    blockz: [sqs]\n"), 0o644)
	if code, _, stderr := run(t, "check", "--config", cfg); code != 1 || !strings.Contains(stderr, "line 5: unknown key blockz") {
		t.Errorf("misspelt key: exit %d\n%s", code, stderr)
	}
}

// init writes a starter that loads as it is, and never overwrites one.
func TestInitWritesAStarterOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if code, _, stderr := run(t, "init", "--lang", "php", "--dir", dir); code != 0 {
		t.Fatalf("init: %d\n%s", code, stderr)
	}
	cfg := filepath.Join(dir, "bqgen.yaml")
	if code, stdout, stderr := run(t, "generate", "--config", cfg); code != 0 || !strings.Contains(stdout, "php into .: ") {
		t.Fatalf("generate from the starter: %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := run(t, "init", "--lang", "php", "--dir", dir); code != 1 || !strings.Contains(stderr, "already exists") {
		t.Errorf("second init: exit %d\n%s", code, stderr)
	}
	if code, _, _ := run(t, "init", "--dir", dir); code != 2 {
		t.Errorf("init without --lang: exit %d, want 2", code)
	}
}
