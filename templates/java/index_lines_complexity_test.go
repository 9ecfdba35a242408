package java

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
		return indextest.DeclaredFile(n, "final class ConformanceCasesTest {\n",
			func(i int) string {
				return fmt.Sprintf("    /**\n     * case %d\n     */\n    @Test\n    @DisplayName(\"case-%d\")\n    void case%d() {\n        check();\n    }\n\n", i, i, i)
			},
			func(i int) string { return fmt.Sprintf("case%d", i) }, "}\n")
	}
	indextest.LocateLinear(t, "test index lines java", gen, declaredTests, 100_000)
}
