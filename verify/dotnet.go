package verify

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/babelqueue/bqgen/templates/dotnet"
)

// DotnetToolchain runs the .NET backend's oracle-bound output, a standalone
// xUnit test project, with the .NET SDK's dotnet command: `dotnet restore`
// and `dotnet build` once, into a fixed output folder, then xUnit's own
// console runner (which the build copies beside the tests) on the built
// assembly per oracle. That is one process a run, where `dotnet test` starts
// three, and it evaluates no MSBuild and writes nothing, so runs go side by
// side.
type DotnetToolchain struct {
	// Command is the dotnet executable; empty means "dotnet" on PATH.
	Command string
	// Builds, when set, keeps the warm runner's harness for every
	// verification of the process (it depends on no suite).
	Builds *Builds
}

// dotnetOutDir is where Prepare builds the test assembly, relative to the
// project: one fixed folder, whatever the target framework.
const dotnetOutDir = "bin/bqgen-verify"

// NewDotnetToolchain returns the toolchain that runs dotnet from PATH.
func NewDotnetToolchain() Toolchain { return DotnetToolchain{} }

// Lang is "dotnet".
func (DotnetToolchain) Lang() string { return "dotnet" }

// Available reports whether the dotnet command is on PATH.
func (d DotnetToolchain) Available() error {
	if _, err := exec.LookPath(d.command()); err != nil {
		return fmt.Errorf("dotnet: the .NET SDK's %q command is not on PATH (it builds and runs the generated C#): %w", d.command(), err)
	}
	return nil
}

// Prepare restores and compiles the generated test project in dir, for the
// newest .NET runtime installed here (see frameworkArgs), in one dotnet
// command.
func (d DotnetToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	project, err := dotnetProject(dir)
	if err != nil {
		return err
	}
	framework := d.frameworkArgs(ctx)
	harnessBuilt := alongside(func(log io.Writer) { d.prepareWarm(ctx, dir, framework, log) })
	err = d.build(ctx, dir, project, dotnetOutDir+"/", framework, log)
	harnessBuilt(log)
	return err
}

// build restores project (relative to dir) and builds it into outDir for
// framework, in one command whose output goes to log: a dotnet command
// costs a CLI start and a project evaluation, a second of CPU. Any warning
// is an error, as javac's are for Java: generated code must compile clean,
// the way the SDKs build.
func (d DotnetToolchain) build(ctx context.Context, dir, project, outDir string, framework []string, log io.Writer) error {
	args := append([]string{"build", project, "--nologo", "-p:OutDir=" + outDir, "-p:TreatWarningsAsErrors=true"}, framework...)
	fmt.Fprintf(log, "$ dotnet %s\n", strings.Join(args, " "))
	cmd := d.dotnet(ctx, dir, nil, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("dotnet build %s: %w", project, err)
	}
	return nil
}

// xunitXMLFile is the xUnit v2 XML report (-xml) each run writes into its
// results directory (Result.Files). The console runner pinned here (2.4.1)
// writes no TRX or JUnit XML: -trx and -junit came with 2.5.
const xunitXMLFile = "xunit.xml"

// Run runs the compiled tests once with env added to the environment. Failing
// tests make the runner exit non-zero; that is a result, not an error. An
// error is a run that printed no summary (a missing assembly, a host
// failure) or whose runner reported errors outside the tests.
func (d DotnetToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return d.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil), by the console runner's -class.
func (d DotnetToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	project, err := dotnetProject(dir)
	if err != nil {
		return Result{}, err
	}
	name := strings.TrimSuffix(project, filepath.Ext(project))
	out := dotnetOutDir + "/"
	results, err := newRunResultsDir(dir)
	if err != nil {
		return Result{}, err
	}
	xml := filepath.Join(results, xunitXMLFile)
	// The console runner is built for .NET Core 2.0: it runs on the test
	// assembly's own runtime configuration and dependencies instead.
	args := []string{"exec",
		"--runtimeconfig", out + name + ".runtimeconfig.json",
		"--depsfile", out + name + ".deps.json",
		out + xunitConsole,
		out + name + ".dll", "-nocolor", "-xml", xml}
	args = append(args, xunitSelection(only)...)
	output, runErr := d.dotnet(ctx, dir, env, args...).CombinedOutput()
	res, err := xunitResult(string(output), fmt.Sprint(runErr))
	res.Files = writtenFiles(xml)
	return res, err
}

// xunitConsole is xUnit's console runner, relative to the build output.
const xunitConsole = dotnet.XunitConsoleDir + "/xunit.console.dll"

// xunitResult reads a console run's output (exit says how it ended, for the
// error). An error is a run that printed no summary (a missing assembly, a
// host failure) or whose runner reported errors outside the tests.
func xunitResult(output, exit string) (Result, error) {
	res, errors, ok := parseXunitSummary(output)
	switch {
	case !ok:
		return res, fmt.Errorf("the xUnit console runner printed no test summary (exit: %s); its output ends:\n%s", exit, dotnetTail([]byte(output)))
	case errors > 0:
		return res, fmt.Errorf("the xUnit console runner reported %d error(s) outside the tests; its output ends:\n%s", errors, dotnetTail([]byte(output)))
	}
	return res, nil
}

// frameworkArgs retargets the project (written for net8.0, as the SDK's own
// tests are) to the newest .NET runtime installed here, so a machine with
// only a newer runtime needs neither the 8.0 targeting pack from NuGet nor a
// roll-forward at run time. Nothing when the runtimes cannot be listed: the
// project's own TargetFramework then applies.
// The runtimes are listed once per dotnet command, not once per run.
func (d DotnetToolchain) frameworkArgs(ctx context.Context) []string {
	cached, known := newestFramework.Load(d.command())
	tfm, _ := cached.(string)
	if !known {
		if out, err := d.dotnet(ctx, "", nil, "--list-runtimes").Output(); err == nil {
			tfm = newestNetCoreApp(string(out))
		}
		newestFramework.Store(d.command(), tfm)
	}
	if tfm == "" {
		return nil
	}
	// Both: with TargetFramework alone, the restore that build runs first
	// leaves the assets for the project's own framework, and the build then
	// fails with NETSDK1005; TargetFrameworks too makes the restore the
	// retargeted one's.
	return []string{"-p:TargetFramework=" + tfm, "-p:TargetFrameworks=" + tfm}
}

// newestFramework caches newestNetCoreApp per dotnet command.
var newestFramework sync.Map

// dotnetRuntimeLine is one line of `dotnet --list-runtimes`, e.g.
// "Microsoft.NETCore.App 10.0.1 [/usr/share/dotnet/shared/Microsoft.NETCore.App]".
var dotnetRuntimeLine = regexp.MustCompile(`(?m)^Microsoft\.NETCore\.App (\d+)\.(\d+)\.\S+ `)

// newestNetCoreApp is the target framework moniker ("net10.0") of the
// newest Microsoft.NETCore.App runtime listed, or "" for none (a release
// before .NET 5, whose monikers differ, counts as none).
func newestNetCoreApp(listRuntimes string) string {
	best := [2]int{-1, -1}
	for _, m := range dotnetRuntimeLine.FindAllStringSubmatch(listRuntimes, -1) {
		v := [2]int{dotnetCount(m[1]), dotnetCount(m[2])}
		if v[0] > best[0] || (v[0] == best[0] && v[1] > best[1]) {
			best = v
		}
	}
	if best[0] < 5 {
		return ""
	}
	return fmt.Sprintf("net%d.%d", best[0], best[1])
}

func (d DotnetToolchain) command() string {
	if d.Command == "" {
		return "dotnet"
	}
	return d.Command
}

// dotnet builds a dotnet command in dir. The variables keep its output
// machine-readable: English, no banner or telemetry notice, and the classic
// console logger, whose summary line parseDotnetSummary reads (the terminal
// logger of newer SDKs redraws the screen instead).
func (d DotnetToolchain) dotnet(ctx context.Context, dir string, env []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, d.command(), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(),
		"DOTNET_CLI_UI_LANGUAGE=en",
		"DOTNET_NOLOGO=1",
		"DOTNET_CLI_TELEMETRY_OPTOUT=1",
		"DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1",
		"MSBUILDTERMINALLOGGER=off",
	), env...)
	return cmd
}

// dotnetProject finds the one project file the backend writes at the root
// (dotnet.ProjectGlob).
func dotnetProject(dir string) (string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, dotnet.ProjectGlob))
	if err != nil {
		return "", err
	}
	if len(matches) != 1 {
		return "", fmt.Errorf("dotnet: want exactly one .csproj in %s, found %d", dir, len(matches))
	}
	return filepath.Base(matches[0]), nil
}

// xunitSummary is the xUnit console runner's line per test assembly, e.g.
// "   BabelQueue.Conformance.Tests  Total: 210, Errors: 0, Failed: 4, Skipped: 0, Time: 0.214s".
var xunitSummary = regexp.MustCompile(`(?m)^\s*\S+\s+Total:\s*(\d+),\s*Errors:\s*(\d+),\s*Failed:\s*(\d+),\s*Skipped:\s*(\d+),.*$`)

// parseXunitSummary adds up the summary lines of an xUnit console run and
// the errors it reports outside tests. It reports false when the output has
// none.
func parseXunitSummary(out string) (res Result, errors int, ok bool) {
	res.Output = out
	var lines []string
	for _, m := range xunitSummary.FindAllStringSubmatch(out, -1) {
		failed, skipped := dotnetCount(m[3]), dotnetCount(m[4])
		res.Failed += failed
		res.Skipped += skipped
		res.Passed += dotnetCount(m[1]) - failed - skipped
		errors += dotnetCount(m[2])
		lines = append(lines, strings.TrimSpace(m[0]))
	}
	res.Summary = strings.Join(lines, "\n")
	return res, errors, len(lines) > 0
}

// dotnetCount reads a regexp-matched run of digits.
func dotnetCount(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// dotnetTail is the end of a command's output, enough to show why it failed.
func dotnetTail(out []byte) string {
	const keep = 4000
	if len(out) > keep {
		return "..." + string(out[len(out)-keep:])
	}
	return string(out)
}

// xunitSelection is the console runner's -class for each class only names.
func xunitSelection(only []string) []string {
	var args []string
	for _, class := range only {
		args = append(args, "-class", class)
	}
	return args
}

// Selectors are the classes of f's tests (namespace and class), as the
// runner's XML report names them.
func (DotnetToolchain) Selectors(f testFile) ([]string, error) {
	return selectorsByTest(f, func(t indexedTest) (string, error) {
		if len(t.Names) == 0 {
			return "", fmt.Errorf("case %s has no runner name", t.Case)
		}
		return t.Names[0].Suite, nil
	})
}
