package java_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// A vendor directory below the test resources moves the vendored suite,
// and the fixtures read it from the class path prefix it makes.
func TestVendorDirMovesTheSuite(t *testing.T) {
	vendortest.MovesTheSuite(t, java.New(), java.SuiteDir,
		vendortest.Place{Dir: java.TestResourceRoot + "/bqgen-conformance", Literal: `"/bqgen-conformance/"`},
		vendortest.Place{Dir: java.TestResourceRoot + `/it's "q"/\u00e9`, Literal: `"/it's \"q\"/\\u00e9/"`})
}

// Only the test resources are on the class path: a vendor directory
// elsewhere is an option error naming why.
func TestVendorDirOutsideTheResourcesIsRefused(t *testing.T) {
	_, err := java.New().Generate(suitetest.Canonical(t), backend.Options{VendorDir: "src/test/conformance"})
	var optErr *backend.OptionError
	if !errors.As(err, &optErr) || !strings.Contains(err.Error(), "class path") {
		t.Fatalf("err = %v, want an option error about the class path", err)
	}
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewJavaToolchain(), java.New(),
		java.TestResourceRoot+"/suite dir/it's #1/\u00e9", java.SuiteDir, `"/suite dir/it's #1/\u00e9/"`)
}
