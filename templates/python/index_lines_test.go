package python

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/model"
)

// Every case of the test index says where its test is: the line of its
// method's def, with hostile names and descriptions too.
func TestIndexGivesEachTestsLine(t *testing.T) {
	for name, s := range map[string]*model.Suite{"canonical": canonicalSuite(t), "adversarial": adversarialSuite(t)} {
		t.Run(name, func(t *testing.T) {
			n := indextest.Located(t, generate(t, s, backend.BindSDK), func(e indextest.Entry) string {
				return "    def " + e.Names[0].Name + "("
			})
			t.Logf("%d tests located", n)
		})
	}
}

// A def in a docstring or a method's body, or before any class, is not a
// method of the class.
func TestDeclaredMethodsAreTheClassMembers(t *testing.T) {
	src := "    def test_early(self):\n" +
		"class AConformanceTest(support.ConformanceTestCase):\n" +
		"    \"\"\"Doc.\"\"\"\n" +
		"    def test_a(self):\n" +
		"        \"\"\"a\n\n        def test_b(self):\n        \"\"\"\n" +
		"    def test_b(self):\n" +
		"class B:\n" +
		"    def test_a(self):\n"
	got := declaredMethods([]byte(src))
	want := map[string]int{"AConformanceTest.test_a": 4, "AConformanceTest.test_b": 9, "B.test_a": 11}
	for k, line := range want {
		if got[k] != line {
			t.Errorf("%s: line %d, want %d", k, got[k], line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("declared %v, want %v", got, want)
	}
}
