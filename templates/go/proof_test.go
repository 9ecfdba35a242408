package gobackend_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang go` on the canonical and upstream suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, gobackend.New(), verify.NewGoToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
