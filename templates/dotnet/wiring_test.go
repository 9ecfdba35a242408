package dotnet

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

const wiredProject = `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <!-- <Import Project="GeneratedConformance/BabelQueue.Conformance.props" /> -->
  %s
</Project>
`

func msbuildProject(body string) []byte { return []byte(strings.Replace(wiredProject, "%s", body, 1)) }

func TestWiring(t *testing.T) {
	b := New().(Backend)
	sqs := generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK})
	core := generate(t, loadSuites(t)[0].suite, backend.BindSDK)
	const sqsProject = "tests/BabelQueue.Sqs.Tests/BabelQueue.Sqs.Tests.csproj"
	const coreProject = "tests/BabelQueue.Core.Tests/BabelQueue.Core.Tests.csproj"
	importLine := `<Import Project="GeneratedConformance/BabelQueue.Conformance.props" />`
	for _, want := range []string{coreProject, sqsProject, "Directory.Build.props", "tests/Directory.Build.props"} {
		if !contains(b.WiringFiles(), want) {
			t.Errorf("WiringFiles lacks %s", want)
		}
	}
	for name, c := range map[string]struct {
		generated []backend.File
		files     map[string][]byte
		problems  []string // the File and a fragment of the Fix of each problem
	}{
		"correct": {sqs, map[string][]byte{sqsProject: msbuildProject(importLine)}, nil},
		"backslash and MSBuildThisFileDirectory": {core, map[string][]byte{coreProject: msbuildProject(
			`<Import Project="$(MSBuildThisFileDirectory)GeneratedConformance\BabelQueue.Conformance.props" />`)}, nil},
		"imported by Directory.Build.props": {sqs, map[string][]byte{sqsProject: msbuildProject(""),
			"tests/Directory.Build.props": msbuildProject(`<Import Project="$(MSBuildProjectDirectory)/` + PropsFile + `" />`)}, nil},
		"not imported (only in a comment)": {sqs, map[string][]byte{sqsProject: msbuildProject("")},
			[]string{sqsProject, "add " + importLine}},
		"the core's project for a transport's output": {sqs, map[string][]byte{coreProject: msbuildProject(importLine)},
			[]string{sqsProject, "create it (dotnet new xunit -o tests/BabelQueue.Sqs.Tests) and add " + importLine}},
		"wrong path": {core, map[string][]byte{coreProject: msbuildProject(`<Import Project="BabelQueue.Conformance.props" />`)},
			[]string{coreProject, "add " + importLine}},
		"a nearer Directory.Build.props hides the root one": {core, map[string][]byte{coreProject: msbuildProject(""),
			"Directory.Build.props":       msbuildProject(`<Import Project="tests/BabelQueue.Core.Tests/` + PropsFile + `" />`),
			"tests/Directory.Build.props": msbuildProject("")},
			[]string{coreProject, "add " + importLine}},
		"compile removed": {sqs, map[string][]byte{sqsProject: msbuildProject(importLine +
			`<ItemGroup><Compile Remove="GeneratedConformance\**" /></ItemGroup>`)},
			[]string{sqsProject, `delete its <Compile Remove="GeneratedConformance\**" />`}},
		"default compile items off": {sqs, map[string][]byte{sqsProject: msbuildProject(importLine +
			`<PropertyGroup><EnableDefaultCompileItems>false</EnableDefaultCompileItems></PropertyGroup>`)},
			[]string{sqsProject, `add <Compile Include="GeneratedConformance/**/*.cs" />`}},
		"default compile items off, included": {sqs, map[string][]byte{sqsProject: msbuildProject(importLine +
			`<PropertyGroup><EnableDefaultCompileItems>false</EnableDefaultCompileItems></PropertyGroup>` +
			`<ItemGroup><Compile Include="GeneratedConformance/**/*.cs" /></ItemGroup>`)}, nil},
		"not XML": {sqs, map[string][]byte{sqsProject: []byte("<Project><oops></Project>")},
			[]string{sqsProject, "repair it"}},
		"no test project at all": {sqs, map[string][]byte{}, nil},
		"oracle output":          {generate(t, loadSuites(t)[0].suite, backend.BindOracle), nil, nil},
	} {
		got := b.CheckWiring(c.files, c.generated)
		if len(got) != len(c.problems)/2 {
			t.Errorf("%s: %d problems, want %d: %+v", name, len(got), len(c.problems)/2, got)
			continue
		}
		for i, p := range got {
			if p.File != c.problems[2*i] || !strings.Contains(p.Fix, c.problems[2*i+1]) || p.Problem == "" {
				t.Errorf("%s: got %+v, want %s with fix %q", name, p, c.problems[2*i], c.problems[2*i+1])
			}
		}
	}
}

// The missing import is reported with what it breaks: every test's
// attribute and the copied suite.
func TestWiringNamesWhatBreaks(t *testing.T) {
	sqs := generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK})
	got := New().(Backend).CheckWiring(map[string][]byte{"tests/BabelQueue.Sqs.Tests/BabelQueue.Sqs.Tests.csproj": msbuildProject("")}, sqs)
	if len(got) != 1 || !strings.Contains(got[0].Problem, "CS0246") || !strings.Contains(got[0].Problem, "does not import "+PropsFile) {
		t.Errorf("%+v", got)
	}
}
