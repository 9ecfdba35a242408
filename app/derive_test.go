package app

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
)

// readTree reads every file under dir, by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDeriveUpstreamNext: derive over the next upstream suite adds cases,
// writes the same bytes twice, and its output validates.
func TestDeriveUpstreamNext(t *testing.T) {
	t.Parallel()
	suite := suitetest.UpstreamNextDir()
	if suite == "" {
		t.Skip("../shared/upstream-conformance-next is absent")
	}
	var trees []map[string][]byte
	for _, name := range []string{"a", "b"} {
		out := filepath.Join(t.TempDir(), name)
		code, stdout, stderr := run(t, "derive", "--suite", suite, "--out", out)
		if code != 0 || !strings.Contains(stdout, "case(s) derived") || strings.HasPrefix(stdout, "0 ") {
			t.Fatalf("derive: exit %d\n%s\n%s", code, stdout, stderr)
		}
		if code, _, stderr := run(t, "validate", "--suite", out); code != 0 {
			t.Fatalf("the derived suite does not validate:\n%s", stderr)
		}
		trees = append(trees, readTree(t, out))
	}
	if len(trees[0]) != len(trees[1]) {
		t.Fatalf("the runs wrote %d and %d files", len(trees[0]), len(trees[1]))
	}
	for path, data := range trees[0] {
		if !bytes.Equal(data, trees[1][path]) {
			t.Errorf("%s differs between two runs", path)
		}
	}
}

// TestDeriveEmbeddedAddsNothing: the embedded suite already carries every
// case derive gives.
func TestDeriveEmbeddedAddsNothing(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := run(t, "derive", "--out", out)
	if code != 0 || !strings.HasPrefix(stdout, "0 case(s) derived") {
		t.Fatalf("derive: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestDeriveMisuse: no --out is a usage error; a non-empty out dir is
// refused with nothing written.
func TestDeriveMisuse(t *testing.T) {
	t.Parallel()
	if code, _, _ := run(t, "derive"); code != 2 {
		t.Errorf("derive without --out: exit %d, want 2", code)
	}
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep")
	if err := os.WriteFile(keep, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "derive", "--out", dir)
	if code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("derive into a non-empty dir: exit %d\n%s", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("derive wrote into a non-empty dir: %d entries", len(entries))
	}
}
