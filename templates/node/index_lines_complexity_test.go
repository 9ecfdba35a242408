package node

import (
	"fmt"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
)

// The test index finds every test of a block in one reading of its file.
func TestComplexityIndexLines(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) indextest.Declared {
		return indextest.DeclaredFile(n, "describe(\"conformance cases\", () => {\n",
			func(i int) string {
				return fmt.Sprintf("  // test(\"case %d\"\n  test(\"case \\\" %d\", (t) => whenProvided(t, async () => {\n    await check();\n  }));\n\n", i+1, i)
			},
			func(i int) string { return testKey("", fmt.Sprintf(`"case \" %d"`, i)) }, "});\n")
	}
	indextest.LocateLinear(t, "test index lines node", gen, declaredTests, 100_000)
}
