package gobackend

import (
	"context"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/prooftest"
	"github.com/babelqueue/bqgen/verify"
)

// The tests that compile and run Go output: the proof of both suites, and
// the helpers below for smaller modules (the adversarial suite, the support
// self-check), all in the full tier.

// preparedModule is oracle-bound output, compiled and ready to run.
type preparedModule struct {
	dir  string
	tool verify.Toolchain
}

// prepare writes the oracle-bound output for files and compiles it,
// skipping when there is no go command.
func prepare(t *testing.T, files []backend.File) preparedModule {
	t.Helper()
	tool := verify.NewGoToolchain()
	prooftest.RequireToolchain(t, tool)
	dir := t.TempDir()
	writeFiles(t, dir, files)
	var log strings.Builder
	if err := tool.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	return preparedModule{dir: dir, tool: tool}
}

// run runs the compiled tests with the named fault ("" for none).
func (m preparedModule) run(t *testing.T, fault string) verify.Result {
	t.Helper()
	env := []string{verify.EnvOracleBin + "=" + prooftest.OracleBin(t), verify.EnvOracleFault + "=" + fault}
	res, err := m.tool.Run(context.Background(), m.dir, env)
	if err != nil {
		t.Fatalf("run with fault %q: %v", fault, err)
	}
	return res
}

// TestProof is `bqgen verify --lang go` on the canonical and upstream suites.
func TestProof(t *testing.T) {
	t.Parallel()
	prooftest.Prove(t, New(), verify.NewGoToolchain())
}

func TestMain(m *testing.M) { prooftest.Main(m) }
