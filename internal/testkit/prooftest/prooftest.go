// Package prooftest is `bqgen verify` inside `go test` (the full tier): for
// one language and each suite in the repository, the oracle-bound output is
// generated once, prepared once by the language's toolchain, and run against
// the oracle (every test passes) and against every mutant (each fails exactly
// the tests the reference expectations say it breaks).
package prooftest

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/verify"
)

// EnvRequire lists the languages (comma-separated, or "all") whose toolchain
// must be present: their proof fails instead of skipping when it is not. CI
// sets it to the toolchains it found or installed, so a broken install
// cannot pass as a skip.
const EnvRequire = "BQGEN_REQUIRE_TOOLCHAINS"

// ProvedSuites names the suites Prove verifies, where they are here: a
// test that builds a suite's oracle project need not when Prove does.
var ProvedSuites = []string{"canonical", "upstream", "upstream-next"}

// OracleRun is the run against the oracle that Prove's verification of one
// suite made, for a check of what the runner reported (OracleRunCheck).
type OracleRun struct {
	Suite   string         // the suite's name in ProvedSuites
	Files   []backend.File // the oracle-bound output verified
	Results []string       // the run's result files, written again under the test's directory
	Total   int            // the tests the runner counted
	Dir     string         // the verified project, as built; removed when the checks return
}

// OracleRunCheck checks a proof's run against the oracle: a test that
// would otherwise build and run the same project again (the index tests).
type OracleRunCheck func(t *testing.T, run OracleRun)

// Prove verifies b's output with tc on the canonical suite and, where they
// are on this machine, the upstream suite and the newest upstream suite,
// and hands each suite's run against the oracle to checks.
func Prove(t *testing.T, b backend.Backend, tc verify.Toolchain, checks ...OracleRunCheck) {
	t.Helper()
	RequireToolchain(t, tc)
	bin := OracleBin(t)
	tc = Shared(t, tc)
	suites := map[string]func(testing.TB) *model.Suite{"canonical": suitetest.Canonical,
		"upstream": suitetest.Upstream, "upstream-next": suitetest.UpstreamNext}
	for _, name := range ProvedSuites {
		t.Run(name, func(t *testing.T) { proveSuite(t, b, tc, name, suites[name](t), bin, checks) })
	}
}

func proveSuite(t *testing.T, b backend.Backend, tc verify.Toolchain, name string, s *model.Suite, bin string, checks []OracleRunCheck) {
	mutants, err := verify.MutantsFor(b, s) // as bqgen verify runs them
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := verify.Run(context.Background(), verify.Config{Backend: b, Toolchain: tc, Suite: s,
		OracleBin: bin, Mutants: mutants, Log: &log, KeepDir: len(checks) > 0})
	if len(checks) > 0 && rep.Dir != "" {
		defer os.RemoveAll(rep.Dir)
	}
	if err != nil {
		t.Fatalf("verify %s: %v\n%s", b.Lang(), err, log.String())
	}
	var report strings.Builder
	rep.Write(&report)
	if !rep.OK() {
		t.Fatalf("verify %s failed:\n%s", b.Lang(), report.String())
	}
	if want := validate.Cases(s); rep.Baseline.Passed != want {
		t.Fatalf("%d tests passed against the oracle, but the suite has %d cases: the runner did not find every generated test\n%s",
			rep.Baseline.Passed, want, report.String())
	}
	t.Logf("%d tests pass against the oracle; each of %d mutants fails exactly the tests the reference expects (%d not applicable, %d not expressible in %s, %d no case of the suite catches)",
		rep.Baseline.Passed, len(rep.Mutants), len(rep.NotRun), len(rep.Inexpressible), b.Lang(), len(rep.Uncaught))
	if len(checks) > 0 {
		run := oracleRun(t, b, name, s, rep)
		for _, check := range checks {
			check(t, run)
		}
	}
}

// oracleRun is what checks read of rep's run against the oracle.
func oracleRun(t *testing.T, b backend.Backend, name string, s *model.Suite, rep verify.Report) OracleRun {
	t.Helper()
	files, err := b.Generate(s, backend.Options{Binding: backend.BindOracle}) // as verify generated them
	if err != nil {
		t.Fatal(err)
	}
	run := OracleRun{Suite: name, Files: files, Total: rep.Baseline.Total(), Dir: rep.Dir}
	dir := t.TempDir()
	for _, base := range slices.Sorted(maps.Keys(rep.BaselineFiles)) {
		path := filepath.Join(dir, base)
		if err := os.WriteFile(path, rep.BaselineFiles[base], 0o644); err != nil {
			t.Fatal(err)
		}
		run.Results = append(run.Results, path)
	}
	return run
}

// RunAgainstOracle writes files, oracle-bound output, into a directory of
// t's, prepares them with tc and runs them once against the correct oracle,
// as verify's run against the oracle does. It returns the run and the
// directory, built.
func RunAgainstOracle(t *testing.T, tc verify.Toolchain, files []backend.File) (verify.Result, string) {
	t.Helper()
	bin := OracleBin(t)
	dir := t.TempDir()
	indextest.WriteFiles(t, dir, files)
	var log strings.Builder
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	res, err := tc.Run(context.Background(), dir, OracleEnv(bin))
	if err != nil {
		t.Fatal(err)
	}
	return res, dir
}

// OracleEnv is the environment that binds oracle-bound tests to the correct
// oracle, bin: no fault.
func OracleEnv(bin string) []string {
	return []string{verify.EnvOracleBin + "=" + bin, verify.EnvOracleFault + "="}
}

// RequireToolchain skips t in the -short tier, and where tc's tools are not
// installed unless EnvRequire names its language.
func RequireToolchain(t testing.TB, tc verify.Toolchain) {
	t.Helper()
	tier.Toolchain(t, tc.Lang()+"'s toolchain")
	err := tc.Available()
	if err == nil {
		return
	}
	if Required(tc.Lang()) {
		t.Fatalf("%s is required here (%s) but cannot run: %v", tc.Lang(), EnvRequire, err)
	}
	t.Skip(err)
}

// Required reports whether EnvRequire names lang.
func Required(lang string) bool {
	names := strings.Split(os.Getenv(EnvRequire), ",")
	return slices.Contains(names, lang) || slices.Contains(names, "all")
}

var oracleBin struct {
	once sync.Once
	path string
	err  error
}

// OracleBin builds bqgen once per test binary, for the generated tests'
// oracle subjects to start as `bqgen oracle serve`. It lives in a directory
// removed when the test binary exits (see Main).
func OracleBin(t testing.TB) string {
	t.Helper()
	oracleBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "bqgen-oracle-")
		if err != nil {
			oracleBin.err = err
			return
		}
		binDirs = append(binDirs, dir)
		oracleBin.path = filepath.Join(dir, "bqgen")
		out, err := exec.Command("go", "build", "-o", oracleBin.path, "github.com/babelqueue/bqgen/cmd/bqgen").CombinedOutput()
		if err != nil {
			oracleBin.err = &buildError{err: err, out: string(out)}
		}
	})
	if oracleBin.err != nil {
		t.Fatalf("build bqgen for the oracle: %v", oracleBin.err)
	}
	return oracleBin.path
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// binDirs are the directories OracleBin made.
var binDirs []string

// builds is the store of suite-independent builds the toolchains of a test
// process share (Shared), made on first use; Main removes it.
var builds struct {
	once  sync.Once
	store *verify.Builds
	err   error
}

// Shared returns tc keeping what it builds the same for every suite (a
// warm runner's harness, node's devDependencies) once for the whole test
// process: the full tier proves three suites per language.
func Shared(t testing.TB, tc verify.Toolchain) verify.Toolchain {
	t.Helper()
	builds.once.Do(func() { builds.store, builds.err = verify.NewBuilds() })
	if builds.err != nil {
		t.Fatal(builds.err)
	}
	return verify.ShareBuilds(tc, builds.store)
}

// Main runs a package's tests and then removes what OracleBin built. Call it
// from TestMain: func TestMain(m *testing.M) { prooftest.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	for _, dir := range binDirs {
		os.RemoveAll(dir)
	}
	builds.store.Close()
	os.Exit(code)
}
