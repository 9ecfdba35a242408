package php

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// requirePHP skips the test when php is not installed.
func requirePHP(t *testing.T) {
	t.Helper()
	tier.Toolchain(t, "php")
	if _, err := exec.LookPath("php"); err != nil {
		t.Skip("php is not installed")
	}
}

// runPHP runs a PHP script and returns its output lines.
func runPHP(t *testing.T, script string) []string {
	t.Helper()
	return runPHPWithArgs(t, script)
}

// runPHPWithArgs runs a PHP script with arguments ($argv[1:]) and returns
// its output lines.
func runPHPWithArgs(t *testing.T, script string, args ...string) []string {
	t.Helper()
	requirePHP(t)
	file := filepath.Join(t.TempDir(), "script.php")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("php", append([]string{file}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("php: %v\n%s\nscript:\n%s", err, out, script)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
}

// loadSuite loads a suite and fails the test on any error.
func loadSuite(t *testing.T, fsys fs.FS) *model.Suite {
	t.Helper()
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("load suite: %v", errs)
	}
	return s
}

// canonicalSuite is bqgen's own suite.
func canonicalSuite(t *testing.T) *model.Suite { return suitetest.Canonical(t) }

// upstreamLikeSuite is the canonical suite as the older upstream one is
// shaped: no CONFORMANCE_VERSION and none of the behaviour blocks.
func upstreamLikeSuite(t *testing.T) *model.Suite {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(conformance.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == model.VersionFile {
			return err
		}
		data, err := fs.ReadFile(conformance.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys[model.ManifestFile].Data = withoutBlocks(t, fsys[model.ManifestFile].Data,
		model.BlockRoundtrip, model.BlockDataShape, model.BlockForbiddenKeys, model.BlockPayloadSchemaUnicode)
	return loadSuite(t, fsys)
}

// withoutBlocks removes top-level members from a manifest.
func withoutBlocks(t *testing.T, manifest []byte, blocks ...string) []byte {
	t.Helper()
	v, err := model.Parse(manifest)
	if err != nil {
		t.Fatal(err)
	}
	var kept []model.Member
	for _, m := range v.Members {
		drop := false
		for _, b := range blocks {
			drop = drop || m.Key == b
		}
		if !drop {
			kept = append(kept, m)
		}
	}
	return []byte(model.ObjectValue(kept...).Compact())
}

// generate runs the backend and fails the test on an error.
func generate(t *testing.T, s *model.Suite, opt backend.Options) []backend.File {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return files
}

// writeFiles puts files under a fresh directory and returns it.
func writeFiles(t *testing.T, files []backend.File) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// isIndex says f is the test index, a JSON file without a header.
func isIndex(f backend.File) bool { return path.Base(f.Path) == backend.IndexFileName }
