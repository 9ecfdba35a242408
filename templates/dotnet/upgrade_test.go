package dotnet_test

import (
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// The acceptance test for .NET: the core scaffold exactly as bqgen
// wrote it before the interface had defaults (testdata/upgrade, kept byte for
// byte) builds, warnings as errors, against the stand-in core 1.8.0 with the
// canonical suite's tests generated after an operation is appended to the
// protocol, and every generated test's outcome is what it was without the
// operation; a hand-written test calling the new operation through
// ConformanceSubjects.Current skips with the reason the default gives. Both
// runs share one project directory, so the second build is incremental.
// Not parallel: protocoltest.Append changes the protocol package's state.
func TestUpgradeKeepsOldScaffold(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", "SdkConformanceSubject.cs"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "standin"), dir)
	project := filepath.Join(dir, dotnet.SDKTestDir, "BabelQueue.Core.Tests.csproj")
	writeWithScaffold := func() {
		writeGenerated(t, dir, dotnet.NamedSuite{Name: "canonical", Suite: suitetest.Canonical(t)}, backend.BindSDK)
		writeFile(t, filepath.Join(dir, dotnet.SDKTestDir, "SdkConformanceSubject.cs"), old)
	}
	writeWithScaffold()
	before := runAllTests(t, project)

	protocoltest.Append(t, protocoltest.Probe)
	writeWithScaffold()
	probeTest, err := os.ReadFile(filepath.Join("testdata", "upgrade", "ProbeEchoTests.cs"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, dotnet.SDKTestDir, "ProbeEchoTests.cs"), probeTest)
	after := runAllTests(t, project)

	const reason = "probe_echo is not provided: this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)"
	probe, ok := after["upgrade/probe_echo"]
	if !ok || probe.Outcome != "NotExecuted" || !strings.Contains(probe.Output.Text, reason) {
		t.Errorf("upgrade/probe_echo: %+v, want it skipped with %q", probe, reason)
	}
	delete(after, "upgrade/probe_echo")
	if a, b := outcomeCounts(after), outcomeCounts(before); len(after) != len(before) || a != b {
		t.Errorf("with probe_echo appended: %d tests %v, without: %d tests %v", len(after), a, len(before), b)
	}
	for name, r := range before {
		if after[name].Outcome != r.Outcome {
			t.Errorf("%s: %s with probe_echo appended, %s without", name, after[name].Outcome, r.Outcome)
		}
	}
	t.Logf("%d generated tests, %v, in both runs", len(before), outcomeCounts(before))
}

// outcomeCounts counts results by outcome, as a comparable string.
func outcomeCounts(results map[string]trxResult) string {
	counts := map[string]int{}
	for _, r := range results {
		counts[r.Outcome]++
	}
	var b strings.Builder
	for _, o := range []string{"Passed", "Failed", "NotExecuted"} {
		b.WriteString(o + "=" + strconv.Itoa(counts[o]) + " ")
		delete(counts, o)
	}
	for o, n := range counts {
		b.WriteString(o + "=" + strconv.Itoa(n) + " ")
	}
	return strings.TrimSpace(b.String())
}

// runAllTests builds project with warnings as errors on the stand-in core
// 1.8.0, runs every test and returns the results by display name. Failing
// tests are expected (the stand-in is no SDK), so the exit status is not an
// error; a build error or a run that leaves no log is.
func runAllTests(t *testing.T, project string) map[string]trxResult {
	t.Helper()
	results := filepath.Join(t.TempDir(), "results")
	args := []string{"test", project, "--nologo", "-p:StandInCoreVersion=1.8.0", "-p:TreatWarningsAsErrors=true",
		"--logger", "trx;LogFileName=results.trx", "--results-directory", results}
	cmd := exec.CommandContext(context.Background(), "dotnet", args...)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_UI_LANGUAGE=en", "DOTNET_NOLOGO=1",
		"DOTNET_CLI_TELEMETRY_OPTOUT=1", "MSBUILDTERMINALLOGGER=off")
	out, runErr := cmd.CombinedOutput()
	raw, err := os.ReadFile(filepath.Join(results, "results.trx"))
	if err != nil {
		t.Fatalf("dotnet %s left no TRX log (%v): %v\n%s", strings.Join(args, " "), err, runErr, diagnostics(string(out)))
	}
	var log struct {
		Results []trxResult `xml:"Results>UnitTestResult"`
	}
	if err := xml.Unmarshal(raw, &log); err != nil {
		t.Fatalf("results.trx: %v", err)
	}
	byName := map[string]trxResult{}
	for _, r := range log.Results {
		byName[r.Name] = r
	}
	if len(byName) == 0 {
		t.Fatalf("dotnet %s ran no test\n%s", strings.Join(args, " "), out)
	}
	return byName
}
