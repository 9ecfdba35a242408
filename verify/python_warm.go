package verify

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/templates/python"
)

// pythonRunnerFile is the warm runner's harness (harness/bqgen_verify_runner.py),
// which StartWarm writes beside the test directory, outside what either
// runner collects.
const pythonRunnerFile = "bqgen_verify_runner.py"

// StartWarm starts one interpreter running the harness, which runs the
// configured runner in-process once per request (see warm.go), importing
// the generated modules afresh each run.
func (p PythonToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	runner, err := p.runner(ctx)
	if err != nil {
		return nil, err
	}
	harness, err := writeHarness(pythonRunnerFile, filepath.Join(dir, ".bqgen-verify"))
	if err != nil {
		return nil, fmt.Errorf("python: %w", err)
	}
	args := []string{harness, dir, runner}
	if runner == PythonPytest {
		args = append(args, pytestArgs(dir)...)
	} else {
		args = append(args, python.TestDir, python.TestFileGlob)
	}
	cmd := exec.CommandContext(ctx, p.python(), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1")
	proc, err := startWarmProcess("python", cmd)
	if err != nil {
		return nil, err
	}
	return pythonWarm{p: proc, dir: dir, runner: runner}, nil
}

// pythonWarm is one warm interpreter.
type pythonWarm struct {
	p           *warmProcess
	dir, runner string
}

// Run runs the tests once more and reads the runner's summary, as Run does
// for an interpreter of its own.
func (w pythonWarm) Run(ctx context.Context, env []string) (Result, error) {
	return w.RunOnly(ctx, env, nil)
}

// RunOnly is Run limited to the test modules only names (every one when
// nil): the harness imports those alone.
func (w pythonWarm) RunOnly(ctx context.Context, env, only []string) (Result, error) {
	own := map[string]string{}
	if only != nil {
		own["only"] = strings.Join(only, "\n")
	}
	if w.runner == PythonUnittest {
		return runWarm(ctx, w.p, w.dir, env, own, "", unittestResult)
	}
	junit, err := newResultFile(w.dir, "conformance-results-*.xml")
	if err != nil {
		return Result{}, fmt.Errorf("python: %w", err)
	}
	own["results"] = junit
	res, err := runWarm(ctx, w.p, w.dir, env, own, "", pytestResult)
	res.Files = []string{junit}
	return res, err
}

// Close stops the interpreter.
func (w pythonWarm) Close() error { return w.p.Close() }
