package verify

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestXunitSummary(t *testing.T) {
	out := "  Starting:    BabelQueue.Conformance.Tests\n" +
		"    cases/urn-alias [FAIL]\n" +
		"=== TEST EXECUTION SUMMARY ===\n" +
		"   BabelQueue.Conformance.Tests  Total: 96, Errors: 0, Failed: 1, Skipped: 3, Time: 0.214s\n"
	res, errors, ok := parseXunitSummary(out)
	if !ok || errors != 0 || res.Failed != 1 || res.Passed != 92 || res.Skipped != 3 || res.Total() != 96 {
		t.Fatalf("got %+v, %d errors, %v", res, errors, ok)
	}
	if !strings.HasPrefix(res.Summary, "BabelQueue.Conformance.Tests  Total: 96,") || res.Output != out {
		t.Errorf("summary %q", res.Summary)
	}
}

func TestXunitSummaryAddsAssembliesAndErrors(t *testing.T) {
	out := "   A  Total: 5, Errors: 0, Failed: 0, Skipped: 0, Time: 1s\n" +
		"   B  Total: 2, Errors: 1, Failed: 0, Skipped: 2, Time: 1s\n" +
		"                 Total: 7, Errors: 1, Failed: 0, Skipped: 2, Time: 2s\n"
	res, errors, ok := parseXunitSummary(out)
	if !ok || res.Passed != 5 || res.Skipped != 2 || res.Failed != 0 || errors != 1 {
		t.Fatalf("got %+v, %d errors, %v", res, errors, ok)
	}
}

func TestXunitSummaryAbsent(t *testing.T) {
	for _, out := range []string{"", "error CS1002: ; expected\nBuild FAILED.\n", "Total: 3\n",
		"Passed!  - Failed:     0, Passed:    93, Skipped:     0, Total:    93, Duration: 1 s - A.dll (net8.0)\n"} {
		if res, _, ok := parseXunitSummary(out); ok {
			t.Errorf("found a summary in %q: %+v", out, res)
		}
	}
}

func TestDotnetUnavailable(t *testing.T) {
	tc := DotnetToolchain{Command: "bqgen-no-such-dotnet"}
	if err := tc.Available(); err == nil || !strings.Contains(err.Error(), "not on PATH") {
		t.Errorf("Available() = %v", err)
	}
	if NewDotnetToolchain().Lang() != "dotnet" {
		t.Error("wrong Lang")
	}
}

func TestDotnetProjectDiscovery(t *testing.T) {
	dir := t.TempDir()
	if _, err := dotnetProject(dir); err == nil {
		t.Error("an empty dir has a project")
	}
	writeDotnetFile(t, filepath.Join(dir, "A.csproj"), "<Project/>")
	if p, err := dotnetProject(dir); err != nil || p != "A.csproj" {
		t.Errorf("dotnetProject = %q, %v", p, err)
	}
	writeDotnetFile(t, filepath.Join(dir, "B.csproj"), "<Project/>")
	if _, err := dotnetProject(dir); err == nil {
		t.Error("two projects were accepted")
	}
}

// fakeDotnet is a dotnet stand-in that records its arguments and the oracle
// variables, and prints what `dotnet test` prints for a run with one failure.
const fakeDotnet = `#!/bin/sh
if [ "$1" = --list-runtimes ]; then
  echo "Microsoft.AspNetCore.App 10.0.1 [/usr/share/dotnet/shared/Microsoft.AspNetCore.App]"
  echo "Microsoft.NETCore.App 8.0.11 [/usr/share/dotnet/shared/Microsoft.NETCore.App]"
  echo "Microsoft.NETCore.App 10.0.1 [/usr/share/dotnet/shared/Microsoft.NETCore.App]"
  exit 0
fi
echo "args: $*"
echo "oracle: $BQGEN_ORACLE_BIN fault: $BQGEN_ORACLE_FAULT logger: $MSBUILDTERMINALLOGGER"
if [ "$1" = exec ]; then
  echo "   X  Total: 42, Errors: 0, Failed: 1, Skipped: 0, Time: 0.009s"
  exit 1
fi
`

func TestDotnetToolchainDrivesTheCLI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake dotnet is a shell script")
	}
	bin := filepath.Join(t.TempDir(), "dotnet")
	writeDotnetFile(t, bin, fakeDotnet)
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeDotnetFile(t, filepath.Join(dir, "BabelQueue.Conformance.Tests.csproj"), "<Project/>")
	tc := DotnetToolchain{Command: bin}
	if err := tc.Available(); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"args: build BabelQueue.Conformance.Tests.csproj --nologo -p:OutDir=bin/bqgen-verify/ -p:TreatWarningsAsErrors=true -p:TargetFramework=net10.0 -p:TargetFrameworks=net10.0",
		"args: build " + filepath.Join(dir, "bin/bqgen-verify-runner/src/BqgenVerifyRunner.csproj") + " --nologo -p:OutDir=" +
			filepath.Join(dir, "bin/bqgen-verify-runner/out") + "/ -p:TreatWarningsAsErrors=true -p:TargetFramework=net10.0 -p:TargetFrameworks=net10.0",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("Prepare did not run %q:\n%s", want, log.String())
		}
	}
	if strings.Contains(log.String(), "args: restore") {
		t.Errorf("Prepare restored in a command of its own; build restores:\n%s", log.String())
	}
	res, err := tc.Run(context.Background(), dir, []string{EnvOracleBin + "=/x/bqgen", EnvOracleFault + "=min-length-bytes"})
	if err != nil {
		t.Fatalf("a failing test run is not an error: %v", err)
	}
	if res.Failed != 1 || res.Passed != 41 || res.Total() != 42 {
		t.Errorf("got %+v", res)
	}
	for _, want := range []string{"args: exec --runtimeconfig bin/bqgen-verify/BabelQueue.Conformance.Tests.runtimeconfig.json " +
		"--depsfile bin/bqgen-verify/BabelQueue.Conformance.Tests.deps.json " +
		"bin/bqgen-verify/xunit.console/xunit.console.dll bin/bqgen-verify/BabelQueue.Conformance.Tests.dll -nocolor", "oracle: /x/bqgen fault: min-length-bytes logger: off"} {
		if !strings.Contains(res.Output, want) {
			t.Errorf("output lacks %q:\n%s", want, res.Output)
		}
	}
}

// A warm runner whose harness did not build cannot start: verify then runs a
// process per run.
func TestDotnetWarmNeedsItsHarness(t *testing.T) {
	dir := t.TempDir()
	writeDotnetFile(t, filepath.Join(dir, "P.csproj"), "<Project/>")
	if _, err := (DotnetToolchain{Command: "bqgen-no-such-dotnet"}).StartWarm(context.Background(), dir); err == nil ||
		!strings.Contains(err.Error(), "not built") {
		t.Errorf("StartWarm = %v", err)
	}
}

func TestDotnetRunWithoutSummaryIsAnError(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake dotnet is a shell script")
	}
	bin := filepath.Join(t.TempDir(), "dotnet")
	writeDotnetFile(t, bin, "#!/bin/sh\necho 'Cannot use file stream for [X.deps.json]: No such file or directory'\nexit 1\n")
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeDotnetFile(t, filepath.Join(dir, "P.csproj"), "<Project/>")
	if _, err := (DotnetToolchain{Command: bin}).Run(context.Background(), dir, nil); err == nil || !strings.Contains(err.Error(), "No such file") {
		t.Errorf("Run = %v", err)
	}
}

func writeDotnetFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNewestNetCoreApp(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Microsoft.NETCore.App 8.0.11 [/x]\nMicrosoft.NETCore.App 10.0.1 [/x]\nMicrosoft.NETCore.App 9.0.3 [/x]\n", "net10.0"},
		{"Microsoft.AspNetCore.App 10.0.1 [/x]\nMicrosoft.NETCore.App 8.0.11 [/x]\n", "net8.0"},
		{"Microsoft.NETCore.App 3.1.32 [/x]\n", ""},
		{"", ""},
	} {
		if got := newestNetCoreApp(c.in); got != c.want {
			t.Errorf("newestNetCoreApp(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
