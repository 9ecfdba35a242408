package gobackend_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/model"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// standin is a stand-in babelqueue-go checkout: the core module at its root
// and each transport module in a subdirectory (with replace directives to
// the core and to stand-ins of the broker clients under thirdparty/), as in
// the real repository. Its code is signatures and minimal bodies written
// from shared/sdk-api/go.md and what the scaffolds call: enough to compile
// and vet the SDK-bound output, never to run it against an SDK.
const standin = "testdata/standin"

// staticcheckShared is where the project's toolchains keep staticcheck,
// relative to this package (the repository's ../shared).
const staticcheckShared = "../../../shared/toolchains/bin/staticcheck"

// Every Go file bqgen writes, for every kind of target, passes the SDK's own
// CI lint: gofmt -l lists nothing, go vet and staticcheck report nothing.
// The oracle-bound module builds on its own; SDK-bound output is built inside
// the stand-in SDK, in the package it is generated for.
func TestGeneratedGoLints(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewGoToolchain())
	lint := linter{staticcheck: findStaticcheck(t)}
	s := gobackend.CanonicalSuite(t)
	t.Run("oracle", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		files := gobackend.Generate(t, s, backend.Options{Binding: backend.BindOracle})
		gobackend.WriteFiles(t, dir, files)
		lint.run(t, dir, "./...", files)
	})
	t.Run("sdk/core", func(t *testing.T) {
		t.Parallel()
		sel := selectBlocks(t, s, coreBlocks())
		lint.inStandin(t, ".", gobackend.Generate(t, sel, backend.Options{Binding: backend.BindSDK}))
	})
	for _, block := range model.TransportBlocks {
		t.Run("sdk/"+block, func(t *testing.T) {
			t.Parallel()
			sel := selectBlocks(t, s, []string{block})
			lint.inStandin(t, gobackend.TransportPackage(block), gobackend.Generate(t, sel, backend.Options{Binding: backend.BindSDK}))
		})
	}
}

// coreBlocks are the blocks a core target runs: every block but the brokers'.
func coreBlocks() []string {
	var out []string
	for _, b := range model.KnownBlocks {
		if !model.IsTransportBlock(b) {
			out = append(out, b)
		}
	}
	return out
}

func selectBlocks(t *testing.T, s *model.Suite, blocks []string) *model.Suite {
	t.Helper()
	sel, err := s.Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// findStaticcheck is the project's staticcheck, or the one on PATH; without
// either the test skips, or fails where go is required.
func findStaticcheck(t *testing.T) string {
	t.Helper()
	if abs, err := filepath.Abs(staticcheckShared); err == nil {
		if info, err := os.Stat(abs); err == nil && !info.IsDir() {
			return abs
		}
	}
	if path, err := exec.LookPath("staticcheck"); err == nil {
		return path
	}
	reason := "no staticcheck at " + staticcheckShared + " or on PATH"
	if prooftest.Required("go") {
		t.Fatalf("%s, and %s names go", reason, prooftest.EnvRequire)
	}
	t.Skip(reason)
	return ""
}

type linter struct{ staticcheck string }

// inStandin copies the stand-in SDK to a temp dir, writes files into its
// module dir (relative to the stand-in's root) and lints that package.
func (l linter) inStandin(t *testing.T, module string, files []backend.File) {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(standin)); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "babelqueue-go", module)
	gobackend.WriteFiles(t, dir, files)
	l.run(t, dir, ".", files)
}

// run runs gofmt -l over the generated Go files, then go vet and
// staticcheck over pkgs, in dir.
func (l linter) run(t *testing.T, dir, pkgs string, files []backend.File) {
	t.Helper()
	args := []string{"-l"}
	for _, f := range files {
		if f.Kind != backend.Vendored && strings.HasSuffix(f.Path, ".go") {
			args = append(args, filepath.FromSlash(f.Path))
		}
	}
	if len(args) == 1 {
		t.Fatal("no Go file generated")
	}
	if out := command(t, dir, "gofmt", args...); out != "" {
		t.Errorf("gofmt -l lists:\n%s", out)
	}
	command(t, dir, "go", "vet", pkgs)
	command(t, dir, l.staticcheck, pkgs)
}

// command runs name in dir, offline and in module mode, and returns its
// output; a failure fails the test with that output.
func command(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%s %s in %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}
