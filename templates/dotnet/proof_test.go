package dotnet_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang dotnet` on the canonical and upstream
// suites; each suite's run against the oracle also holds the test index to
// the runner's report, and the canonical suite's to `dotnet test`'s TRX
// (checkIndexOfRun).
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, dotnet.New(), verify.NewDotnetToolchain(), func(t *testing.T, run prooftest.OracleRun) {
		built := ""
		if run.Suite == "canonical" {
			built = run.Dir
		}
		t.Run("index", func(t *testing.T) {
			checkIndexOfRun(t, run.Files, run.Results, run.Total, built, prooftest.OracleBin(t))
		})
	})
}

func TestMain(m *testing.M) { prooftest.Main(m) }
