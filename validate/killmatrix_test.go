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

// TestHoleCasesEachKillTheirOwnMutant: every case the canonical suite gained
// to close a hole that mutating real SDKs found is the only case failing its
// mutant, so removing the case would let that bug through.
func TestHoleCasesEachKillTheirOwnMutant(t *testing.T) {
	t.Parallel()
	s := suitetest.Canonical(t)
	for mutant, only := range map[oracle.Fault]string{
		"trace-id-optional":                       "cases invalid-trace-id-missing",
		"trace-id-empty-accepted":                 "cases invalid-trace-id-empty",
		"trace-id-not-trimmed":                    "cases invalid-trace-id-blank",
		"attempts-fraction-accepted":              "cases invalid-attempts-fraction",
		"data-null-accepted":                      "cases invalid-data-null",
		"data-missing-accepted":                   "cases invalid-data-missing",
		"payload-minimum-exclusive":               "payload_schema valid-at-minimum",
		"sqs-reconcile-overwrites-late-retry":     "sqs later-retry-keeps-body",
		"asb-reconcile-overwrites-late-retry":     "asb later-retry-keeps-body",
		"pulsar-reconcile-overwrites-late-retry":  "pulsar later-retry-keeps-body",
		"artemis-reconcile-overwrites-late-retry": "artemis later-retry-keeps-body",
		"kafka-reconcile-max-late-header":         "kafka later-header-lower-than-body",
	} {
		o, err := oracle.New(mutant)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		for _, d := range ds {
			failed = append(failed, d.Block+" "+d.Case)
		}
		if len(failed) != 1 || failed[0] != only {
			t.Errorf("mutant %s fails %q, want only %q", mutant, failed, only)
		}
	}
}
