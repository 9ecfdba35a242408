package python_test

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor: directory moves the vendored suite, and the tests read it there.
func TestVendorDirMovesTheSuite(t *testing.T) {
	for _, b := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
		vendortest.Check(t, python.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: "tests/bqgen-conformance"}, python.SuiteDir, `/ "bqgen-conformance"`)
		vendortest.Check(t, python.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: "testdata/it's \"here\""}, python.SuiteDir, `/ "../testdata/it's \"here\""`)
	}
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewPythonToolchain(), python.New(),
		"suite dir/it's", python.SuiteDir, `"../suite dir/it's"`)
}
