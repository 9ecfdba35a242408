package node_test

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// defaultSuiteDir is where the Node backend vendors the suite by default.
const defaultSuiteDir = "test/conformance"

// A vendor: directory moves the vendored suite, and the tests read it there.
func TestVendorDirMovesTheSuite(t *testing.T) {
	for _, b := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
		vendortest.Check(t, node.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: "test/bqgen-conformance"}, defaultSuiteDir, `new URL("./bqgen-conformance/", import.meta.url)`)
		vendortest.Check(t, node.New(), suitetest.Canonical(t),
			backend.Options{Binding: b, VendorDir: "fixtures/it's \"#?%\""}, defaultSuiteDir, `new URL("./../fixtures/it%27s%20%22%23%3F%25%22/", import.meta.url)`)
	}
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	vendortest.PassesAgainstOracle(t, verify.NewNodeToolchain(), node.New(),
		"fixtures/suite dir#1", defaultSuiteDir, `"./../fixtures/suite%20dir%231/"`)
}
