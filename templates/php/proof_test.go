package php_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// TestProof is `bqgen verify --lang php` on the canonical and upstream suites.
// It is an external test: verify's PHP toolchain imports this package for
// the output layout.
//
// Each suite's run against the oracle also holds the test index to
// PHPUnit's report (checkIndexOfRun).
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, php.New(), verify.NewPHPToolchain(), func(t *testing.T, run prooftest.OracleRun) {
		t.Run("index", func(t *testing.T) { checkIndexOfRun(t, run.Files, run.Results, run.Total) })
	})
}

func TestMain(m *testing.M) { prooftest.Main(m) }
