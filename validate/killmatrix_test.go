package validate

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
)

// everyCase lists every case the generated tests cover, as the correct
// oracle answers them (all agree, so each expectation is one entry).
func everyCase(s *model.Suite) map[string]bool {
	out := map[string]bool{}
	for _, e := range expectations(s) {
		out[e.caseKey()] = true
	}
	return out
}

// TestEveryCaseIsKilledByAMutant is the standard that every generated test
// must be seen to fail against some mutant: each case of both suites is
// failed by at least one fault of the oracle.
func TestEveryCaseIsKilledByAMutant(t *testing.T) {
	t.Parallel()
	suites := map[string]func(testing.TB) *model.Suite{"canonical": suitetest.Canonical, "upstream": suitetest.Upstream}
	for name, load := range suites {
		name, load := name, load
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := load(t)
			unkilled := everyCase(s)
			for _, f := range oracle.Faults() {
				o, err := oracle.New(f.Name)
				if err != nil {
					t.Fatal(err)
				}
				ds, err := Disagreements(s, o)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range ds {
					delete(unkilled, d.caseKey())
				}
			}
			for k := range unkilled {
				t.Errorf("no mutant fails case %s", k)
			}
		})
	}
}
