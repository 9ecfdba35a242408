package java

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// scaffoldPieces are the pieces an adversarial Java scaffold is drawn from:
// method heads that never close (the shape that made the reader rescan the
// rest of the file for each one), annotations whose arguments never close,
// literals and comments that never end, braces and long lines.
var scaffoldPieces = []string{
	"  public void f(int a,\n",
	"  @Override public long g(long a) { return a; }\n",
	"  @A( public String h(\n",
	"  @SuppressWarnings({\"x\"}) protected <T> java.util.List<T> k(T t) {}\n",
	"  /* ( { */\n",
	"  \"(\n",
	"  '\\''\n",
	"  {\n", "  }\n",
	"  Map<String, List<Integer>> m(",
	"  " + strings.Repeat("word ", 40) + "\n",
	"  new Foo(bar(", "  return x(",
}

// adversarialScaffold is about n pieces inside the scaffold's class.
func adversarialScaffold(n int) string {
	return "public class SdkConformanceSubject implements ConformanceSubject {\n" +
		complexitytest.Mix(0x5eed, n, scaffoldPieces...) + "}\n"
}

func TestComplexityScaffold(t *testing.T) {
	complexitytest.Skip(t)
	run := func(src string) { classMethods(src) }
	t.Run("mixed", func(t *testing.T) {
		complexitytest.Linear(t, "scaffold java (mixed)", 256, adversarialScaffold, run)
	})
	t.Run("unclosed heads", func(t *testing.T) {
		gen := func(n int) string {
			return "class SdkConformanceSubject {\n" + strings.Repeat("  public void f(int a,\n", n)
		}
		complexitytest.Linear(t, "scaffold java (unclosed heads)", 256, gen, run)
	})
	t.Run("unclosed annotations", func(t *testing.T) {
		gen := func(n int) string {
			return "class SdkConformanceSubject {\n" + strings.Repeat("@A( int f(\n", n)
		}
		complexitytest.Linear(t, "scaffold java (unclosed annotations)", 256, gen, run)
	})
	t.Run("limit", func(t *testing.T) {
		complexitytest.Within(t, "scaffold java", adversarialScaffold(scaffoldLimitPieces), run)
	})
}

// scaffoldLimitPieces is about 1 MiB of pieces (they average 33 bytes):
// twenty times the largest scaffold an SDK has.
const scaffoldLimitPieces = 1 << 20 / 33
