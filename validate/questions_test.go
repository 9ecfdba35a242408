package validate

import (
	"reflect"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
)

// TestQuestionsFindWhatAskingEveryQuestionFinds holds Questions to what
// it skips: for every fault of the oracle, on every suite here, the
// disagreements it finds, taking the correct oracle's answer wherever that
// answer never asked about the fault, are those found by asking the mutant
// every question. A fault that acted somewhere has was not asked would
// show here as a case the skipping lost.
func TestQuestionsFindWhatAskingEveryQuestionFinds(t *testing.T) {
	racetest.SkipRepetition(t, "TestEveryCaseIsKilledByAMutant puts questions to the oracle side by side the same way")
	t.Parallel()
	suites := map[string]func(testing.TB) *model.Suite{"canonical": suitetest.Canonical, "upstream": suitetest.Upstream, "upstream-next": suitetest.UpstreamNext}
	for name, load := range suites {
		s := load(t)
		q, err := QuestionsOf(s)
		if err != nil {
			t.Fatal(err)
		}
		skipped := 0
		correct, err := q.correctAnswers()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range oracle.Faults() {
			o, err := oracle.New(f.Name)
			if err != nil {
				t.Fatal(err)
			}
			got, err := q.Disagreements(o)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Disagreements(s, o)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, mutant %s: asking the questions its fault reaches found\n%v\nasking them all found\n%v", name, f.Name, got, want)
			}
			for _, c := range correct {
				if !c.consulted.Has(f.Name) {
					skipped++
				}
			}
		}
		if all := len(oracle.Faults()) * len(q.exps); skipped == 0 || skipped == all {
			t.Errorf("%s: %d of %d questions to mutants skipped: the test proves nothing", name, skipped, all)
		}
	}
}
