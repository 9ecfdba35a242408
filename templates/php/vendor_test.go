package php_test

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor directory moves the vendored suite, and SUITE_DIR names it,
// relative to the support directory.
func TestVendorDirMovesTheSuite(t *testing.T) {
	for _, b := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
		vendortest.Check(t, php.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: "tests/bqgen-conformance"}, php.SuiteDir, `__DIR__ . '/../../bqgen-conformance/'`)
		vendortest.Check(t, php.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: `fixtures/it's $x "{y}"`}, php.SuiteDir, `__DIR__ . "/../../../fixtures/it's \$x \"{y}\"/"`)
	}
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewPHPToolchain(), php.New(),
		"suite dir/it's $x é", php.SuiteDir, `"/../../../suite dir/it's \$x `)
}
