package verify

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// nodeRunnerFile is the warm runner's harness (harness/bqgen-verify-runner.mjs).
const nodeRunnerFile = "bqgen-verify-runner.mjs"

// StartWarm starts one node process running the harness, which runs
// nodeEntry once per request in a worker thread of its own (see warm.go).
func (n NodeToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	if _, err := os.Stat(filepath.Join(dir, nodeEntry)); err != nil {
		return nil, fmt.Errorf("node: %s is missing: Prepare has not run", nodeEntry)
	}
	harness, err := writeHarness(nodeRunnerFile, filepath.Join(dir, ".bqgen-verify"))
	if err != nil {
		return nil, fmt.Errorf("node: %w", err)
	}
	cmd := exec.CommandContext(ctx, n.node(), harness, nodeEntry)
	cmd.Dir = dir
	p, err := startWarmProcess("node", cmd)
	if err != nil {
		return nil, err
	}
	return nodeWarm{p: p, dir: dir}, nil
}

// nodeWarm is one warm node process.
type nodeWarm struct {
	p   *warmProcess
	dir string
}

// Run runs the tests once more and reads node:test's TAP summary, as Run
// does for a process of its own; the junit reporter writes the result file.
func (w nodeWarm) Run(ctx context.Context, env []string) (Result, error) {
	junit, err := newResultFile(w.dir, "conformance-results-*.xml")
	if err != nil {
		return Result{}, fmt.Errorf("node: %w", err)
	}
	res, err := runWarm(ctx, w.p, w.dir, env, junit, "", func(out string, _ int) (Result, error) {
		return parseNodeTestSummary(out)
	})
	res.Files = []string{junit}
	return res, err
}

// Close stops the node process.
func (w nodeWarm) Close() error { return w.p.Close() }
