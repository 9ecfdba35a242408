// Package suitetest finds the suites tests run against: the embedded
// canonical suite, and the published upstream suite that sits outside the
// repository (../shared/upstream-conformance beside the checkout, as on the
// developers' machines and in CI). Tests that need the upstream suite skip
// where it is absent.
package suitetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// EnvUpstream overrides where the upstream suite is looked for.
const EnvUpstream = "BQGEN_UPSTREAM_SUITE"

// EnvUpstreamNext overrides where the newest upstream suite is looked for.
const EnvUpstreamNext = "BQGEN_UPSTREAM_NEXT_SUITE"

// UpstreamDir returns the upstream suite's directory, or "" when it is not
// on this machine.
func UpstreamDir() string { return sharedSuiteDir(EnvUpstream, "upstream-conformance") }

// UpstreamNextDir returns the newest upstream suite's directory
// (../shared/upstream-conformance-next), or "" when it is not on this machine.
func UpstreamNextDir() string { return sharedSuiteDir(EnvUpstreamNext, "upstream-conformance-next") }

// sharedSuiteDir is $env, else ../shared/name beside the checkout when it
// holds a manifest, else "".
func sharedSuiteDir(env, name string) string {
	if dir := os.Getenv(env); dir != "" {
		return dir
	}
	root := moduleRoot()
	if root == "" {
		return ""
	}
	dir := filepath.Join(filepath.Dir(root), "shared", name)
	if _, err := os.Stat(filepath.Join(dir, model.ManifestFile)); err != nil {
		return ""
	}
	return dir
}

// moduleRoot walks up from the working directory (a package directory under
// go test) to bqgen's go.mod.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		raw, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(raw), "module github.com/babelqueue/bqgen\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Canonical loads the embedded canonical suite.
func Canonical(t testing.TB) *model.Suite {
	t.Helper()
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// CanonicalMap is the embedded canonical suite's files (no Go or Markdown) as
// a map a test can change or add files to.
func CanonicalMap(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(conformance.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".md") {
			return err
		}
		data, err := fs.ReadFile(conformance.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// absent says why the upstream suite is not used.
var absent = "upstream suite not found (set " + EnvUpstream + " or place it at ../shared/upstream-conformance)"

// Upstream loads the upstream suite, skipping the test where it is absent.
func Upstream(t testing.TB) *model.Suite {
	t.Helper()
	dir := UpstreamDir()
	if dir == "" {
		t.Skip(absent)
	}
	return load(t, dir)
}

// UpstreamNext loads the newest upstream suite, skipping the test where it
// is absent.
func UpstreamNext(t testing.TB) *model.Suite {
	t.Helper()
	dir := UpstreamNextDir()
	if dir == "" {
		t.Skip("newest upstream suite not found (set " + EnvUpstreamNext + " or place it at ../shared/upstream-conformance-next)")
	}
	return load(t, dir)
}

// UpstreamIfPresent loads the upstream suite, or logs why not and returns
// nil, for a test that covers several suites and goes on without it.
func UpstreamIfPresent(t testing.TB) *model.Suite {
	t.Helper()
	dir := UpstreamDir()
	if dir == "" {
		t.Log(absent + ": covered suites without it")
		return nil
	}
	return load(t, dir)
}

func load(t testing.TB, dir string) *model.Suite {
	t.Helper()
	fsys, err := model.DirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// CanonicalVersion is the embedded suite's CONFORMANCE_VERSION, for tests
// that check generated headers name it.
var CanonicalVersion = func() string {
	data, err := fs.ReadFile(conformance.FS, model.VersionFile)
	if err != nil {
		panic(err)
	}
	return strings.TrimSpace(string(data))
}()
