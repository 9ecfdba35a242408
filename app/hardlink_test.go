package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A result file that is a second name (a hard link) of a file outside the
// checkout is refused as a symbolic link to it is, and nothing of the
// file reaches the output: found by --results-dir or named by --results.
func TestReportRefusesAHardLinkedResultFile(t *testing.T) {
	t.Parallel()
	repo, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(elsewhere, "go.json")
	if err := os.WriteFile(outside, []byte(`{"Action": "pass", "Package": "p", "Test": "T", "Output": "`+secret+`"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	linked := filepath.Join(repo, "results", "go.json")
	if err := os.MkdirAll(filepath.Dir(linked), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(outside, linked); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	for _, args := range [][]string{
		{"report", "--lang", "go", "--out", repo, "--results", linked},
		{"report", "--lang", "go", "--out", repo, "--results-dir", filepath.Join(repo, "results")},
	} {
		code, stdout, stderr := run(t, args...)
		if code != 1 || !strings.Contains(stderr, linked+": has 2 names (hard links)") {
			t.Errorf("%v: exit %d, want 1 refusing the hard link:\n%s", args[5:], code, stderr)
		}
		if strings.Contains(stdout+stderr, secret) {
			t.Errorf("%v: printed a file outside the checkout:\n%s%s", args[5:], stdout, stderr)
		}
	}
}
