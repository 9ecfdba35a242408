package verify

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"

	"github.com/babelqueue/bqgen/templates/php"
)

// phpRunnerFile is the warm runner's harness (harness/bqgen-verify-runner.php).
const phpRunnerFile = "bqgen-verify-runner.php"

// StartWarm starts one PHP process running the harness, which forks a child
// per request to run PHPUnit (see warm.go): the child starts from the
// harness's untouched state, so no run sees another's, and PHP's start and
// compiled code (the opcode cache the children share) are paid once. A PHP
// without pcntl or FFI makes the harness exit at once, and the first run
// falls back to a process of its own.
func (t PHPToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	phpunit, err := exec.LookPath(t.PHPUnit)
	if err != nil {
		return nil, fmt.Errorf("php: %w", err)
	}
	if phpunit, err = filepath.EvalSymlinks(phpunit); err != nil {
		return nil, fmt.Errorf("php: %w", err)
	}
	harness, err := writeHarness(phpRunnerFile, filepath.Join(dir, ".bqgen-verify"))
	if err != nil {
		return nil, fmt.Errorf("php: %w", err)
	}
	cmd := exec.CommandContext(ctx, t.PHP, "-d", "opcache.enable_cli=1", harness, phpunit,
		"--configuration", filepath.Join(dir, php.PHPUnitConfig), "--colors=never")
	cmd.Dir = dir
	p, err := startWarmProcess("php", cmd)
	if err != nil {
		return nil, err
	}
	return phpWarm{p: p, dir: dir}, nil
}

// phpWarm is one warm PHP process.
type phpWarm struct {
	p   *warmProcess
	dir string
}

// Run runs PHPUnit once more in a child and reads its summary, as Run does
// for a process of its own; the child writes the JUnit XML report.
func (w phpWarm) Run(ctx context.Context, env []string) (Result, error) {
	return w.RunOnly(ctx, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil), which the child gives PHPUnit as --filter.
func (w phpWarm) RunOnly(ctx context.Context, env, only []string) (Result, error) {
	results, err := newRunResultsDir(w.dir)
	if err != nil {
		return Result{}, err
	}
	junit := filepath.Join(results, phpUnitJUnitFile)
	own := map[string]string{"results": junit}
	if only != nil {
		own["filter"] = phpUnitFilter(only)
	}
	return runWarm(ctx, w.p, w.dir, env, own, junit, func(out string, _ int) (Result, error) {
		res, err := parsePHPUnitSummary(out)
		if err != nil {
			return res, fmt.Errorf("phpunit (warm): %w\n%s", err, out)
		}
		return res, nil
	})
}

// Close stops the PHP process.
func (w phpWarm) Close() error { return w.p.Close() }
