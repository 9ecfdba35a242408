package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/templates/php"
)

func TestParsePHPUnitSummary(t *testing.T) {
	for _, c := range []struct {
		name, output          string
		passed, failed, skips int
		summary               string
	}{
		{"9 ok", "PHPUnit 9.6.7\n\n....  4 / 4 (100%)\n\nTime: 00:00.05\n\nOK (74 tests, 182 assertions)\n", 74, 0, 0, "OK (74 tests, 182 assertions)"},
		{"one test", "OK (1 test, 1 assertion)\n", 1, 0, 0, "OK (1 test, 1 assertion)"},
		{"9 failures", "FAILURES!\nTests: 74, Assertions: 171, Failures: 1.\n", 73, 1, 0, "Tests: 74, Assertions: 171, Failures: 1."},
		{"9 errors", "ERRORS!\nTests: 74, Assertions: 178, Errors: 1.\n", 73, 1, 0, ""},
		{"9 skipped", "OK, but incomplete, skipped, or risky tests!\nTests: 74, Assertions: 170, Skipped: 4.\n", 70, 0, 4, ""},
		{"9 mixed", "FAILURES!\nTests: 10, Assertions: 9, Errors: 1, Failures: 2, Warnings: 1, Skipped: 1, Incomplete: 1, Risky: 1.\n", 3, 5, 2, ""},
		{"10 issues", "OK, but there were issues!\nTests: 5, Assertions: 5, PHPUnit Deprecations: 3.\n", 5, 0, 0, ""},
		{"10 warnings per issue", "FAILURES!\nTests: 2, Assertions: 2, Warnings: 7, Skipped: 1.\n", 0, 1, 1, ""},
		{"no tests", "No tests executed!\n", 0, 0, 0, "No tests executed!"},
		{"summary-like test output first", "OK (99 tests, 99 assertions)\nFAILURES!\nTests: 3, Assertions: 3, Failures: 3.\n", 0, 3, 0, ""},
	} {
		res, err := parsePHPUnitSummary(c.output)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if res.Passed != c.passed || res.Failed != c.failed || res.Skipped != c.skips {
			t.Errorf("%s: passed/failed/skipped = %d/%d/%d, want %d/%d/%d", c.name, res.Passed, res.Failed, res.Skipped, c.passed, c.failed, c.skips)
		}
		if c.summary != "" && res.Summary != c.summary {
			t.Errorf("%s: summary %q, want %q", c.name, res.Summary, c.summary)
		}
	}
	if _, err := parsePHPUnitSummary("PHP Fatal error: Uncaught Error: Class not found\n"); err == nil {
		t.Error("output without a summary was parsed")
	}
}

func TestPHPUnitVersionSupported(t *testing.T) {
	for out, ok := range map[string]bool{
		"PHPUnit 9.6.7 by Sebastian Bergmann": true, "PHPUnit 10.5.2": true, "PHPUnit 12.0.0": true,
		"PHPUnit 9.5.28": false, "PHPUnit 8.5.0": false, "command not found": false,
	} {
		if err := phpUnitVersionSupported(out); (err == nil) != ok {
			t.Errorf("phpUnitVersionSupported(%q) = %v", out, err)
		}
	}
}

// requirePHPToolchain skips a test when php or PHPUnit is missing.
func requirePHPToolchain(t *testing.T) PHPToolchain {
	t.Helper()
	tier.Toolchain(t, "php and PHPUnit")
	tc := NewPHPToolchain().(PHPToolchain)
	if err := tc.Available(); err != nil {
		t.Skipf("php toolchain: %v", err)
	}
	return tc
}

func TestPHPPrepareReportsSyntaxErrors(t *testing.T) {
	tc := requirePHPToolchain(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "Good.php"), []byte("<?php\necho 1;\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Bad.php"), []byte("<?php\necho 'unterminated;\n"), 0o644)
	err := tc.Prepare(context.Background(), dir, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "Bad.php") {
		t.Errorf("Prepare = %v, want an error naming Bad.php", err)
	}
}

func TestPHPRunWithoutSummaryIsAnError(t *testing.T) {
	tc := requirePHPToolchain(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bootstrap.php"), []byte("<?php\nexit(3);\n"), 0o644)
	os.WriteFile(filepath.Join(dir, php.PHPUnitConfig), []byte(`<phpunit bootstrap="bootstrap.php"><testsuites><testsuite name="x"><directory>.</directory></testsuite></testsuites></phpunit>`), 0o644)
	if _, err := tc.Run(context.Background(), dir, nil); err == nil {
		t.Error("a PHPUnit that printed no summary was taken as a result")
	}
}

// phpOracleHelperEnv makes the test binary serve the oracle instead of
// running tests (see TestPHPOracleHelperProcess): "oracle" serves the real
// oracle, "not-provided" answers every request with not_provided.
const phpOracleHelperEnv = "BQGEN_PHP_TEST_ORACLE_HELPER"

// TestPHPOracleHelperProcess is not a test: re-run by phpOracleScript, it is
// `bqgen oracle serve [--fault NAME]`, so the PHP tests can be verified
// without building the bqgen command.
func TestPHPOracleHelperProcess(t *testing.T) {
	mode := os.Getenv(phpOracleHelperEnv)
	if mode == "" {
		return
	}
	var err error
	if mode == "not-provided" {
		err = serveNotProvided(os.Stdin, os.Stdout)
	} else {
		err = serveOracle(os.Args)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(0)
}

// serveOracle serves the oracle with the fault named after "--" in args
// ("-- oracle serve --fault NAME").
func serveOracle(args []string) error {
	for len(args) > 0 && args[0] != "--" {
		args = args[1:]
	}
	fault := oracle.None
	if len(args) == 5 && args[3] == "--fault" {
		fault = oracle.Fault(args[4])
	}
	o, err := oracle.New(fault)
	if err != nil {
		return err
	}
	return oracle.Serve(os.Stdin, os.Stdout, o)
}

// serveNotProvided is a subject that provides nothing.
func serveNotProvided(in io.Reader, out io.Writer) error {
	lines := bufio.NewScanner(in)
	lines.Buffer(nil, 1<<24)
	for lines.Scan() {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal(lines.Bytes(), &req); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(out, `{"id":%s,"ok":false,"error":{"code":"not_provided","message":"this subject provides nothing"}}`+"\n", req.ID); err != nil {
			return err
		}
	}
	return lines.Err()
}

// phpOracleScript writes an executable that runs this test binary as the
// oracle server in the given helper mode, taking `oracle serve [--fault
// NAME]` like bqgen does.
func phpOracleScript(t *testing.T, mode string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to wrap the oracle helper")
	}
	quoted := "'" + strings.ReplaceAll(self, "'", `'\''`) + "'"
	script := filepath.Join(t.TempDir(), "bqgen")
	body := "#!/bin/sh\n" + phpOracleHelperEnv + "=" + mode + " exec " + quoted + " -test.run='^TestPHPOracleHelperProcess$' -- \"$@\"\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// TestPHPVerifyAdversarial runs the backend's adversarial suite (names and
// values that break naive escaping) against the oracle: every expectation
// written as a PHP literal must come back equal to what the oracle computes.
// It carries too few cases to catch the mutants, so none are run.
func TestPHPVerifyAdversarial(t *testing.T) {
	tc := requirePHPToolchain(t)
	rep := runPHPVerify(t, tc, phpDirSuite(t, "../templates/php/testdata/adversarial"), phpOracleScript(t, "oracle"), nil)
	t.Log(rep.Baseline.Summary)
}

// TestPHPNotProvidedSkips runs the generated tests against a subject that
// provides nothing: every test must be skipped, none may pass.
func TestPHPNotProvidedSkips(t *testing.T) {
	tc := requirePHPToolchain(t)
	res := runGeneratedPHP(t, tc, []string{EnvOracleBin + "=" + phpOracleScript(t, "not-provided")})
	if res.Skipped == 0 || res.Passed != 0 || res.Failed != 0 {
		t.Errorf("against a subject that provides nothing: %d passed, %d failed, %d skipped\n%s", res.Passed, res.Failed, res.Skipped, res.Output)
	}
}

// TestPHPMissingOracleFails runs the generated tests with no oracle to
// start: every test must fail, none may pass or skip.
func TestPHPMissingOracleFails(t *testing.T) {
	tc := requirePHPToolchain(t)
	res := runGeneratedPHP(t, tc, []string{EnvOracleBin + "=" + filepath.Join(t.TempDir(), "no-such-bqgen")})
	if res.Failed == 0 || res.Passed != 0 || res.Skipped != 0 {
		t.Errorf("without an oracle: %d passed, %d failed, %d skipped\n%s", res.Passed, res.Failed, res.Skipped, res.Output)
	}
}

// runGeneratedPHP generates the oracle-bound tests for the canonical suite
// and runs them once with env.
func runGeneratedPHP(t *testing.T, tc Toolchain, env []string) Result {
	t.Helper()
	cfg := Config{Backend: php.New(), Suite: phpSuite(t, conformance.FS)}
	dir, _, err := materialise(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	res, err := tc.Run(context.Background(), dir, env)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// runPHPVerify runs verify.Run for PHP and requires every test to pass
// against the correct oracle.
func runPHPVerify(t *testing.T, tc Toolchain, s *model.Suite, bin string, mutants []Mutant) Report {
	t.Helper()
	var log bytes.Buffer
	rep, err := Run(context.Background(), Config{Backend: php.New(), Toolchain: tc, Suite: s, OracleBin: bin, Mutants: mutants, Log: &log})
	if err != nil {
		t.Fatalf("verify: %v\n%s", err, log.String())
	}
	if b := rep.Baseline; b.Failed > 0 || b.Skipped > 0 || b.Passed == 0 {
		t.Fatalf("against the oracle: %d passed, %d failed, %d skipped\n%s", b.Passed, b.Failed, b.Skipped, b.Output)
	}
	return rep
}

// phpSuite loads a suite, failing the test on any error.
func phpSuite(t *testing.T, fsys fs.FS) *model.Suite {
	t.Helper()
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("load suite: %v", errs)
	}
	return s
}

// phpDirSuite loads the suite in a directory, skipping when it is absent.
func phpDirSuite(t *testing.T, dir string) *model.Suite {
	t.Helper()
	fsys, err := model.DirFS(dir)
	if err != nil {
		t.Skipf("suite %s: %v", dir, err)
	}
	return phpSuite(t, fsys)
}
