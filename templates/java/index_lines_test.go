package java

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/model"
)

// Every case of the test index says where its test is: the line of its
// method's "void <name>(" after its @Test, with hostile names too.
func TestIndexGivesEachTestsLine(t *testing.T) {
	for name, s := range map[string]*model.Suite{"canonical": canonical(t), "adversarial": adversarialSuite(t)} {
		t.Run(name, func(t *testing.T) {
			files := generate(t, s, backend.Options{Binding: backend.BindSDK})
			n := indextest.Located(t, files, func(e indextest.Entry) string {
				for _, n := range e.Names {
					if method, ok := strings.CutSuffix(n.Name, "()"); ok {
						return "    void " + method + "() {"
					}
				}
				return "no method name in " + e.Case
			})
			t.Logf("%d tests located", n)
		})
	}
}

// A "void" member that no @Test annotates is not a test.
func TestDeclaredTestsFollowTheirTest(t *testing.T) {
	src := "class C {\n    void helper() {\n    }\n\n    @Test\n    @DisplayName(\"a\")\n    void a() {\n        void b() {\n    }\n    void c() {\n}\n"
	got := declaredTests([]byte(src))
	if len(got) != 1 || got["a"] != 7 {
		t.Errorf("declared %v, want a at line 7 alone", got)
	}
}
