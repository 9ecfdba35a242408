package python

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/prooftest"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang python` on the canonical and upstream suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, New(), verify.NewPythonToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
