package php_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor directory moves the vendored suite, and SUITE_DIR names it,
// relative to the support directory.
func TestVendorDirMovesTheSuite(t *testing.T) {
	vendortest.MovesTheSuite(t, php.New(), php.SuiteDir,
		vendortest.Place{Dir: "tests/bqgen-conformance", Literal: `__DIR__ . '/../../bqgen-conformance/'`},
		vendortest.Place{Dir: `fixtures/it's $x "{y}"`, Literal: `__DIR__ . "/../../../fixtures/it's \$x \"{y}\"/"`})
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewPHPToolchain(), php.New(),
		"suite dir/it's $x é", php.SuiteDir, `"/../../../suite dir/it's \$x `)
}
