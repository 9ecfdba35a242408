package verify

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/templates/java"
)

// junitTable is the closing table of the JUnit console launcher.
func junitTable(found, skipped, started, aborted, successful, failed string) string {
	return "Test run finished after 815 ms\n" +
		"[        17 containers found      ]\n[         0 containers failed     ]\n" +
		"[" + found + " tests found           ]\n[" + skipped + " tests skipped         ]\n" +
		"[" + started + " tests started         ]\n[" + aborted + " tests aborted         ]\n" +
		"[" + successful + " tests successful      ]\n[" + failed + " tests failed          ]\n"
}

func TestParseJUnitSummary(t *testing.T) {
	cases := []struct {
		name                    string
		out                     string
		passed, failed, skipped int
	}{
		{"all pass", junitTable("74", "0", "74", "0", "74", "0"), 74, 0, 0},
		{"failures", "├─ x ✘ expected: <1> but was: <2>\n" + junitTable("74", "0", "74", "0", "71", "3"), 71, 3, 0},
		{"aborted is skipped", junitTable("74", "1", "73", "2", "71", "0"), 71, 0, 3},
		// A class that cannot initialise leaves its tests found but never started.
		{"blocked", junitTable("74", "0", "70", "0", "70", "0"), 70, 4, 0},
	}
	for _, c := range cases {
		r, err := parseJUnitSummary(c.out)
		if err != nil || r.Passed != c.passed || r.Failed != c.failed || r.Skipped != c.skipped {
			t.Errorf("%s: parseJUnitSummary = %+v, %v; want %d passed, %d failed, %d skipped",
				c.name, r, err, c.passed, c.failed, c.skipped)
		}
	}
	if r, _ := parseJUnitSummary(cases[0].out); !strings.Contains(r.Summary, "74 tests successful") {
		t.Errorf("summary %q does not quote the launcher", r.Summary)
	}
	if _, err := parseJUnitSummary("Error: Unable to access jarfile x.jar\n"); err == nil {
		t.Error("output without a summary table parsed")
	}
}

// TestJavaOracleBound runs the generated Java tests against the real
// oracle: all pass, and (without -short) every mutant of the suite's
// blocks fails at least one of them.
func TestJavaOracleBound(t *testing.T) {
	if err := NewJavaToolchain().Available(); err != nil {
		t.Skip(err)
	}
	bin := javaOracleBin(t)
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	var mutants []Mutant
	if !testing.Short() {
		for _, f := range oracle.Faults() {
			mutants = append(mutants, Mutant{Name: string(f.Name), Block: f.Block, Description: f.Description})
		}
	}
	rep, err := Run(context.Background(), Config{Backend: java.New(), Toolchain: NewJavaToolchain(), Suite: s,
		OracleBin: bin, Mutants: mutants, Log: io.Discard})
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if b, want := rep.Baseline, javaTestCount(t, s); b.Passed != want || b.Failed != 0 || b.Skipped != 0 {
		t.Fatalf("against the oracle: %s, want %d passed\n%s", b.Summary, want, b.Output)
	}
	for _, m := range rep.Mutants {
		if !m.Killed {
			t.Errorf("mutant %s (%s) survived: %s", m.Mutant.Name, m.Mutant.Block, m.Result.Summary)
		}
	}
}

// javaTestCount counts the @Test methods of the oracle-bound output.
func javaTestCount(t *testing.T, s *model.Suite) int {
	t.Helper()
	files, err := java.New().Generate(s, backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f.Path, "Test.java") {
			n += strings.Count(string(f.Content), "\n    @Test\n")
		}
	}
	return n
}

// javaOracleBin is $BQGEN_ORACLE_BIN, or bqgen built from this checkout.
func javaOracleBin(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv(EnvOracleBin); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "bqgen")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bqgen")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("./cmd/bqgen does not build: %v\n%s", err, out)
	}
	return bin
}
