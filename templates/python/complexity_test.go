package python

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// scaffoldPieces are the pieces an adversarial Python scaffold's class is
// drawn from: defs whose parameter lists never close (the shape that made
// the reader rescan the rest of the file for each one), nested brackets,
// literals that never end, comments, blank and long lines.
var scaffoldPieces = []string{
	"    def send(self, a,\n",
	"    async def receive(self, q: str = '(', *, cb=None) -> None:\n        pass\n",
	"    def decode(self, v: dict[str, list[int]] = {}, /, *args, **kw):\n",
	"    # def f(\n", "    '(\n", "    \"(\n", "    (\n", "    [\n", "\n",
	"    def g(self, " + strings.Repeat("a, ", 30) + "\n",
	"        x = (1,\n",
}

// adversarialScaffold is about n pieces inside the class subject() returns.
func adversarialScaffold(n int) string {
	return "def subject():\n    return SdkSubject()\n\nclass SdkSubject(Subject):\n" +
		complexitytest.Mix(0x5eed, n, scaffoldPieces...) + "\nx = 1\n"
}

func TestComplexityScaffold(t *testing.T) {
	complexitytest.Skip(t)
	run := func(text string) {
		class, _ := subjectClass(text)
		classMethods(text, class)
		unimported(text, []string{"Record", "Other"})
	}
	t.Run("mixed", func(t *testing.T) {
		complexitytest.Linear(t, "scaffold python (mixed)", 256, adversarialScaffold, run)
	})
	t.Run("unclosed defs", func(t *testing.T) {
		gen := func(n int) string {
			return "def subject():\n    return SdkSubject()\nclass SdkSubject:\n" + strings.Repeat("    def send(self, a,\n", n)
		}
		complexitytest.Linear(t, "scaffold python (unclosed defs)", 256, gen, run)
	})
	t.Run("limit", func(t *testing.T) {
		complexitytest.Within(t, "scaffold python", adversarialScaffold(scaffoldLimitPieces), run)
	})
}

// scaffoldLimitPieces is about 1 MiB of pieces (they average 40 bytes):
// twenty times the largest scaffold an SDK has.
const scaffoldLimitPieces = 1 << 20 / 40
