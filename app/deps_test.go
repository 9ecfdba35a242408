package app

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// No backend depends on verify (which runs backends) or on the oracle
// (which verify hands them): data flows from the model through the backends
// to the writer, and the proof sits on top.
func TestBackendsImportNeitherVerifyNorOracle(t *testing.T) {
	tier.Toolchain(t, "go list")
	out, err := exec.Command("go", "list", "-deps", "github.com/babelqueue/bqgen/templates/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "github.com/babelqueue/bqgen/verify" || pkg == "github.com/babelqueue/bqgen/oracle" {
			t.Errorf("a backend depends on %s", pkg)
		}
	}
}
