package model

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// An unnamed gate case is named from its value: one long run of letters
// (a string value of up to MaxStringBytes) costs its length, not its
// square.
func TestComplexityGateCaseName(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) GateCase {
		return GateCase{Expect: "reject", Value: StringValue(strings.Repeat("a", n) + "\u00a0" + strings.Repeat("b", n))}
	}
	complexitytest.LinearUpTo(t, "gate case name (one long word)", 1024, 1<<17, gen, func(c GateCase) {
		if name := gateCaseName(c, map[string]int{}); len(name) < 2*len(c.Value.Text)/3 {
			t.Fatalf("name %.40q… of %d bytes", name, len(name))
		}
	})
}
