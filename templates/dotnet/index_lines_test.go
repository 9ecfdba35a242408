package dotnet

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
)

// Every case of the test index says where its test is: the line that
// declares its method, with hostile names too.
func TestIndexGivesEachTestsLine(t *testing.T) {
	tmpl, err := New().(Backend).lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	for _, ts := range loadSuites(t) {
		if ts.name != "canonical" && ts.name != "adversarial" {
			continue
		}
		t.Run(ts.name, func(t *testing.T) {
			b := Backend{tmpl: tmpl}
			v, err := buildView(ts.suite, backend.Options{Binding: backend.BindSDK}, b.transportPackage)
			if err != nil {
				t.Fatal(err)
			}
			method := map[string]string{} // case id → test method
			for _, f := range v.Files {
				for i, it := range f.index {
					method[it.Case.String()] = f.Tests[i].Name
				}
			}
			n := indextest.Located(t, generate(t, ts.suite, backend.BindSDK), func(e indextest.Entry) string {
				return "    public void " + method[e.Case] + "()"
			})
			t.Logf("%d tests located", n)
		})
	}
}
