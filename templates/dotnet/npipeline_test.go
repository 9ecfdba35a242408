package dotnet_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	dotnet "github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// The messaging blocks were written from the documentation of NPipeline's
// messaging layer. A target of those blocks alone is that layer's: its
// scaffold runs NPipeline's own MessageSettlement, MessageDecoder<T>,
// dead-letter channel and Acknowledging(), over a recording broker that
// settles an unreadable message as each NPipeline connector does (the
// connectors do not build without their broker clients). docs/npipeline.md
// explains each departure below: a case's spec sentence, and NPipeline's line.

// connectorDepartures are the cases NPipeline's connectors fail, as the
// scaffold's broker settles the way they do: they fail against any layer.
var connectorDepartures = []string{
	"row_errors/dead-letter-on-rabbitmq-with-dead-letter-exchange", // counted rejected, RabbitMqSourceNode.cs:157-158
	"row_errors/dead-letter-on-servicebus-settles-as-skip",         // completed, ServiceBusSourceNode.cs:249-254
	"row_errors/skipped-on-kafka-is-passed-and-counted",            // no settlement counted, KafkaSourceNode.cs:133
	"row_errors/skipped-on-rabbitmq-with-dead-letter-exchange",     // counted rejected, RabbitMqSourceNode.cs:157-158
	"settlement/reject-to-rabbitmq-dead-letter-exchange",           // counted rejected, RabbitMqSourceNode.cs:182
}

// layerDepartures are the cases NPipeline's messaging layer itself fails:
// MessageDecoder cuts the excerpt in UTF-16 units, a surrogate pair in half
// (MessageDecoder.cs:98-110). The stand-in follows the specification.
var layerDepartures = []string{
	"row_errors/excerpt-keeps-whole-characters-from-the-start",
	"row_errors/excerpt-never-splits-a-character",
}

// A suite of the messaging blocks alone generates NPipeline's target: into
// its connectors' test project, a scaffold that maps the three operations
// onto the layer's own types.
func TestMessagingBlocksMakeTheNPipelineTarget(t *testing.T) {
	t.Parallel()
	generated, err := dotnet.New().Generate(messagingSuite(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range generated {
		files[f.Path] = string(f.Content)
	}
	scaffold, ok := files["tests/NPipeline.Connectors.Tests/SdkConformanceSubject.cs"]
	if !ok {
		t.Fatalf("no scaffold in the NPipeline connectors' test project: %v", keys(files))
	}
	for _, want := range []string{"namespace NPipeline.Connectors.Tests.Conformance;", "new MessageSettlement(",
		"message.WithBody(", "new MessageDecoder<ConformanceOrder>(", "decoder.HandleFailureAsync(", "catch (RecordMappingException",
		".Acknowledging().ConsumeAsync(", "FailedMessageAction.DeadLetter", "MeterListener _listener = new()", `"NPipeline.Connectors"`,
		`Provided = { "settle", "read_message", "write_messages" }`} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the scaffold lacks %s", want)
		}
	}
}

// On the stand-in (testdata/standin/src/NPipeline.Connectors: NPipeline's
// public shape, implemented from the specification) every case passes but
// those where the connectors' settling departs from it.
func TestNPipelineTargetOnTheStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "standin"), dir)
	writeGenerated(t, dir, dotnet.NamedSuite{Name: "messaging", Suite: messagingSuite(t)}, backend.BindSDK)
	failed, passed := dotnetTestFailures(t, filepath.Join(dir, "tests", "NPipeline.Connectors.Tests"))
	if !slices.Equal(failed, connectorDepartures) || passed == 0 {
		t.Errorf("failed %q (%d passed), want exactly the connectors' departures %q", failed, passed, connectorDepartures)
	}
	t.Logf("NPipeline stand-in: %d passed, %d failed (the connectors' departures)", passed, len(failed))
}

// On NPipeline's messaging layer built from its public source
// (BQGEN_NPIPELINE_DIR: the directory holding NPipeline.dll and
// NPipeline.Connectors.dll), every case passes but the departures: the
// connectors' and the layer's own.
func TestNPipelineTargetOnTheRealLayer(t *testing.T) {
	built := os.Getenv("BQGEN_NPIPELINE_DIR")
	if built == "" {
		t.Skip("BQGEN_NPIPELINE_DIR is not set: no NPipeline messaging layer built from its source here (docs/npipeline.md)")
	}
	for _, dll := range []string{"NPipeline.dll", "NPipeline.Connectors.dll"} {
		if _, err := os.Stat(filepath.Join(built, dll)); err != nil {
			t.Skipf("BQGEN_NPIPELINE_DIR holds no %s: %v", dll, err)
		}
	}
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	dir := t.TempDir()
	writeGenerated(t, dir, dotnet.NamedSuite{Name: "messaging", Suite: messagingSuite(t)}, backend.BindSDK)
	project := filepath.Join(dir, "tests", "NPipeline.Connectors.Tests")
	writeFile(t, filepath.Join(project, "NPipeline.Connectors.Tests.csproj"), []byte(realLayerProject(built)))
	failed, passed := dotnetTestFailures(t, project)
	want := append(slices.Clone(connectorDepartures), layerDepartures...)
	slices.Sort(want)
	if !slices.Equal(failed, want) || passed == 0 {
		t.Errorf("failed %q (%d passed), want exactly the departures %q", failed, passed, want)
	}
	t.Logf("NPipeline's messaging layer: %d passed, %d failed (the departures)", passed, len(failed))
}

// realLayerProject is the connectors' test project over the built layer.
func realLayerProject(built string) string {
	ref := func(name string) string {
		return `    <Reference Include="` + name + `"><HintPath>` + filepath.Join(built, name+".dll") + "</HintPath></Reference>\n"
	}
	return `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <IsPackable>false</IsPackable>
    <IsTestProject>true</IsTestProject>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.12.0" />
    <PackageReference Include="xunit" Version="2.9.2" />
    <PackageReference Include="xunit.runner.visualstudio" Version="2.8.2" />
    <PackageReference Include="Microsoft.Extensions.Logging.Abstractions" Version="10.0.0" />
  </ItemGroup>
  <ItemGroup>
` + ref("NPipeline") + ref("NPipeline.Connectors") + `  </ItemGroup>
  <Import Project="GeneratedConformance/BabelQueue.Conformance.props" />
</Project>
`
}

// messagingSuite is the canonical suite's messaging blocks.
func messagingSuite(t *testing.T) *model.Suite {
	t.Helper()
	s, err := suitetest.Canonical(t).Select(model.MessagingBlocks)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var (
	failedTest = regexp.MustCompile(`(?m)^\s+Failed (\S+) \[`)
	passedLine = regexp.MustCompile(`Passed:\s+(\d+)`)
)

// dotnetTestFailures runs dotnet test in project and returns the display
// names of the tests that failed, sorted, and how many passed.
func dotnetTestFailures(t *testing.T, project string) ([]string, int) {
	t.Helper()
	cmd := exec.CommandContext(context.Background(), "dotnet", "test", "--nologo")
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "DOTNET_CLI_UI_LANGUAGE=en", "DOTNET_NOLOGO=1",
		"DOTNET_CLI_TELEMETRY_OPTOUT=1", "MSBUILDTERMINALLOGGER=off")
	out, _ := cmd.CombinedOutput() // a failing test is an exit status; the log says which
	var failed []string
	for _, m := range failedTest.FindAllStringSubmatch(string(out), -1) {
		if !slices.Contains(failed, m[1]) {
			failed = append(failed, m[1])
		}
	}
	slices.Sort(failed)
	m := passedLine.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("dotnet test printed no totals:\n%s", diagnostics(string(out)))
	}
	passed, _ := strconv.Atoi(m[1]) // \d+ matched
	return failed, passed
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
