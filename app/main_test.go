package app

import (
	"os"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
)

// TestMain runs the tests, unless this binary was started as bqgen: verify
// serves the oracle from its own executable (`bqgen oracle serve`), which
// under go test is this test binary. Started so, it is bqgen, rather than
// running every test again (each verify inside starting another).
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "oracle" && os.Args[2] == "serve" {
		os.Exit(Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	prooftest.Main(m)
}
