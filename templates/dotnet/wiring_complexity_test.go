package dotnet

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// adversarialProject is a test project of n Compile and Import items (globs,
// relative imports, long paths) and its Directory.Build.props.
func adversarialProject(n int) map[string][]byte {
	var items strings.Builder
	for i := range n {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&items, `<Compile Remove="Gen%d/**/*.cs" Include="**/*%d.cs" />`, i, i)
		case 1:
			fmt.Fprintf(&items, `<Import Project="../%s/x%d.props" />`, strings.Repeat("../a/", i%20), i)
		case 2:
			fmt.Fprintf(&items, `<PropertyGroup><EnableDefaultCompileItems>%v</EnableDefaultCompileItems></PropertyGroup>`, i%2 == 0)
		}
	}
	project := []byte(`<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>` + items.String() + `</ItemGroup></Project>`)
	return map[string][]byte{
		"tests/BabelQueue.Core.Tests/BabelQueue.Core.Tests.csproj": project,
		"tests/Directory.Build.props":                              project,
	}
}

func TestComplexityWiring(t *testing.T) {
	complexitytest.Skip(t)
	generated := generate(t, loadSuites(t)[0].suite, backend.BindSDK)
	run := func(files map[string][]byte) { New().(Backend).CheckWiring(files, generated) }
	complexitytest.Linear(t, "runner config: *.csproj (Compile and Import items)", 64, adversarialProject, run)
	complexitytest.Within(t, "runner config: *.csproj at 1 MiB", adversarialProject(1<<20/70), run)
}
