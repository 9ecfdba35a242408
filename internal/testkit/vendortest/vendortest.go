// Package vendortest holds a backend to its vendor: option: with a
// VendorDir, every suite file is vendored there, none at the language's
// default place, and the generated code names the new place.
package vendortest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/verify"
)

// Check generates s with b under opt (opt.VendorDir set) and fails t
// unless every suite file lies under opt.VendorDir, none under
// defaultDir, and some generated file holds literal, the new place as the
// language's string literal names it. It returns the files.
func Check(t *testing.T, b backend.Backend, s *model.Suite, opt backend.Options, defaultDir, literal string) []backend.File {
	t.Helper()
	files, err := b.Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	vendored, named := 0, false
	for _, f := range files {
		if strings.HasPrefix(f.Path, defaultDir+"/") {
			t.Errorf("%s: written at the default place %s", f.Path, defaultDir)
		}
		if f.Kind == backend.Vendored {
			vendored++
			if !strings.HasPrefix(f.Path, opt.VendorDir+"/") {
				t.Errorf("vendored %s: not under %s", f.Path, opt.VendorDir)
			}
		}
		if f.Kind != backend.Vendored && bytes.Contains(f.Content, []byte(literal)) {
			named = true
		}
	}
	if vendored != len(s.Files) {
		t.Errorf("%d vendored files, want the suite's %d", vendored, len(s.Files))
	}
	if !named {
		t.Errorf("no generated file names %s", literal)
	}
	return files
}

// PassesAgainstOracle generates the canonical suite bound to the oracle
// with its suite vendored at vendorDir (Check, with defaultDir and
// literal), runs it with tc, and fails t unless every test passes: the
// generated code finds the suite at the new place. It skips where tc's
// toolchain is absent, as every proof does.
func PassesAgainstOracle(t *testing.T, tc verify.Toolchain, b backend.Backend, vendorDir, defaultDir, literal string) {
	t.Helper()
	prooftest.RequireToolchain(t, tc)
	files := Check(t, b, suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle, VendorDir: vendorDir}, defaultDir, literal)
	res, _ := prooftest.RunAgainstOracle(t, prooftest.Shared(t, tc), files)
	if res.Failed > 0 || res.Passed == 0 {
		t.Fatalf("run: %s\n%s", res.Summary, res.Output)
	}
}

// Place is a vendor directory and the literal by which the generated code
// names it.
type Place struct{ Dir, Literal string }

// MovesTheSuite checks (Check) that b, bound to the SDK and to the
// oracle, vendors the canonical suite at each place and names it there.
func MovesTheSuite(t *testing.T, b backend.Backend, defaultDir string, places ...Place) {
	t.Helper()
	for _, binding := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
		for _, p := range places {
			Check(t, b, suitetest.Canonical(t), backend.Options{Binding: binding, VendorDir: p.Dir}, defaultDir, p.Literal)
		}
	}
}
