package php

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// scaffoldPieces are the pieces an adversarial PHP scaffold is drawn from:
// function heads whose parameter lists never close, or that no body or
// semicolon follows (the shapes that made the reader rescan the rest of
// the file for each one), literals and comments that never end, brackets
// and long lines.
var scaffoldPieces = []string{
	"    public function send(int $a,\n",
	"    public function receive(string $q = 'x,('): ?array {}\n",
	"    function &ref(array $a = [1, 2]) : int ;\n",
	"    public function f(): \n",
	"    /* ( */\n", "    // (\n", "    # (\n", "    '(\n", "    \"(\n",
	"    {\n", "    }\n", "    [\n", "    (\n",
	"    public function g(" + strings.Repeat("$a, ", 20) + "\n",
}

// adversarialScaffold is about n pieces inside the scaffold's class.
func adversarialScaffold(n int) string {
	return "<?php\nclass SdkSubject extends SubjectDefaults\n{\n" +
		complexitytest.Mix(0x5eed, n, scaffoldPieces...) + "}\n"
}

func TestComplexityScaffold(t *testing.T) {
	complexitytest.Skip(t)
	run := func(src string) {
		scaffoldMethods(src)
		extendsDefaults.MatchString(src)
	}
	t.Run("mixed", func(t *testing.T) {
		complexitytest.Linear(t, "scaffold php (mixed)", 256, adversarialScaffold, run)
	})
	t.Run("unclosed heads", func(t *testing.T) {
		gen := func(n int) string { return "<?php\n" + strings.Repeat("    public function send(int $a,\n", n) }
		complexitytest.Linear(t, "scaffold php (unclosed heads)", 256, gen, run)
	})
	t.Run("heads without a body", func(t *testing.T) {
		gen := func(n int) string { return "<?php\n" + strings.Repeat("    public function f(): \n", n) }
		complexitytest.Linear(t, "scaffold php (heads without a body)", 256, gen, run)
	})
	t.Run("limit", func(t *testing.T) {
		complexitytest.Within(t, "scaffold php", adversarialScaffold(scaffoldLimitPieces), run)
	})
}

// scaffoldLimitPieces is about 1 MiB of pieces (they average 35 bytes):
// twenty times the largest scaffold an SDK has.
const scaffoldLimitPieces = 1 << 20 / 35
