package verify

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/python"
)

func TestParsePytestSummary(t *testing.T) {
	cases := []struct {
		out                     string
		passed, failed, skipped int
	}{
		{"....\n74 passed in 0.16s\n", 74, 0, 0},
		{"F..\nFAILED tests/test_x.py::T::test_a - AssertionError\n1 failed, 73 passed in 0.22s\n", 73, 1, 0},
		{"s.\nSKIPPED [1] tests/x.py:3: not provided: decode\n1 passed, 1 skipped in 0.01s\n", 1, 0, 1},
		{"==== 2 failed, 3 passed, 1 skipped, 1 error in 1.02s ====\n", 3, 3, 1},
		{"1 passed, 2 warnings in 0.50s\n", 1, 0, 0},
		{"\nno tests ran in 0.01s\n", 0, 0, 0},
	}
	for _, c := range cases {
		r, err := parsePytestSummary(c.out)
		if err != nil || r.Passed != c.passed || r.Failed != c.failed || r.Skipped != c.skipped {
			t.Errorf("parsePytestSummary(%q) = %+v, %v; want %d passed, %d failed, %d skipped", c.out, r, err, c.passed, c.failed, c.skipped)
		}
	}
	if _, err := parsePytestSummary("Traceback (most recent call last):\n  ImportError\n"); err == nil {
		t.Error("output without a summary line parsed")
	}
}

func TestParseUnittestSummary(t *testing.T) {
	cases := []struct {
		out                     string
		passed, failed, skipped int
	}{
		{"....\n----\nRan 74 tests in 0.030s\n\nOK\n", 74, 0, 0},
		{"Ran 10 tests in 0.1s\n\nOK (skipped=2)\n", 8, 0, 2},
		{"Ran 10 tests in 0.1s\n\nFAILED (failures=1, errors=2, skipped=3)\n", 4, 3, 3},
		{"Ran 4 tests in 0.1s\n\nFAILED (failures=1, expected failures=1, unexpected successes=1)\n", 1, 2, 1},
		{"Ran 1 test in 0.001s\n\nOK\n", 1, 0, 0},
		{"\nRan 0 tests in 0.000s\n\nNO TESTS RAN\n", 0, 0, 0},
	}
	for _, c := range cases {
		r, err := parseUnittestSummary(c.out)
		if err != nil || r.Passed != c.passed || r.Failed != c.failed || r.Skipped != c.skipped {
			t.Errorf("parseUnittestSummary(%q) = %+v, %v; want %d passed, %d failed, %d skipped", c.out, r, err, c.passed, c.failed, c.skipped)
		}
	}
	if _, err := parseUnittestSummary("ImportError: Start directory is not importable: 'tests'\n"); err == nil {
		t.Error("output without a summary parsed")
	}
}

// TestPythonOracleBound generates the canonical suite's oracle-bound tests and
// proves, with both runners, that every test is discovered and passes against
// the oracle. (The mutants run in templates/python's TestProof, with the
// runner verify picks.)
// It needs python3 and a bqgen binary: $BQGEN_ORACLE_BIN, else one built
// from ./cmd/bqgen.
func TestPythonOracleBound(t *testing.T) {
	tier.Toolchain(t, "python3")
	if err := NewPythonToolchain().Available(); err != nil {
		t.Skip(err)
	}
	bin := pythonOracleBin(t)
	suite := pythonCanonicalSuite(t)
	want := pythonTestCount(t, suite)
	for _, runner := range []string{PythonUnittest, PythonPytest} {
		t.Run(runner, func(t *testing.T) {
			tc := PythonToolchain{Runner: runner}
			if runner == PythonPytest && !tc.HasPytest(context.Background()) {
				t.Skip("pytest is not importable")
			}
			rep := pythonVerify(t, tc, suite, bin, nil)
			if want := map[string]int{PythonPytest: 1, PythonUnittest: 0}[runner]; len(rep.Baseline.Files) != want {
				t.Errorf("%s wrote %d result files, want %d (JUnit XML from pytest, none from unittest)", runner, len(rep.Baseline.Files), want)
			}
			if b := rep.Baseline; b.Passed != want || b.Failed != 0 || b.Skipped != 0 {
				t.Fatalf("%s against the oracle: %s (%d passed, %d failed, %d skipped), want %d passed\n%s",
					runner, b.Summary, b.Passed, b.Failed, b.Skipped, want, b.Output)
			}
		})
	}
}

func pythonVerify(t *testing.T, tc PythonToolchain, s *model.Suite, bin string, mutants []Mutant) Report {
	t.Helper()
	rep, err := Run(context.Background(), Config{Backend: python.New(), Toolchain: tc, Suite: s,
		OracleBin: bin, Mutants: mutants, Log: io.Discard})
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return rep
}

func pythonCanonicalSuite(t *testing.T) *model.Suite {
	t.Helper()
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

var pythonTestDef = regexp.MustCompile(`(?m)^    def test_`)

// pythonTestCount is the number of test methods the backend generates.
func pythonTestCount(t *testing.T, s *model.Suite) int {
	t.Helper()
	files, err := python.New().Generate(s, backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".py") {
			n += len(pythonTestDef.FindAll(f.Content, -1))
		}
	}
	return n
}

// pythonOracleBin is $BQGEN_ORACLE_BIN, or a bqgen built from ./cmd/bqgen;
// the test skips while the command does not exist or does not build.
func pythonOracleBin(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv(EnvOracleBin); bin != "" {
		return bin
	}
	if _, err := os.Stat("../cmd/bqgen"); err != nil {
		t.Skip("no ./cmd/bqgen yet")
	}
	bin := filepath.Join(t.TempDir(), "bqgen")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bqgen")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("./cmd/bqgen does not build: %v\n%s", err, out)
	}
	return bin
}
