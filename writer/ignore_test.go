package writer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// A run leaves .bqgen/.gitignore, so git lists the ledger and that file
// (to commit) and neither the lock nor a transaction; the same content in
// every out dir, and up to date on the next check.
func TestStateDirIgnoresTheLockAndTheTransaction(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []backend.File{gen("a_test.go", "// @generated\nA\n")}
	write(t, root, files...)
	raw, err := os.ReadFile(filepath.Join(root, ".bqgen", ".gitignore"))
	if err != nil || !strings.Contains(string(raw), "\n/lock\n/tx/\n") {
		t.Fatalf(".bqgen/.gitignore: %q, %v", raw, err)
	}
	if p, err := MakePlan(root, "go", files); err != nil || !p.Empty() {
		t.Fatalf("check after generate: %+v, %v", p, err)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Log("git not found: what git lists is not checked")
		return
	}
	if err := os.MkdirAll(filepath.Join(root, ".bqgen", "tx"), 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, root, ".bqgen/tx/new-0001", "staged")
	for _, args := range [][]string{{"init", "-q"}, {"status", "--porcelain", "-uall"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		if args[0] != "status" {
			continue
		}
		for _, want := range []string{".bqgen/.gitignore", ".bqgen/go.files"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("git status does not list %s:\n%s", want, out)
			}
		}
		if strings.Contains(string(out), "lock") || strings.Contains(string(out), "tx/") {
			t.Errorf("git status lists the lock or the transaction:\n%s", out)
		}
	}
}

// An out dir an older bqgen wrote has no .gitignore: check still finds it
// up to date, and the next generate, with nothing else to write, adds it.
func TestAnOlderOutDirGetsItsGitignoreWithoutDrift(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []backend.File{gen("a_test.go", "// @generated\nA\n")}
	write(t, root, files...)
	ignore := filepath.Join(root, ".bqgen", ".gitignore")
	if err := os.Remove(ignore); err != nil {
		t.Fatal(err)
	}
	if p, err := MakePlan(root, "go", files); err != nil || !p.Empty() {
		t.Fatalf("check without the .gitignore: %+v, %v", p, err)
	}
	p, err := Write(context.Background(), root, "go", files, false)
	if err != nil || len(p.Changes) != 0 {
		t.Fatalf("generate: %+v, %v", p, err)
	}
	if raw, err := os.ReadFile(ignore); err != nil || string(raw) != string(ignoreContent) {
		t.Errorf("generate did not add .bqgen/.gitignore: %q, %v", raw, err)
	}
	put(t, root, ".bqgen/.gitignore", "edited\n")
	p, err = MakePlan(root, "go", files)
	if err != nil || p.Empty() {
		t.Fatalf("check after an edit of .bqgen/.gitignore: %+v, %v", p, err)
	}
	if r := Report(p, "go into x"); !strings.HasPrefix(r, "go into x: .bqgen/.gitignore differs from what generate writes (") {
		t.Errorf("report:\n%s", r)
	}
}

// A report line about state names the target: a repository has several,
// and ".bqgen/go.files" alone does not say whose it is.
func TestReportNamesTheTargetOfMissingState(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []backend.File{gen("a_test.go", "// @generated\nA\n")}
	write(t, root, files...)
	if err := os.Remove(filepath.Join(root, ".bqgen", "go.files")); err != nil {
		t.Fatal(err)
	}
	p, err := MakePlan(root, "go", files)
	if err != nil {
		t.Fatal(err)
	}
	want := "go into sqs: missing .bqgen/go.files (bqgen's ledger of the files it wrote here; generate writes it; commit .bqgen/*.files)\n"
	if got := Report(p, "go into sqs"); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}
