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
)

// DotnetToolchain runs the .NET backend's oracle-bound output, a standalone
// xUnit test project, with the .NET SDK's dotnet command: `dotnet build` once
// (which restores the pinned NuGet packages), then `dotnet test --no-build`
// per oracle, counting the test run's own summary line.
type DotnetToolchain struct {
	// Command is the dotnet executable; empty means "dotnet" on PATH.
	Command string
}

// NewDotnetToolchain returns the toolchain that runs dotnet from PATH.
func NewDotnetToolchain() Toolchain { return DotnetToolchain{} }

// Lang is "dotnet".
func (DotnetToolchain) Lang() string { return "dotnet" }

// Available reports whether the dotnet command is on PATH.
func (d DotnetToolchain) Available() error {
	if _, err := exec.LookPath(d.command()); err != nil {
		return fmt.Errorf("dotnet: the .NET SDK's %q command is not on PATH (the generated project targets net8.0): %w", d.command(), err)
	}
	return nil
}

// Prepare restores and compiles the generated test project in dir.
func (d DotnetToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	project, err := dotnetProject(dir)
	if err != nil {
		return err
	}
	cmd := d.dotnet(ctx, dir, nil, "build", project, "--nologo")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("dotnet build %s: %w", project, err)
	}
	return nil
}

// Run runs the compiled tests once with env added to the environment. Failing
// tests make dotnet exit non-zero; that is a result, not an error. An error is
// a run that printed no summary at all (a build or host failure).
func (d DotnetToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	project, err := dotnetProject(dir)
	if err != nil {
		return Result{}, err
	}
	out, runErr := d.dotnet(ctx, dir, env, "test", project, "--no-build", "--nologo").CombinedOutput()
	res, ok := parseDotnetSummary(string(out))
	if !ok {
		return res, fmt.Errorf("dotnet test %s printed no test summary (exit: %v); its output ends:\n%s", project, runErr, dotnetTail(out))
	}
	return res, nil
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

// dotnetProject finds the one project file the backend writes at the root.
func dotnetProject(dir string) (string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.csproj"))
	if err != nil {
		return "", err
	}
	if len(matches) != 1 {
		return "", fmt.Errorf("dotnet: want exactly one .csproj in %s, found %d", dir, len(matches))
	}
	return filepath.Base(matches[0]), nil
}

// The summary lines of `dotnet test`, one per test assembly: VSTest's
// "Passed!  - Failed:     0, Passed:    93, Skipped:     0, Total:    93, ..."
// (numbers padded, the verdict Passed!, Failed! or Skipped!), and the
// "Test summary: total: 93, failed: 0, succeeded: 93, skipped: 0, ..." that
// newer SDKs print instead when their terminal logger is on regardless.
var (
	dotnetVSTestSummary   = regexp.MustCompile(`(?m)^\s*(?:Passed|Failed|Skipped)!\s+-\s+Failed:\s*(\d+),\s*Passed:\s*(\d+),\s*Skipped:\s*(\d+),\s*Total:\s*(\d+).*$`)
	dotnetTerminalSummary = regexp.MustCompile(`(?m)^\s*Test summary:\s*total:\s*(\d+),\s*failed:\s*(\d+),\s*succeeded:\s*(\d+),\s*skipped:\s*(\d+).*$`)
)

// parseDotnetSummary adds up the summary lines of a dotnet test run. It
// reports false when the output has none.
func parseDotnetSummary(out string) (Result, bool) {
	res := Result{Output: out}
	var lines []string
	for _, m := range dotnetVSTestSummary.FindAllStringSubmatch(out, -1) {
		res.Failed += dotnetCount(m[1])
		res.Passed += dotnetCount(m[2])
		res.Skipped += dotnetCount(m[3])
		lines = append(lines, strings.TrimSpace(m[0]))
	}
	if len(lines) == 0 {
		for _, m := range dotnetTerminalSummary.FindAllStringSubmatch(out, -1) {
			res.Failed += dotnetCount(m[2])
			res.Passed += dotnetCount(m[3])
			res.Skipped += dotnetCount(m[4])
			lines = append(lines, strings.TrimSpace(m[0]))
		}
	}
	res.Summary = strings.Join(lines, "\n")
	return res, len(lines) > 0
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
