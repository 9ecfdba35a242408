package java_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang java` on the canonical, upstream and upstream-next suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, java.New(), verify.NewJavaToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
