package node

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/model"
)

// Every case of the test index says where its test is: the line of the
// test( call that names it, in its describe, with hostile names too.
func TestIndexGivesEachTestsLine(t *testing.T) {
	for name, s := range map[string]*model.Suite{"canonical": canonical(t), "gate": gateSuite(t)} {
		t.Run(name, func(t *testing.T) {
			opt := backend.Options{Binding: backend.BindSDK}
			v, err := buildView(s, opt)
			if err != nil {
				t.Fatal(err)
			}
			literal := map[string]string{} // case id → the test's name literal
			for _, f := range v.Tests {
				for _, h := range f.Body.heads() {
					literal[model.CaseID{Block: f.block, Name: h.head().key}.String()] = h.head().Name
				}
			}
			n := indextest.Located(t, generate(t, s, opt.Binding), func(e indextest.Entry) string {
				return describeIndent + "test(" + literal[e.Case] + ", "
			})
			t.Logf("%d tests located", n)
		})
	}
}

// Two tests of one name in different describes of a file are each found in
// their own, and a test the file does not declare is not found.
func TestDeclaredTestsKeepDescribesApart(t *testing.T) {
	src := "describe(\"conformance sqs\", () => {\n" +
		"  test(\"a \\\" b\", (t) => whenProvided(t, async () => {\n" +
		"  }));\n" +
		"  // test(\"c\", (t) =>\n" +
		"  describe(\"sqs gate\", () => {\n" +
		"    test(\"a \\\" b\", (t) => whenProvided(t, async () => {\n" +
		"    }));\n" +
		"  });\n" +
		"  describe(\"sqs other\", () => {\n" +
		"    test(\"a \\\" b\", (t) => whenProvided(t, async () => {\n" +
		"  });\n" +
		"});\n"
	got := declaredTests([]byte(src))
	want := map[string]int{
		testKey("", `"a \" b"`):            2,
		testKey(`"sqs gate"`, `"a \" b"`):  6,
		testKey(`"sqs other"`, `"a \" b"`): 10,
	}
	for k, line := range want {
		if got[k] != line {
			t.Errorf("%q: line %d, want %d", k, got[k], line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("declared %v, want %v", got, want)
	}
}
