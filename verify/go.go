package verify

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// GoToolchain runs the Go backend's oracle-bound output: a module with no
// requirements whose subject starts `$BQGEN_ORACLE_BIN oracle serve`,
// compiled once into a test binary that every oracle run reuses. Where the
// tests are and what the binary is called are the backend's layout
// (templates/go/layout.go).
type GoToolchain struct{}

// NewGoToolchain returns the Go toolchain.
func NewGoToolchain() Toolchain { return GoToolchain{} }

// goTestBinary is the compiled test binary, inside the generated directory.
const goTestBinary = gobackend.TestBinary

// goTest2JSON is where Prepare builds test2json, relative to the module:
// beside the tests, not among the packages `go vet ./...` reads.
const goTest2JSON = ".bqgen-verify/test2json"

// Lang is "go".
func (GoToolchain) Lang() string { return "go" }

// Available reports whether the go command is on PATH.
func (GoToolchain) Available() error {
	if _, err := exec.LookPath("go"); err != nil {
		return fmt.Errorf("go: the go command is not on PATH: %w", err)
	}
	return nil
}

// goEnv pins the go command to this machine: the toolchain installed here
// (never a download), the module's own go.mod (no workspace from a parent
// directory, no go.sum needed) and no module proxy, since the module has no
// requirements.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off", "GOPROXY=off")
}

// Prepare vets the module and compiles its tests into dir/conformance.test.
// The commands' output goes to log; a failure also quotes it in the error.
func (GoToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	steps := [][]string{
		{"go", "vet", "./..."},
		{"go", "test", "-c", "-o", filepath.Join(gobackend.TestDir, goTestBinary), "./" + gobackend.TestDir},
		// test2json built once: `go tool test2json` starts the go command
		// (and looks the tool up in the build cache) for every run, which
		// cost more than the run's own tests.
		{"go", "build", "-o", goTest2JSON, "cmd/test2json"},
	}
	for _, args := range steps {
		var out bytes.Buffer
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, goEnv()
		cmd.Stdout = io.MultiWriter(log, &out)
		cmd.Stderr = cmd.Stdout
		fmt.Fprintf(log, "$ %s\n", strings.Join(args, " "))
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w\n%s", strings.Join(args, " "), err, lastLines(out.String(), 30))
		}
	}
	return nil
}

// Run executes the compiled tests verbosely in the test directory (they
// read the vendored suite relative to it) with env added, and counts the leaf tests. Failing
// tests are a result; so is a run that crashed after tests started (its
// totals then differ, which verification reports). Not getting any test to
// run is an error.
func (g GoToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return g.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the top-level test functions only names (every
// test when nil), by -test.run.
func (GoToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	testDir := filepath.Join(dir, filepath.FromSlash(gobackend.TestDir))
	args := []string{"-test.v", "-test.count=1"}
	if only != nil {
		args = append(args, "-test.run", goRunPattern(only))
	}
	cmd := exec.CommandContext(ctx, filepath.Join(testDir, goTestBinary), args...)
	cmd.Dir = testDir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	res := parseGoTestOutput(out.String())
	if ctx.Err() == nil {
		file, err := writeGoTestJSON(ctx, dir, out.Bytes())
		if err != nil {
			return res, err
		}
		res.Files = []string{file}
	}
	var exit *exec.ExitError
	switch {
	case runErr == nil:
		return res, nil
	case ctx.Err() != nil:
		return res, fmt.Errorf("%s: %w", goTestBinary, ctx.Err())
	case !errors.As(runErr, &exit), res.Total() == 0 && res.Summary == "":
		return res, fmt.Errorf("%s ran no tests (%v):\n%s", goTestBinary, runErr, lastLines(res.Output, 20))
	}
	if res.Summary == "" {
		res.Summary = fmt.Sprintf("crashed (%v) before its closing PASS/FAIL line", runErr)
	}
	return res, nil
}

// writeGoTestJSON writes the run's output as `go test -json` would have
// printed it into a new file in dir, and returns its path: go test -json is
// test2json over the binary's -test.v output, so test2json reads the output
// the counts came from, with the package's import path as go test names it.
func writeGoTestJSON(ctx context.Context, dir string, output []byte) (string, error) {
	name, err := newResultFile(dir, "conformance-results-*.json")
	if err != nil {
		return "", fmt.Errorf("go test -json %w", err)
	}
	f, err := os.Create(name)
	if err != nil {
		return "", fmt.Errorf("go test -json results: %w", err)
	}
	defer f.Close()
	cmd := exec.CommandContext(ctx, filepath.Join(dir, goTest2JSON), "-p", gobackend.VerifyPackage)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout = bytes.NewReader(output), f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("test2json: %w\n%s", err, stderr.String())
	}
	return f.Name(), f.Close()
}

// goResultLine is one test's result in -test.v output; the indentation
// (four spaces per level) says how deep the test is nested.
var goResultLine = regexp.MustCompile(`^( *)--- (PASS|FAIL|SKIP): (.+) \(\d+\.\d+s\)$`)

// goResult is one parsed result line.
type goResult struct {
	depth  int
	status string
}

// parseGoTestOutput counts the leaf tests of a -test.v run. The testing
// package prints a parent's result line before its subtests' (each indented
// one level deeper), so a result is a leaf unless the next result is deeper.
// Depth, not the name's slashes, decides: a case name may contain "/".
// Summary is the binary's closing PASS or FAIL line.
func parseGoTestOutput(output string) Result {
	res := Result{Output: output}
	var results []goResult
	sc := bufio.NewScanner(strings.NewReader(output))
	sc.Buffer(make([]byte, 0, 64*1024), len(output)+1)
	for sc.Scan() {
		line := sc.Text()
		if m := goResultLine.FindStringSubmatch(line); m != nil {
			results = append(results, goResult{depth: len(m[1]) / 4, status: m[2]})
		}
		if line == "PASS" || line == "FAIL" {
			res.Summary = line
		}
	}
	for i, r := range results {
		if i+1 < len(results) && results[i+1].depth > r.depth {
			continue
		}
		switch r.status {
		case "PASS":
			res.Passed++
		case "FAIL":
			res.Failed++
		case "SKIP":
			res.Skipped++
		}
	}
	return res
}

// lastLines is the end of the output, for an error message.
func lastLines(output string, n int) string {
	lines := strings.Split(strings.TrimRight(output, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Selectors are the top-level test functions of f's tests: a test is
// reported as Function/subtest.
func (GoToolchain) Selectors(f testFile) ([]string, error) {
	return selectorsByTest(f, func(t indexedTest) (string, error) {
		if len(t.Names) == 0 {
			return "", fmt.Errorf("case %s has no runner name", t.Case)
		}
		fn, _, _ := strings.Cut(t.Names[0].Name, "/")
		return fn, nil
	})
}

// goRunPattern is a -test.run pattern matching exactly the top-level
// functions named, and every subtest of each.
func goRunPattern(functions []string) string {
	quoted := make([]string, len(functions))
	for i, f := range functions {
		quoted[i] = regexp.QuoteMeta(f)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}
