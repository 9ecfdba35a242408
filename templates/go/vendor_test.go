package gobackend_test

import (
	"errors"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor: directory moves the vendored suite, and the tests read it there.
func TestVendorDirMovesTheSuite(t *testing.T) {
	vendortest.MovesTheSuite(t, gobackend.New(), gobackend.SuiteDir,
		vendortest.Place{Dir: "testdata/bqgen-conformance", Literal: `filepath.Join("testdata", "bqgen-conformance",`},
		vendortest.Place{Dir: "testdata/it's \"here\"", Literal: `filepath.Join("testdata", "it's \"here\"",`})
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewGoToolchain(), gobackend.New(),
		"testdata/suite dir/it's", gobackend.SuiteDir, `filepath.Join("testdata", "suite dir", "it's",`)
}

// The module's vendor directory is the go command's, never the suite's.
func TestVendorDirRefusesTheModulesVendorDirectory(t *testing.T) {
	_, err := gobackend.New().Generate(suitetest.Canonical(t), backend.Options{VendorDir: "vendor/suite"})
	var oe *backend.OptionError
	if !errors.As(err, &oe) {
		t.Fatalf("err = %v, want an OptionError", err)
	}
}
