package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/treesnap"
)

// A file with a second name (a hard link) is refused as a symbolic link
// is: the other name can be a file outside the checkout. A result file
// hard-linked to a secret is not read, whether named by the user (Read) or
// found in the checkout (ReadIn).
func TestReadRefusesAHardLinkedFile(t *testing.T) {
	repo, outside := checkout(t)
	treesnap.HardLink(t, filepath.Join(outside, "secret"), filepath.Join(repo, "results", "go.json"))
	_, err := Read(filepath.Join(repo, "results", "go.json"), Result)
	refused(t, err, filepath.Join(repo, "results", "go.json"), "has 2 names (hard links): bqgen reads a result file only from a file with one name")
	_, err = ReadIn(repo, "results/go.json", Result)
	refused(t, err, filepath.Join(repo, "results", "go.json"), "hard links")
	// Both names inside the checkout: still two names, still refused.
	write(t, filepath.Join(repo, "a.json"), "{}")
	treesnap.HardLink(t, filepath.Join(repo, "a.json"), filepath.Join(repo, "b.json"))
	_, err = ReadIn(repo, "b.json", RunnerConfig)
	refused(t, err, filepath.Join(repo, "b.json"), "hard links")
	// Once the other name is gone, the file is read.
	if err := os.Remove(filepath.Join(repo, "a.json")); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadIn(repo, "b.json", RunnerConfig); err != nil || string(data) != "{}" {
		t.Fatalf("a file with one name: %q, %v", data, err)
	}
}
