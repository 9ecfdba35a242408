package gobackend

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// The test index finds every subtest of a block in one parse of its file
// (testLines), each looked up in constant time (take).
func TestComplexityIndexLines(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) []byte {
		var b strings.Builder
		b.WriteString("package babelqueue_test\n\nfunc TestConformanceCases(t *testing.T) {\n")
		for i := range n {
			fmt.Fprintf(&b, "\t// t.Run(\"case %d\"\n\tt.Run(\"case %d\", func(t *testing.T) {\n\t\tcheck(t)\n\t})\n", i+1, i)
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	run := func(src []byte) {
		lines, err := testLines("cases_test.go", src)
		if err != nil {
			t.Fatal(err)
		}
		for i := range len(lines.runs["TestConformanceCases"]) {
			name := fmt.Sprintf("case %d", i)
			if lines.take(goTest{name: "TestConformanceCases/" + rewriteSubtestName(name), caseName: name}) == 0 {
				t.Fatalf("subtest %q is not found", name)
			}
		}
	}
	complexitytest.Linear(t, "test index lines go", 256, gen, run)
	complexitytest.Within(t, "test index lines go", gen(100_000), run)
}
