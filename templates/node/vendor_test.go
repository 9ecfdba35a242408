package node_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// defaultSuiteDir is where the Node backend vendors the suite by default.
const defaultSuiteDir = "test/conformance"

// A vendor: directory moves the vendored suite, and the tests read it there.
func TestVendorDirMovesTheSuite(t *testing.T) {
	vendortest.MovesTheSuite(t, node.New(), defaultSuiteDir,
		vendortest.Place{Dir: "test/bqgen-conformance", Literal: `new URL("./bqgen-conformance/", import.meta.url)`},
		vendortest.Place{Dir: "fixtures/it's \"#?%\"", Literal: `new URL("./../fixtures/it%27s%20%22%23%3F%25%22/", import.meta.url)`})
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	vendortest.PassesAgainstOracle(t, verify.NewNodeToolchain(), node.New(),
		"fixtures/suite dir#1", defaultSuiteDir, `"./../fixtures/suite%20dir%231/"`)
}
