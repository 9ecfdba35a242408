package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// dotnetRunnerDir is where Prepare builds the warm runner's harness: under
// bin/, which the test project's build leaves out of its sources, and
// beside the tests' output but not in it, so the harness never loads in a
// run's context nor a test in the harness's.
const dotnetRunnerDir = "bin/bqgen-verify-runner"

// dotnetRunner is the harness's project and assembly name
// (harness/BqgenVerifyRunner.cs and .csproj).
const dotnetRunner = "BqgenVerifyRunner"

// prepareWarm builds the warm runner's harness for the tests' framework
// (once per process with Builds). A harness that does not build is logged,
// not fatal: the runs then go one process each.
func (d DotnetToolchain) prepareWarm(ctx context.Context, dir string, framework []string, log io.Writer) {
	own := filepath.Join(dir, dotnetRunnerDir)
	key := strings.Join(append([]string{"dotnet harness", d.command()}, framework...), "\x00")
	built, err := d.Builds.dirFor(key, own, func(into string) error {
		src := filepath.Join(into, "src")
		project, err := writeHarness(dotnetRunner+".csproj", src)
		if err == nil {
			_, err = writeHarness(dotnetRunner+".cs", src)
		}
		if err != nil {
			return err
		}
		return d.build(ctx, into, project, filepath.Join(into, "out")+"/", framework, log)
	})
	if err == nil && built != own {
		err = copyTree(filepath.Join(built, "out"), filepath.Join(own, "out"))
	}
	if err != nil {
		fmt.Fprintf(log, "dotnet: the warm runner did not build: %v\n", err)
	}
}

// StartWarm starts one .NET process running the harness, which runs xUnit's
// console runner in-process once per request (see warm.go), each run in an
// assembly load context of its own that is unloaded after it.
func (d DotnetToolchain) StartWarm(ctx context.Context, dir string) (WarmRunner, error) {
	project, err := dotnetProject(dir)
	if err != nil {
		return nil, err
	}
	runner := filepath.Join(dotnetRunnerDir, "out", dotnetRunner+".dll")
	if _, err := os.Stat(filepath.Join(dir, runner)); err != nil {
		return nil, errors.New("dotnet: the warm runner is not built (see Prepare's log)")
	}
	tests := dotnetOutDir + "/" + strings.TrimSuffix(project, filepath.Ext(project)) + ".dll"
	cmd := d.dotnet(ctx, dir, nil, "exec", runner, tests, dotnetOutDir+"/"+xunitConsole)
	p, err := startWarmProcess("dotnet", cmd)
	if err != nil {
		return nil, err
	}
	return dotnetWarm{p: p, dir: dir}, nil
}

// dotnetWarm is one warm .NET process.
type dotnetWarm struct {
	p   *warmProcess
	dir string
}

// Run runs the tests once more, reading the console runner's summary and
// listing its XML report, as Run does for a process of its own.
func (w dotnetWarm) Run(ctx context.Context, env []string) (Result, error) {
	return w.RunOnly(ctx, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil), which the harness passes to the console runner as -class. xUnit's
// console runner, called again and again in one process, now and then
// (about one run in sixty) writes a report naming no test for a run whose
// summary counted them; verify reads the tests' outcomes from the report,
// so such a run runs once more.
func (w dotnetWarm) RunOnly(ctx context.Context, env, only []string) (Result, error) {
	return againIfUnreported(func() (Result, error) { return w.runOnce(ctx, env, only) })
}

// runOnce is one run of RunOnly.
func (w dotnetWarm) runOnce(ctx context.Context, env, only []string) (Result, error) {
	results, err := newRunResultsDir(w.dir)
	if err != nil {
		return Result{}, err
	}
	own := map[string]string{"results": results}
	if only != nil {
		own["only"] = strings.Join(only, "\n")
	}
	return runWarm(ctx, w.p, w.dir, env, own, filepath.Join(results, xunitXMLFile), func(out string, code int) (Result, error) {
		res, err := xunitResult(out, fmt.Sprintf("exit status %d", code))
		if err != nil {
			return res, fmt.Errorf("dotnet (warm): %w", err)
		}
		return res, nil
	})
}

// Close stops the process.
func (w dotnetWarm) Close() error { return w.p.Close() }
