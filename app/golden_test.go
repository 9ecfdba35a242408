package app

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testflag"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/writer"
)

const goldenRoot = "../golden"

// TestGolden compares each backend's output for the canonical suite with
// golden/<lang>/, and proves the output is the same on a second run.
func TestGolden(t *testing.T) {
	s, problems := model.Load(conformance.FS)
	if len(problems.Errors()) > 0 {
		t.Fatal(problems.Errors())
	}
	for _, b := range Backends() {
		b := b
		t.Run(b.Lang(), func(t *testing.T) {
			t.Parallel()
			files := generateFor(t, b, s)
			if again := generateFor(t, b, s); !sameFiles(files, again) {
				t.Fatal("two runs gave different output")
			}
			dir := filepath.Join(goldenRoot, b.Lang())
			if *testflag.Update {
				rewriteGolden(t, dir, b.Lang(), files)
				return
			}
			compareTree(t, dir, files)
		})
	}
}

func generateFor(t *testing.T, b backend.Backend, s *model.Suite) map[string][]byte {
	t.Helper()
	files, err := b.Generate(s, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Content
	}
	return out
}

func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for p, c := range a {
		if !bytes.Equal(c, b[p]) {
			return false
		}
	}
	return true
}

func rewriteGolden(t *testing.T, dir, lang string, files map[string][]byte) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for p, c := range files {
		target := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, c, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func compareTree(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	onDisk := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		onDisk[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatalf("read %s: %v (run go test ./app/ -run TestGolden -update)", dir, err)
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		old, ok := onDisk[p]
		switch {
		case !ok:
			t.Errorf("golden file missing: %s", p)
		case !bytes.Equal(old, files[p]):
			t.Errorf("golden file differs (-golden +generated):\n%s", writer.UnifiedDiff(p, old, files[p]))
		}
		delete(onDisk, p)
	}
	for p := range onDisk {
		t.Errorf("golden file no longer generated: %s", p)
	}
}
