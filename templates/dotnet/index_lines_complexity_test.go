package dotnet

import (
	"fmt"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
)

// The test index finds every test of a block in one reading of its class.
func TestComplexityIndexLines(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) indextest.Declared {
		return indextest.DeclaredFile(n, "public sealed class CasesConformanceTests\n{\n",
			func(i int) string {
				return fmt.Sprintf("    [SkippableFact(typeof(NotProvidedException), DisplayName = \"cases/case-%d\")]\n    public void Case%d()\n    {\n        Check();\n    }\n\n", i, i)
			},
			func(i int) string { return fmt.Sprintf("Case%d", i) }, "}\n")
	}
	indextest.LocateLinear(t, "test index lines dotnet", gen, declaredMethods, 100_000)
}
