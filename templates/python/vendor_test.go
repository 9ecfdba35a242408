package python_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor: directory moves the vendored suite, and the tests read it there.
func TestVendorDirMovesTheSuite(t *testing.T) {
	vendortest.MovesTheSuite(t, python.New(), python.SuiteDir,
		vendortest.Place{Dir: "tests/bqgen-conformance", Literal: `/ "bqgen-conformance"`},
		vendortest.Place{Dir: "testdata/it's \"here\"", Literal: `/ "../testdata/it's \"here\""`})
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewPythonToolchain(), python.New(),
		"suite dir/it's", python.SuiteDir, `"../suite dir/it's"`)
}
