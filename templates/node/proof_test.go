package node_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang node` on every suite in the repository.
func TestProof(t *testing.T) { prooftest.Prove(t, node.New(), verify.NewNodeToolchain()) }

func TestMain(m *testing.M) { prooftest.Main(m) }
