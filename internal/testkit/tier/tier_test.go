package tier

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Only this package reads testing.Short: a test elsewhere that did less in
// the -short tier without a skipped test to show for it would count as run
// whole there, and CI's full tier would never run the rest of it.
func TestOnlyTierReadsShort(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	self, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path == self || name == "golden" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		if bytes.Contains(data, []byte("testing.Short(")) {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s reads testing.Short: use tier.Toolchain, tier.FullOnly or tier.Extended", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked %d Go files under %s: not the module", checked, root)
	}
}

// Extended answers whether the run is the full tier.
func TestExtendedAnswersTheTier(t *testing.T) {
	if got := Extended(t, "nothing"); got == testing.Short() {
		t.Errorf("Extended = %v with -short %v", got, testing.Short())
	}
}
