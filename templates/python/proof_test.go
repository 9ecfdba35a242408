package python_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang python` on the canonical and upstream suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, python.New(), verify.NewPythonToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
