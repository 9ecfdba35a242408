package verify

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// nodeRunnerFile is the warm runner's harness (harness/bqgen-verify-runner.mjs).
const nodeRunnerFile = "bqgen-verify-runner.mjs"

// StartWarm starts one node process running the harness, which runs the
// compiled tests once per request in a worker thread of that run's own
// (see warm.go): a new realm, so every module is evaluated afresh and no
// state of a run reaches the next, and the process and its V8 flags are
// paid once. The run's reporters are node options the worker takes.
func (n NodeToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	harness, err := writeHarness(nodeRunnerFile, filepath.Join(dir, ".bqgen-verify"))
	if err != nil {
		return nil, fmt.Errorf("node: %w", err)
	}
	args := slices.Concat(acceptedRunFlags(ctx, n.node()), []string{harness, nodeEntry})
	cmd := exec.CommandContext(ctx, n.node(), args...)
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

// Run runs the tests once more in a new worker, with the reporters a
// process of its own would have, and reads the run as Run does.
func (w nodeWarm) Run(ctx context.Context, env []string) (Result, error) {
	return w.RunOnly(ctx, env, nil)
}

// RunOnly is Run limited to the compiled test files only names (every one
// when nil): the worker starts from an entry of the run's own.
func (w nodeWarm) RunOnly(ctx context.Context, env, only []string) (Result, error) {
	junit, err := newResultFile(w.dir, "conformance-results-*.xml")
	if err != nil {
		return Result{}, fmt.Errorf("node: %w", err)
	}
	quoted := againstOracle(env)
	// NUL cannot be in an argument, so it can separate them.
	args := map[string]string{"args": strings.Join(nodeReporterArgs(quoted, junit), "\x00")}
	if only != nil {
		entry, err := writeSelectedEntry(w.dir, only)
		if err != nil {
			return Result{}, err
		}
		defer os.Remove(entry)
		args["entry"] = entry
	}
	return runWarm(ctx, w.p, w.dir, env, args, "", func(out string, _ int) (Result, error) {
		return nodeRunResult(w.dir, junit, out, quoted)
	})
}

// Close stops the node process.
func (w nodeWarm) Close() error { return w.p.Close() }
