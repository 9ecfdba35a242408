package treesnap

import (
	"os"
	"path/filepath"
	"testing"
)

// HardLink gives the file target a second name, link, making link's
// directories; t skips where the file system has no hard links. The tests
// of bqgen's refusal of a file with two names lay them with it.
func HardLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(target, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
}
