package node

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// scaffoldPieces are the pieces an adversarial TypeScript scaffold is drawn
// from: member heads whose parameter lists never close (the shape that made
// the reader rescan the rest of the file for each one), typed parameters
// with arrows, unions and generics, brackets and long lines.
var scaffoldPieces = []string{
	"  send(a: number,\n",
	"  async receive(q: string, cb: (x: Msg) => void): Promise<void> {}\n",
	"  decode(v: JsonValue | null = null) {\n",
	"  m(\n", "  (\n", "  {\n", "  }\n", "  <\n", "  [\n",
	"  x(" + strings.Repeat("a: A, ", 20) + "\n",
	"  // (\n", "  '(\n",
}

// adversarialScaffold is about n pieces inside the scaffold's class.
func adversarialScaffold(n int) string {
	return "export class SdkSubject implements ConformanceSubject {\n" +
		complexitytest.Mix(0x5eed, n, scaffoldPieces...) + "}\n"
}

func TestComplexityScaffold(t *testing.T) {
	complexitytest.Skip(t)
	run := func(src string) { scaffoldMethods(src) }
	t.Run("mixed", func(t *testing.T) {
		complexitytest.Linear(t, "scaffold node (mixed)", 256, adversarialScaffold, run)
	})
	t.Run("unclosed heads", func(t *testing.T) {
		gen := func(n int) string {
			return "export class SdkSubject implements ConformanceSubject {\n" + strings.Repeat("  send(a: number,\n", n)
		}
		complexitytest.Linear(t, "scaffold node (unclosed heads)", 256, gen, run)
	})
	t.Run("limit", func(t *testing.T) {
		complexitytest.Within(t, "scaffold node", adversarialScaffold(scaffoldLimitPieces), run)
	})
}

// scaffoldLimitPieces is about 1 MiB of pieces (they average 30 bytes):
// twenty times the largest scaffold an SDK has.
const scaffoldLimitPieces = 1 << 20 / 30
