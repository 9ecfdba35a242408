package python

import (
	"fmt"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
)

// The test index finds every test of a block in one reading of its module:
// looking each method up from the top was quadratic in the block's tests.
func TestComplexityIndexLines(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) indextest.Declared {
		return indextest.DeclaredFile(n, "class CasesConformanceTest(support.ConformanceTestCase):\n",
			func(i int) string {
				return fmt.Sprintf("    def test_case_%d(self):\n        \"\"\"case %d\n\n        def test_case_%d(self):\n        \"\"\"\n        self.check()\n\n", i, i, i+1)
			},
			func(i int) string { return fmt.Sprintf("CasesConformanceTest.test_case_%d", i) }, "")
	}
	indextest.LocateLinear(t, "test index lines python", gen, declaredMethods, 100_000)
}
