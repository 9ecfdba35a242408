package python

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	_ "github.com/babelqueue/bqgen/internal/testkit/testflag" // so `go test ./... -update` works here too
	"github.com/babelqueue/bqgen/model"
)

// load reads a suite and fails the test on any error-level problem.
func load(t *testing.T, fsys fs.FS) *model.Suite {
	t.Helper()
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("suite does not load: %v", errs)
	}
	return s
}

func canonicalSuite(t *testing.T) *model.Suite { return suitetest.Canonical(t) }

func upstreamSuite(t *testing.T) *model.Suite { return suitetest.Upstream(t) }

// unversionedSuite is the canonical suite without its CONFORMANCE_VERSION.
func unversionedSuite(t *testing.T) *model.Suite {
	t.Helper()
	return load(t, suiteFS(t, conformance.FS, map[string]string{model.VersionFile: ""}))
}

// suiteFS copies fsys into memory, replacing files by the given contents;
// an empty content removes the file.
func suiteFS(t *testing.T, fsys fs.FS, replace map[string]string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := fs.ReadFile(fsys, path)
		out[path] = &fstest.MapFile{Data: raw}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for path, content := range replace {
		if content == "" {
			delete(out, path)
			continue
		}
		out[path] = &fstest.MapFile{Data: []byte(content)}
	}
	return out
}

// generate runs the backend and fails the test on error.
func generate(t *testing.T, s *model.Suite, binding backend.Binding) []backend.File {
	t.Helper()
	files, err := New().Generate(s, backend.Options{Binding: binding})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	return files
}

// writeFiles writes generated files under dir, as the writer would.
func writeFiles(t *testing.T, dir string, files []backend.File) {
	t.Helper()
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// python3 returns the interpreter, skipping the test when there is none.
func python3(t *testing.T) string {
	t.Helper()
	tier.Toolchain(t, "python3")
	path, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	return path
}

// runPython runs a Python program with PYTHONPATH=dir and returns its stdout.
func runPython(t *testing.T, dir, program string) string {
	t.Helper()
	cmd := exec.Command(python3(t), "-c", program)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONPATH="+dir, "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("python failed: %v\n%s", err, stderr)
	}
	return string(out)
}
