package dotnet_test

import (
	"bytes"
	"context"
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
// canonical and the adversarial suite once each and runs it twice: with
// xUnit's console runner, as verify does (its -xml report), and with
// `dotnet test --logger trx` on the built assembly, as an SDK's CI does
// (TRX). In both files every generated test must be one index entry's,
// every entry must be there, and the counts must agree.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := prooftest.Shared(t, verify.NewDotnetToolchain())
	prooftest.RequireToolchain(t, tc)
	bin := prooftest.OracleBin(t)
	env := []string{verify.EnvOracleBin + "=" + bin, verify.EnvOracleFault + "="}
	for _, s := range dotnet.SuitesForTests(t) {
		if s.Name != "canonical" && s.Name != "adversarial" {
			continue // one build each is minutes on a small machine
		}
		t.Run(s.Name, func(t *testing.T) {
			files, err := dotnet.New().Generate(s.Suite, backend.Options{Binding: backend.BindOracle})
			if err != nil {
				t.Fatal(err)
			}
			index := indextest.IndexOf(t, files)
			dir := t.TempDir()
			indextest.WriteFiles(t, dir, files)
			var log bytes.Buffer
			if err := tc.Prepare(context.Background(), dir, &log); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			res, err := tc.Run(context.Background(), dir, env)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Files) != 1 {
				t.Fatalf("the run wrote %v, want the console runner's XML report", res.Files)
			}
			t.Run("xunit-xml", func(t *testing.T) {
				indextest.Check(t, index, indextest.ReadXunit(t, res.Files[0]), res.Total())
			})
			t.Run("trx", func(t *testing.T) {
				trx := runTRX(t, dir, env)
				indextest.Check(t, index, indextest.ReadTRX(t, trx), res.Total())
			})
		})
	}
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
