package java_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang java` on the canonical, upstream and
// upstream-next suites; each suite's run against the oracle also holds the
// test index to the launcher's reports (checkIndexOfRun).
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, java.New(), verify.NewJavaToolchain(), func(t *testing.T, run prooftest.OracleRun) {
		t.Run("index", func(t *testing.T) { checkIndexOfRun(t, run.Files, run.Results, run.Total) })
	})
}

func TestMain(m *testing.M) { prooftest.Main(m) }
