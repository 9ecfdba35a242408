package php

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
		return indextest.DeclaredFile(n, "final class CasesConformanceTest extends ConformanceTestCase\n{\n",
			func(i int) string {
				return fmt.Sprintf("    /**\n     * case %d\n     */\n    public function testCase%d(): void\n    {\n        $this->check();\n    }\n\n", i, i)
			},
			func(i int) string { return fmt.Sprintf("testCase%d", i) }, "}\n")
	}
	indextest.LocateLinear(t, "test index lines php", gen, declaredMethods, 100_000)
}
