package php

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/model"
)

// Every case of the test index says where its test is: the line of its
// method's "public function", with hostile names and descriptions too.
func TestIndexGivesEachTestsLine(t *testing.T) {
	for name, s := range map[string]*model.Suite{"canonical": canonicalSuite(t), "adversarial": adversarialSuite(t)} {
		t.Run(name, func(t *testing.T) {
			n := indextest.Located(t, generate(t, s, backend.Options{Binding: backend.BindSDK}), func(e indextest.Entry) string {
				return "    public function " + e.Names[0].Name + "(): void"
			})
			t.Logf("%d tests located", n)
		})
	}
}
