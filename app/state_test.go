package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every message about an out dir's state names the target, as a repository
// with several targets needs: check's report of a missing ledger, and
// generate's and check's refusal of a state dir that is not a directory.
func TestStateMessagesNameTheTarget(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	if err := os.Remove(filepath.Join(out, ".bqgen", "python.files")); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := run(t, "check", "--lang", "python", "--out", out)
	if want := "python into " + out + ": missing .bqgen/python.files ("; code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("check without the ledger: exit %d, want 1 and %q:\n%s", code, want, stdout)
	}

	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, ".bqgen"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"generate", "check"} {
		code, _, stderr := run(t, cmd, "--lang", "go", "--out", other)
		if want := "bqgen: go into " + other + ": "; code != 1 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, ".bqgen") {
			t.Errorf("%s with .bqgen a file: exit %d, want 1 and %q:\n%s", cmd, code, want, stderr)
		}
	}
}
