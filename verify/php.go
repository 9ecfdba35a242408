package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/templates/php"
)

// PHPToolchain runs the PHP backend's oracle-bound output: it lints every
// generated file with `php -l` and runs PHPUnit (9.6 or later) with the
// configuration the backend writes (php.PHPUnitConfig), which names the
// test directory itself.
type PHPToolchain struct {
	// PHP and PHPUnit are the commands to run, looked up on PATH.
	PHP, PHPUnit string
}

// NewPHPToolchain returns the PHP toolchain using php and phpunit from PATH.
func NewPHPToolchain() Toolchain { return PHPToolchain{PHP: "php", PHPUnit: "phpunit"} }

// Lang is "php".
func (PHPToolchain) Lang() string { return "php" }

// Available checks that php and a PHPUnit of at least 9.6 are installed.
func (t PHPToolchain) Available() error {
	if _, err := exec.LookPath(t.PHP); err != nil {
		return fmt.Errorf("%s not found (install php-cli): %w", t.PHP, err)
	}
	if _, err := exec.LookPath(t.PHPUnit); err != nil {
		return fmt.Errorf("%s not found (install phpunit 9.6 or later): %w", t.PHPUnit, err)
	}
	out, err := exec.Command(t.PHPUnit, "--version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s --version: %w: %s", t.PHPUnit, err, out)
	}
	return phpUnitVersionSupported(string(out))
}

// phpUnitVersion finds "PHPUnit X.Y" in `phpunit --version` output.
var phpUnitVersion = regexp.MustCompile(`PHPUnit (\d+)\.(\d+)`)

// phpUnitVersionSupported accepts PHPUnit 9.6 and later: the generated tests
// use only what 9.6 and 10+ share.
func phpUnitVersionSupported(versionOutput string) error {
	m := phpUnitVersion.FindStringSubmatch(versionOutput)
	if m == nil {
		return fmt.Errorf("cannot read the PHPUnit version from %q", strings.TrimSpace(versionOutput))
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	if major < 9 || (major == 9 && minor < 6) {
		return fmt.Errorf("PHPUnit %s.%s is too old: the generated tests need 9.6 or later", m[1], m[2])
	}
	return nil
}

// Prepare lints every PHP file under dir, so a syntax error in generated
// code is reported as such, with its file and line, before any test runs.
func (t PHPToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	files, err := sourcesWithExt(dir, ".php")
	if err != nil {
		return fmt.Errorf("php: %w", err)
	}
	for _, f := range files {
		out, err := exec.CommandContext(ctx, t.PHP, "-l", f).CombinedOutput()
		if err != nil {
			return fmt.Errorf("php -l %s: %w\n%s", f, err, out)
		}
	}
	fmt.Fprintf(log, "php: %d generated files pass php -l\n", len(files))
	return nil
}

// phpUnitJUnitFile is the JUnit XML report (--log-junit) each run writes
// into its results directory (Result.Files).
const phpUnitJUnitFile = "junit.xml"

// Run runs PHPUnit once in dir with env added, and reads its summary; its
// JUnit XML report is written under the project's bqgen-results directory.
// Failing tests make PHPUnit exit non-zero; that is a result, not an error.
// An error means PHPUnit printed no summary: it could not run at all.
func (t PHPToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return t.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil), by PHPUnit's --filter.
func (t PHPToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	results, err := newRunResultsDir(dir)
	if err != nil {
		return Result{}, err
	}
	junit := filepath.Join(results, phpUnitJUnitFile)
	args := []string{"--configuration", filepath.Join(dir, php.PHPUnitConfig), "--colors=never", "--log-junit", junit}
	if only != nil {
		args = append(args, "--filter", phpUnitFilter(only))
	}
	cmd := exec.CommandContext(ctx, t.PHPUnit, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	res, err := parsePHPUnitSummary(out.String())
	res.Files = writtenFiles(junit)
	if err != nil {
		var exit *exec.ExitError
		if runErr != nil && !errors.As(runErr, &exit) {
			err = runErr // PHPUnit did not even start
		}
		return res, fmt.Errorf("%s: %w\n%s", t.PHPUnit, err, out.String())
	}
	return res, nil
}

// PHPUnit's closing summary. "OK (N tests, M assertions)" when everything
// passed; otherwise a verdict line ("FAILURES!", "OK, but some tests were
// skipped!", ...) followed by "Tests: N, Assertions: M, Failures: F, ...".
var (
	phpUnitOK     = regexp.MustCompile(`(?m)^OK \((\d+) tests?, (\d+) assertions?\)\s*$`)
	phpUnitCounts = regexp.MustCompile(`(?m)^Tests: (\d+), Assertions: (\d+)((?:, [A-Za-z ]+: \d+)*)\.\s*$`)
	phpUnitCount  = regexp.MustCompile(`, ([A-Za-z ]+): (\d+)`)
	phpUnitNone   = regexp.MustCompile(`(?m)^No tests executed!\s*$`)
)

// parsePHPUnitSummary turns PHPUnit 9 or 10+ output into a Result. Errors,
// warnings and risky tests count as failed, skipped and incomplete tests as
// skipped. PHPUnit 10 counts warnings per issue, not per test, so the failed
// count is capped at the tests that were not skipped.
func parsePHPUnitSummary(output string) (Result, error) {
	res := Result{Output: output}
	re, m := lastSummary(output)
	if m == nil {
		return res, errors.New("no PHPUnit summary in the output")
	}
	res.Summary = strings.TrimSpace(m[0])
	switch re {
	case phpUnitOK:
		res.Passed, _ = strconv.Atoi(m[1])
	case phpUnitCounts:
		tests, _ := strconv.Atoi(m[1])
		counts := map[string]int{}
		for _, c := range phpUnitCount.FindAllStringSubmatch(m[3], -1) {
			counts[c[1]], _ = strconv.Atoi(c[2])
		}
		res.Skipped = min(counts["Skipped"]+counts["Incomplete"], tests)
		res.Failed = min(counts["Failures"]+counts["Errors"]+counts["Warnings"]+counts["Risky"], tests-res.Skipped)
		res.Passed = tests - res.Failed - res.Skipped
	}
	return res, nil
}

// lastSummary finds the summary PHPUnit printed last, after any output a
// test may have produced (which could look like a summary), and says which
// form it has.
func lastSummary(output string) (*regexp.Regexp, []string) {
	var form *regexp.Regexp
	var match []string
	at := -1
	for _, re := range []*regexp.Regexp{phpUnitOK, phpUnitCounts, phpUnitNone} {
		all := re.FindAllStringSubmatchIndex(output, -1)
		if len(all) == 0 || all[len(all)-1][0] <= at {
			continue
		}
		last := all[len(all)-1]
		form, at, match = re, last[0], submatches(output, last)
	}
	return form, match
}

// submatches turns submatch indexes into strings.
func submatches(s string, idx []int) []string {
	out := make([]string, len(idx)/2)
	for i := range out {
		if idx[2*i] >= 0 {
			out[i] = s[idx[2*i]:idx[2*i+1]]
		}
	}
	return out
}

// phpClassName is what a class selector may be: namespace parts and the
// class, nothing a pattern would read otherwise.
var phpClassName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\\[A-Za-z_][A-Za-z0-9_]*)*$`)

// phpUnitFilter is a --filter pattern matching every test of the classes
// named, and no other: PHPUnit matches it against "Class::method".
func phpUnitFilter(classes []string) string {
	quoted := make([]string, len(classes))
	for i, c := range classes {
		quoted[i] = strings.ReplaceAll(c, `\`, `\\`)
	}
	return "/^(?:" + strings.Join(quoted, "|") + ")::/"
}

// Selectors are the classes of f's tests, as PHP names them.
func (PHPToolchain) Selectors(f testFile) ([]string, error) {
	return selectorsByTest(f, func(t indexedTest) (string, error) {
		for _, n := range t.Names {
			if phpClassName.MatchString(n.Suite) && strings.Contains(n.Suite, `\`) {
				return n.Suite, nil
			}
		}
		return "", fmt.Errorf("case %s has no class name", t.Case)
	})
}
