package dotnet

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// scaffoldPieces are the pieces an adversarial C# scaffold is drawn from:
// method heads whose parameter lists never close (the shape that made the
// reader rescan the rest of the file for each one), explicit
// implementations, attributes, literals and comments that never end,
// brackets and long lines.
var scaffoldPieces = []string{
	"    public long F(long a,\n",
	"    public string G(string s) => s;\n",
	"    bool IConformanceSubject.H(int a, [Attr] string b) => true;\n",
	"    public static void S(\n",
	"    public Dictionary<string, List<int>> M(Dictionary<string, List<int>> d\n",
	"    /* ( */\n", "    // (\n", "    \"(\n", "    [Attr(\n",
	"    {\n", "    }\n", "    <\n", "    (\n",
	"    public " + strings.Repeat("word ", 40) + "\n",
}

// adversarialScaffold is about n pieces inside the scaffold's class.
func adversarialScaffold(n int) string {
	return "public sealed class SdkConformanceSubject : IConformanceSubject\n{\n" +
		complexitytest.Mix(0x5eed, n, scaffoldPieces...) + "}\n"
}

func TestComplexityScaffold(t *testing.T) {
	complexitytest.Skip(t)
	run := func(src string) { scaffoldMethods(src) }
	t.Run("mixed", func(t *testing.T) {
		complexitytest.Linear(t, "scaffold c# (mixed)", 256, adversarialScaffold, run)
	})
	t.Run("unclosed heads", func(t *testing.T) {
		gen := func(n int) string { return strings.Repeat("    public long F(long a,\n", n) }
		complexitytest.Linear(t, "scaffold c# (unclosed heads)", 256, gen, run)
	})
	t.Run("limit", func(t *testing.T) {
		complexitytest.Within(t, "scaffold c#", adversarialScaffold(scaffoldLimitPieces), run)
	})
}

// scaffoldLimitPieces is about 1 MiB of pieces (they average 40 bytes):
// twenty times the largest scaffold an SDK has.
const scaffoldLimitPieces = 1 << 20 / 40
