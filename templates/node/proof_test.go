package node_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang node` on every suite in the repository;
// each suite's run against the oracle is held to the test index
// (TestIndexNamesEveryReportedTest runs the hostile suite itself).
func TestProof(t *testing.T) {
	prooftest.Prove(t, node.New(), verify.NewNodeToolchain(), func(t *testing.T, run prooftest.OracleRun) {
		t.Run("index", func(t *testing.T) {
			if len(run.Results) != 1 {
				t.Fatalf("the run against the oracle wrote %d result files, want 1", len(run.Results))
			}
			checkIndexAgainst(t, readNodeIndex(t, run.Dir), readNodeJUnit(t, run.Results[0]), run.Total)
		})
	})
}

func TestMain(m *testing.M) { prooftest.Main(m) }
