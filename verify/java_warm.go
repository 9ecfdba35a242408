package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/internal/jvm"
)

// javaRunnerDir is where Prepare compiles the warm runner's harness,
// beside the tests' classes but not among them: the tests must load in a
// class loader of each run's own, never in the JVM's.
const javaRunnerDir = "target/bqgen-verify-runner"

// javaRunnerClass is the harness's class (harness/BqgenVerifyRunner.java).
const javaRunnerClass = "BqgenVerifyRunner"

// prepareWarm compiles the warm runner's harness against the launcher (once
// per process with Builds). A harness that does not compile is logged, not
// fatal: the runs then go one JVM each.
func (j JavaToolchain) prepareWarm(ctx context.Context, dir, launcher string, log io.Writer) {
	own := filepath.Join(dir, javaRunnerDir)
	built, err := j.Builds.dirFor("java harness\x00"+launcher, own, func(out string) error {
		src, err := writeHarness(javaRunnerClass+".java", filepath.Join(out, "src"))
		if err != nil {
			return err
		}
		cmd := exec.CommandContext(ctx, "javac", slices.Concat(jvm.Javac(), []string{"--release",
			strconv.Itoa(javaRelease), "-encoding", "UTF-8", "-d", out, "-cp", launcher, src})...)
		cmd.Stdout, cmd.Stderr = log, log
		return cmd.Run()
	})
	if err == nil && built != own {
		err = copyTree(built, own)
	}
	if err != nil {
		fmt.Fprintf(log, "java: the warm runner did not compile: %v\n", err)
	}
}

// StartWarm starts one JVM running the harness, which runs the tests with
// the console launcher's API once per request (see warm.go).
func (JavaToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	launcher, err := JUnitLauncher()
	if err != nil {
		return nil, err
	}
	runner := filepath.Join(dir, javaRunnerDir)
	if _, err := os.Stat(filepath.Join(runner, javaRunnerClass+".class")); err != nil {
		return nil, errors.New("java: the warm runner is not compiled (see Prepare's log)")
	}
	// jvm.ShortLived: each run loads the tests' classes afresh, and C2's
	// compiles cost more than they save over the runs of one verification.
	// The harness reads the JDK's shutdown hooks (see runShutdownHooksSince).
	cmd := exec.CommandContext(ctx, "java", slices.Concat(jvm.ShortLived, []string{
		"--add-opens", "java.base/java.lang=ALL-UNNAMED",
		"-cp", launcher + string(os.PathListSeparator) + runner, javaRunnerClass, javaTestClasses})...)
	cmd.Dir = dir
	p, err := startWarmProcess("java", cmd)
	if err != nil {
		return nil, err
	}
	return javaWarm{p: p, dir: dir}, nil
}

// javaWarm is one warm JVM.
type javaWarm struct {
	p   *warmProcess
	dir string
}

// Run runs the tests once more, reading the launcher's summary table and
// listing its XML report, as Run does for a JVM of its own.
func (w javaWarm) Run(ctx context.Context, env []string) (Result, error) {
	return w.RunOnly(ctx, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil), which the harness selects as the launcher's --select-class does.
func (w javaWarm) RunOnly(ctx context.Context, env, only []string) (Result, error) {
	reports, err := newRunResultsDir(w.dir)
	if err != nil {
		return Result{}, err
	}
	own := map[string]string{"results": reports}
	if only != nil {
		own["only"] = strings.Join(only, "\n")
	}
	return runWarm(ctx, w.p, w.dir, env, own, filepath.Join(reports, "*.xml"), func(out string, code int) (Result, error) {
		res, err := parseJUnitSummary(out)
		if err != nil {
			return res, fmt.Errorf("junit console launcher (warm): %w (exit status %d)", err, code)
		}
		return res, nil
	})
}

// Close stops the JVM.
func (w javaWarm) Close() error { return w.p.Close() }
