package dotnet_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang dotnet` on the canonical and upstream suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, dotnet.New(), verify.NewDotnetToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
