package gobackend

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	_ "github.com/babelqueue/bqgen/internal/testkit/testflag" // lets `go test ./... -update` reach this package
	"github.com/babelqueue/bqgen/model"
)

// behaviourBlocks are the blocks the upstream suite predates.
var behaviourBlocks = []string{model.BlockRoundtrip, model.BlockDataShape, model.BlockForbiddenKeys, model.BlockPayloadSchemaUnicode}

// canonicalSuite loads bqgen's embedded suite.
func canonicalSuite(t *testing.T) *model.Suite { return suitetest.Canonical(t) }

// upstreamSuite loads the real upstream suite, skipping when it is absent.
func upstreamSuite(t *testing.T) *model.Suite { return suitetest.Upstream(t) }

// olderSuite is the canonical suite cut down the way upstream is: no
// CONFORMANCE_VERSION and none of the behaviour blocks. It needs nothing
// outside the repository.
func olderSuite(t *testing.T) *model.Suite {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(conformance.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == model.VersionFile {
			return err
		}
		raw, err := fs.ReadFile(conformance.FS, path)
		if err != nil {
			return err
		}
		if path == model.ManifestFile {
			raw = withoutBlocks(t, raw, behaviourBlocks...)
		}
		return writeFile(filepath.Join(dir, path), raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	return loadDir(t, dir)
}

// withoutBlocks removes top-level members from a manifest.
func withoutBlocks(t *testing.T, manifest []byte, blocks ...string) []byte {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(manifest, &top); err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		delete(top, b)
	}
	out, err := json.Marshal(top)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// loadDir loads a suite directory.
func loadDir(t *testing.T, dir string) *model.Suite {
	t.Helper()
	fsys, err := model.DirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	return mustLoad(t, fsys)
}

func mustLoad(t *testing.T, fsys fs.FS) *model.Suite {
	t.Helper()
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("load suite: %v", errs)
	}
	return s
}

// generate runs the backend, failing the test on error.
func generate(t *testing.T, s *model.Suite, opt backend.Options) []backend.File {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return files
}

// writeFiles writes generated files under dir.
func writeFiles(t *testing.T, dir string, files []backend.File) {
	t.Helper()
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(f.Path)), f.Content); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFile(path string, content []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, content, 0o644)
}

// byPath indexes files by path, failing on a duplicate.
func byPath(t *testing.T, files []backend.File) map[string]backend.File {
	t.Helper()
	out := map[string]backend.File{}
	for _, f := range files {
		if _, dup := out[f.Path]; dup {
			t.Fatalf("%s generated twice", f.Path)
		}
		out[f.Path] = f
	}
	return out
}

// goFiles are the Go files among files.
func goFiles(files []backend.File) []backend.File {
	var out []backend.File
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".go") {
			out = append(out, f)
		}
	}
	return out
}

// sameOutput reports the first difference between two runs' files.
func sameOutput(a, b []backend.File) error {
	if len(a) != len(b) {
		return errors.New("different numbers of files")
	}
	for i := range a {
		if a[i].Path != b[i].Path || a[i].Kind != b[i].Kind || !bytes.Equal(a[i].Content, b[i].Content) {
			return errors.New(a[i].Path + " differs")
		}
	}
	return nil
}
