package dotnet_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// TestIndexNamesEveryReportedTest builds the oracle-bound output of the
// adversarial suite and runs it twice (checkIndexOfRun). The canonical and
// upstream suites' indexes are held to TestProof's own runs against the
// oracle, and the canonical suite's TRX to its built assembly: a build of
// the canonical suite costs tens of seconds on a small machine.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := prooftest.Shared(t, verify.NewDotnetToolchain())
	prooftest.RequireToolchain(t, tc)
	for _, s := range dotnet.SuitesForTests(t) {
		if s.Name != "adversarial" {
			continue
		}
		files, err := dotnet.New().Generate(s.Suite, backend.Options{Binding: backend.BindOracle})
		if err != nil {
			t.Fatal(err)
		}
		res, dir := prooftest.RunAgainstOracle(t, tc, files)
		checkIndexOfRun(t, files, res.Files, res.Total(), dir, prooftest.OracleBin(t))
	}
}

// checkIndexOfRun holds the test index among files to a run of the
// project built in dir: to the xUnit console runner's XML report, as
// verify runs it, and (dir non-empty) to the TRX of `dotnet test --logger
// trx` on the built assembly, as an SDK's CI runs it. In both every
// generated test must be one index entry's, every entry must be there,
// and the counts must agree with the runner's total.
func checkIndexOfRun(t *testing.T, files []backend.File, reports []string, total int, dir, bin string) {
	t.Helper()
	if len(reports) != 1 {
		t.Fatalf("the run wrote %v, want the console runner's XML report", reports)
	}
	index := indextest.IndexOf(t, files)
	t.Run("xunit-xml", func(t *testing.T) {
		indextest.Check(t, index, indextest.ReadXunit(t, reports[0]), total)
	})
	if dir == "" {
		return
	}
	t.Run("trx", func(t *testing.T) {
		indextest.Check(t, index, indextest.ReadTRX(t, runTRX(t, dir, prooftest.OracleEnv(bin))), total)
	})
}

// runTRX runs the assembly verify built in dir with `dotnet test` and its
// TRX logger, and returns the TRX file's path.
func runTRX(t *testing.T, dir string, env []string) string {
	t.Helper()
	projects, _ := filepath.Glob(filepath.Join(dir, dotnet.ProjectGlob))
	if len(projects) != 1 {
		t.Fatalf("want one project in %s, found %v", dir, projects)
	}
	name := strings.TrimSuffix(filepath.Base(projects[0]), ".csproj")
	trx := filepath.Join(dir, "results.trx")
	cmd := exec.Command("dotnet", "test", filepath.Join("bin", "bqgen-verify", name+".dll"),
		"--logger", "trx;LogFileName="+trx)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "DOTNET_CLI_UI_LANGUAGE=en", "DOTNET_NOLOGO=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1",
		"MSBUILDTERMINALLOGGER=off"), env...)
	out, err := cmd.CombinedOutput()
	if _, statErr := os.Stat(trx); statErr != nil {
		t.Fatalf("dotnet test wrote no TRX (%v, %v):\n%s", err, statErr, out)
	}
	return trx
}
