package dotnet_test

import (
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// The missing-feature rule, run on the stand-in core (testdata/standin):
// 1.0.0 has no decode warning hook, so every forbidden_keys test skips with
// the reason naming the missing API (and every payload_schema test, as it
// has no validator), while the cases tests run; 1.8.0 has the hook but never
// calls it, so every forbidden_keys test runs and fails.
func TestMissingFeatureRuleOnStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "standin"), dir)
	files, err := dotnet.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f.Path)), f.Content)
	}
	project := filepath.Join(dir, dotnet.SDKTestDir, "BabelQueue.Core.Tests.csproj")
	const noHook = "decode warnings is not provided: this BabelQueue.Core has no decode warnings hook"
	const noValidator = "validate_payload is not provided: this BabelQueue.Core has no BabelQueue.Schema.PayloadValidator"

	old := runStandIn(t, project, "1.0.0")
	expectOutcomes(t, "1.0.0", old, "forbidden_keys/", "NotExecuted", noHook)
	expectOutcomes(t, "1.0.0", old, "payload_schema/", "NotExecuted", noValidator)
	expectRan(t, "1.0.0", old, "cases/")

	hooked := runStandIn(t, project, "1.8.0")
	expectOutcomes(t, "1.8.0", hooked, "forbidden_keys/", "Failed", "")
	expectRan(t, "1.8.0", hooked, "cases/")
}

// The missing-feature rule in a transport target: BabelQueue.MassTransit has
// no publishing projection, so its scaffold reports rabbitmq_publishing as not
// provided, naming the missing API, and every rabbitmq test skips with that
// reason (counted missing, never passing).
func TestMissingFeatureRuleOnMassTransitStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	project := writeTransportStandIn(t, "rabbitmq", "BabelQueue.MassTransit")
	const noProjection = "rabbitmq_publishing is not provided: this BabelQueue.MassTransit has no API " +
		"that projects an envelope onto an AMQP 0-9-1 publishing"
	results := runFiltered(t, project, "1.8.0", "DisplayName~rabbitmq/")
	expectOutcomes(t, "1.8.0", results, "rabbitmq/", "NotExecuted", noProjection)
}

// trxResult is one test's result in a Visual Studio TRX log.
type trxResult struct {
	Name    string `xml:"testName,attr"`
	Outcome string `xml:"outcome,attr"`
	Output  struct {
		Text string `xml:",innerxml"`
	} `xml:"Output"`
}

// runStandIn runs the cases, forbidden_keys and payload_schema tests on the
// stand-in core of version and returns their results by display name. A
// failing test is expected, so the exit status is not an error; a run that
// leaves no log is.
func runStandIn(t *testing.T, project, version string) map[string]trxResult {
	t.Helper()
	return runFiltered(t, project, version,
		"DisplayName~cases/|DisplayName~forbidden_keys/|DisplayName~payload_schema/")
}

// runFiltered builds project on the stand-in core of version, every warning
// an error as the SDK builds (TestGeneratedCSharpCompiles leaves these builds
// to it: builtByMissingFeatureTests), runs the tests filter selects and
// returns their results by display name, as runStandIn.
func runFiltered(t *testing.T, project, version, filter string) map[string]trxResult {
	t.Helper()
	results := filepath.Join(t.TempDir(), "results")
	args := []string{"test", project, "--nologo", "-p:StandInCoreVersion=" + version, "-p:TreatWarningsAsErrors=true",
		"--filter", filter,
		"--logger", "trx;LogFileName=results.trx", "--results-directory", results}
	cmd := exec.CommandContext(context.Background(), "dotnet", args...)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_UI_LANGUAGE=en", "DOTNET_NOLOGO=1",
		"DOTNET_CLI_TELEMETRY_OPTOUT=1", "MSBUILDTERMINALLOGGER=off")
	out, runErr := cmd.CombinedOutput()
	raw, err := os.ReadFile(filepath.Join(results, "results.trx"))
	if err != nil {
		t.Fatalf("core %s: dotnet %s left no TRX log (%v): %v\n%s", version, strings.Join(args, " "), err, runErr,
			diagnostics(string(out)))
	}
	var log struct {
		Results []trxResult `xml:"Results>UnitTestResult"`
	}
	if err := xml.Unmarshal(raw, &log); err != nil {
		t.Fatalf("core %s: results.trx: %v", version, err)
	}
	byName := map[string]trxResult{}
	for _, r := range log.Results {
		byName[r.Name] = r
	}
	return byName
}

// expectOutcomes checks that every test whose name starts with prefix (at
// least one) has outcome, its output holding reason.
func expectOutcomes(t *testing.T, version string, results map[string]trxResult, prefix, outcome, reason string) {
	t.Helper()
	n := 0
	for name, r := range results {
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		n++
		if r.Outcome != outcome || !strings.Contains(r.Output.Text, reason) {
			t.Errorf("core %s: %s: %s, want %s with %q\n%s", version, name, r.Outcome, outcome, reason, r.Output.Text)
		}
	}
	if n == 0 {
		t.Errorf("core %s: no %s test ran", version, prefix)
	}
}

// expectRan checks that the tests whose name starts with prefix (at least
// one) ran: passed or failed, none skipped.
func expectRan(t *testing.T, version string, results map[string]trxResult, prefix string) {
	t.Helper()
	n := 0
	for name, r := range results {
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		n++
		if r.Outcome != "Passed" && r.Outcome != "Failed" {
			t.Errorf("core %s: %s: %s, want it run\n%s", version, name, r.Outcome, r.Output.Text)
		}
	}
	if n == 0 {
		t.Errorf("core %s: no %s test ran", version, prefix)
	}
}
