package writer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// An out dir in a repository's .git (named so, in any spelling, or reached
// through a link) is refused before anything is written: the write gate
// keeps paths below the out dir out of .git, so the out dir itself must
// not be in it.
func TestOutDirInAVCSDirectoryIsRefused(t *testing.T) {
	repo := t.TempDir()
	put(t, repo, ".git/HEAD", "ref: refs/heads/main\n")
	if err := os.Symlink(filepath.Join(repo, ".git"), filepath.Join(repo, "link")); err != nil {
		t.Fatal(err)
	}
	files := []backend.File{{Path: "pre-commit", Content: []byte("#!/bin/sh\n"), Kind: backend.Generated}}
	for _, out := range []string{".git", ".git/hooks", "link", "link/hooks"} {
		root := filepath.Join(repo, out)
		if _, err := Write(t.Context(), root, "go", files, true); err == nil {
			t.Errorf("Write into %s: want a refusal", out)
		}
		if _, err := MakePlan(root, "go", files); err == nil {
			t.Errorf("MakePlan of %s: want a refusal", out)
		}
	}
	mustBeAbsent(t, repo, ".git/pre-commit")
	mustBeAbsent(t, repo, ".git/hooks/pre-commit")
	mustBeAbsent(t, repo, ".git/.bqgen")
}
