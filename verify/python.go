package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/templates/python"
)

// The Python test runners. The generated modules are unittest.TestCase
// classes, so both run the same tests.
const (
	// PythonAuto runs pytest when it is importable, else unittest.
	PythonAuto = ""
	// PythonPytest runs `python3 -m pytest`.
	PythonPytest = "pytest"
	// PythonUnittest runs `python3 -m unittest discover`.
	PythonUnittest = "unittest"
)

// PythonToolchain runs the generated Python tests with the standard library
// and, when installed, pytest. The generated code needs nothing else.
type PythonToolchain struct {
	// Python is the interpreter; "python3" on PATH when empty.
	Python string
	// Runner is PythonAuto, PythonPytest or PythonUnittest.
	Runner string
}

// NewPythonToolchain returns the Python toolchain: python3 on PATH, pytest
// when importable.
func NewPythonToolchain() Toolchain { return PythonToolchain{} }

// Lang is "python".
func (PythonToolchain) Lang() string { return "python" }

func (p PythonToolchain) python() string {
	if p.Python == "" {
		return "python3"
	}
	return p.Python
}

// Available checks that the interpreter is on PATH.
func (p PythonToolchain) Available() error {
	if _, err := exec.LookPath(p.python()); err != nil {
		return fmt.Errorf("python: %s is not installed: %w", p.python(), err)
	}
	return nil
}

// Prepare byte-compiles every .py file in dir, so a syntax error is reported
// once, as such, rather than as every test failing.
func (p PythonToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	files, err := sourcesWithExt(dir, ".py")
	if err != nil {
		return fmt.Errorf("python: %w", err)
	}
	cmd := exec.CommandContext(ctx, p.python(), append([]string{"-m", "py_compile"}, files...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("python: py_compile: %w", err)
	}
	return nil
}

// Run runs the tests in dir once with env added, using the configured runner.
func (p PythonToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return p.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the test modules only names (every one when
// nil): pytest is given their paths, unittest a -k for each module's tests.
func (p PythonToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	runner, err := p.runner(ctx)
	if err != nil {
		return Result{}, err
	}
	if runner == PythonPytest {
		return p.runPytest(ctx, dir, env, only)
	}
	return p.runUnittest(ctx, dir, env, only)
}

// Selectors is f's path in the project: the module's file.
func (PythonToolchain) Selectors(f testFile) ([]string, error) {
	if !strings.HasSuffix(f.Path, ".py") {
		return nil, fmt.Errorf("not a Python module")
	}
	return []string{f.Path}, nil
}

// runner is the configured runner, PythonAuto resolved.
func (p PythonToolchain) runner(ctx context.Context) (string, error) {
	switch p.Runner {
	case PythonAuto:
		if p.HasPytest(ctx) {
			return PythonPytest, nil
		}
		return PythonUnittest, nil
	case PythonPytest, PythonUnittest:
		return p.Runner, nil
	}
	return "", fmt.Errorf("python: unknown runner %q", p.Runner)
}

// HasPytest reports whether pytest is importable by the interpreter.
func (p PythonToolchain) HasPytest(ctx context.Context) bool {
	return exec.CommandContext(ctx, p.python(), "-c", "import pytest").Run() == nil
}

// runPytest runs pytest isolated from the machine: no ini file from a
// parent directory (-c devnull), no auto-loaded plugins, no cache.
func (p PythonToolchain) runPytest(ctx context.Context, dir string, env, only []string) (Result, error) {
	// The runners are pointed at the backend's test directory, as the SDK's
	// own CI does, and collect the generated test modules by their glob.
	// -rsx lists every skip and expected failure with its reason;
	// --junitxml writes the JUnit XML an SDK's CI would hand bqgen report.
	junit, err := newResultFile(dir, "conformance-results-*.xml")
	if err != nil {
		return Result{}, fmt.Errorf("python: %w", err)
	}
	args := append([]string{"-m", "pytest"}, pytestArgs(dir)...)
	if only != nil {
		args = append(args[:len(args)-1], only...) // the modules instead of the test directory
	}
	out, code, err := p.run(ctx, dir, env, append(args, "--junitxml", junit))
	if err != nil {
		return Result{}, err
	}
	res, err := pytestResult(out, code)
	res.Files = []string{junit}
	return res, err
}

// pytestArgs are pytest's arguments, but for the result file.
func pytestArgs(dir string) []string {
	return []string{"-q", "-rsx", "-p", "no:cacheprovider", "-c", os.DevNull, "--rootdir", dir,
		"-o", "python_files=" + python.TestFileGlob, python.TestDir}
}

// pytestResult reads a pytest run's output and exit status. 0: all passed;
// 1: some failed; 5: no tests collected. Anything else (interrupted by a
// collection error, internal error, usage) means the tests did not run.
func pytestResult(out string, code int) (Result, error) {
	if code != 0 && code != 1 && code != 5 {
		return Result{Output: out}, fmt.Errorf("python: pytest exited with status %d:\n%s", code, out)
	}
	return parsePytestSummary(out)
}

// runUnittest runs the standard library's discovery on the test directory,
// which it puts on sys.path like pytest does. unittest writes no
// machine-readable results (its XML reporters are third-party packages), so
// the run has no result file.
func (p PythonToolchain) runUnittest(ctx context.Context, dir string, env, only []string) (Result, error) {
	args := []string{"-m", "unittest", "discover", "-s", python.TestDir, "-p", python.TestFileGlob}
	for _, module := range only {
		// A test's id starts with its module's name and a dot, and -k
		// matches a pattern without wildcards anywhere in the id.
		args = append(args, "-k", strings.TrimSuffix(path.Base(module), ".py")+".")
	}
	out, code, err := p.run(ctx, dir, env, args)
	if err != nil {
		return Result{}, err
	}
	return unittestResult(out, code)
}

// unittestResult reads a unittest run's output and exit status. 0: passed;
// 1: failed; 5: no tests ran (Python 3.12+).
func unittestResult(out string, code int) (Result, error) {
	if code != 0 && code != 1 && code != 5 {
		return Result{Output: out}, fmt.Errorf("python: unittest exited with status %d:\n%s", code, out)
	}
	return parseUnittestSummary(out)
}

// run runs the interpreter and returns its combined output and exit status;
// the error is for a runner that could not be started at all.
func (p PythonToolchain) run(ctx context.Context, dir string, env, args []string) (string, int, error) {
	cmd := exec.CommandContext(ctx, p.python(), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1"), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode(), nil
	}
	if err != nil {
		return out.String(), 0, fmt.Errorf("python: %w", err)
	}
	return out.String(), 0, nil
}

// pytestSummary is pytest's closing line, e.g. "1 failed, 73 passed in 0.2s"
// (decorated with "=" when not -q), or "no tests ran in 0.01s".
var (
	pytestSummary = regexp.MustCompile(`^=*\s*((?:\d+ [a-z]+(?:, )?)+|no tests ran) in [0-9.]+s`)
	pytestCount   = regexp.MustCompile(`(\d+) ([a-z]+)`)
)

// parsePytestSummary reads the counts from pytest's last summary line.
// Errors count as failures; xfailed counts as skipped and xpassed as passed,
// which the generated tests never produce.
func parsePytestSummary(out string) (Result, error) {
	line := lastMatchingLine(out, pytestSummary)
	if line == "" {
		return Result{Output: out}, fmt.Errorf("python: pytest printed no summary line:\n%s", out)
	}
	r := Result{Summary: line, Output: out}
	for _, m := range pytestCount.FindAllStringSubmatch(pytestSummary.FindStringSubmatch(line)[1], -1) {
		n, _ := strconv.Atoi(m[1])
		switch m[2] {
		case "passed", "xpassed":
			r.Passed += n
		case "failed", "error", "errors":
			r.Failed += n
		case "skipped", "xfailed":
			r.Skipped += n
		}
	}
	return r, nil
}

var (
	unittestRan    = regexp.MustCompile(`^Ran (\d+) tests? in `)
	unittestStatus = regexp.MustCompile(`^(OK|FAILED|NO TESTS RAN)\b(?: \((.*)\))?$`)
	unittestCount  = regexp.MustCompile(`([a-z ]+)=(\d+)`)
)

// parseUnittestSummary reads "Ran N tests in Xs" and the status line after
// it ("OK (skipped=2)", "FAILED (failures=1, errors=2)"). Errors and
// unexpected successes count as failures, expected failures as skipped.
func parseUnittestSummary(out string) (Result, error) {
	ran, status := lastMatchingLine(out, unittestRan), lastMatchingLine(out, unittestStatus)
	if ran == "" || status == "" {
		return Result{Output: out}, fmt.Errorf("python: unittest printed no summary:\n%s", out)
	}
	total, _ := strconv.Atoi(unittestRan.FindStringSubmatch(ran)[1])
	r := Result{Summary: ran + "; " + status, Output: out}
	for _, m := range unittestCount.FindAllStringSubmatch(unittestStatus.FindStringSubmatch(status)[2], -1) {
		n, _ := strconv.Atoi(m[2])
		switch strings.TrimSpace(m[1]) {
		case "failures", "errors", "unexpected successes":
			r.Failed += n
		case "skipped", "expected failures":
			r.Skipped += n
		}
	}
	r.Passed = total - r.Failed - r.Skipped
	return r, nil
}

// lastMatchingLine is the last line of out, trimmed, that re matches.
func lastMatchingLine(out string, re *regexp.Regexp) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if line := strings.TrimSpace(lines[i]); re.MatchString(line) {
			return line
		}
	}
	return ""
}
