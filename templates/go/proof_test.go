package gobackend_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang go` on the canonical and upstream
// suites; each suite's run against the oracle also holds the test index to
// the go test -json file (checkIndexOfRun).
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, gobackend.New(), verify.NewGoToolchain(), func(t *testing.T, run prooftest.OracleRun) {
		t.Run("index", func(t *testing.T) { checkIndexOfRun(t, run.Files, run.Results, run.Total) })
	})
}

func TestMain(m *testing.M) { prooftest.Main(m) }
