package verify

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/validate"
)

// MutantsOf lists every fault of the oracle with the number of cases of s
// that the language-neutral reference expectations fail against it, which is
// how many generated tests must fail against that mutant in every language.
// The suite's questions are put to the correct oracle once, and to each
// fault only those whose correct answer asked about it (validate.Questions):
// the others it answers alike. The faults go side by side, one per CPU.
func MutantsOf(s *model.Suite) ([]Mutant, error) { return mutantsAsked(s, "") }

// mutantsAsked is MutantsOf with the questions as the generated tests of
// the language tagged lang ask them ("": the language-neutral reference).
func mutantsAsked(s *model.Suite, lang string) ([]Mutant, error) {
	faults := oracle.Faults()
	out := make([]Mutant, len(faults))
	questions, err := validate.QuestionsFor(s, lang)
	if err != nil {
		return nil, err
	}
	err = parallel.Each(len(faults), func(i int) error {
		f := faults[i]
		o, err := oracle.New(f.Name)
		if err != nil {
			return err
		}
		ds, err := questions.Disagreements(o)
		if err != nil {
			return fmt.Errorf("reference run against mutant %s: %w", f.Name, err)
		}
		out[i] = Mutant{Name: string(f.Name), Block: f.Block, Sub: f.Sub, Description: f.Description,
			ExpectedFailures: validate.FailingCases(ds), Kills: validate.FailingCaseKeys(ds), Needs: f.Needs}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CaseKeys names every case of s that a generated test runs.
func CaseKeys(s *model.Suite) []string { return validate.CaseKeys(s) }

// Unkilled are the cases of s no mutant in ms fails: a case no realistic
// bug breaks proves nothing, so a suite should have none.
func Unkilled(s *model.Suite, ms []Mutant) []string {
	killed := map[string]bool{}
	for _, m := range ms {
		for _, k := range m.Kills {
			killed[k] = true
		}
	}
	var out []string
	for _, k := range validate.CaseKeys(s) {
		if !killed[k] {
			out = append(out, k)
		}
	}
	return out
}

// Mutants are one suite's mutants, computed once per view of its numbers
// (MutantsFor) and shared by every language of a verification: the
// reference run against each of the oracle's faults costs seconds, and
// every language whose numbers hold the suite's spelling has the same.
type Mutants struct {
	Suite *model.Suite
	views map[mutantView][]Mutant
}

// mutantView is what a language's reference depends on: whether integral
// floats read as integers in it, and the tag its SDK stamps ("" for the
// language-neutral reference).
type mutantView struct {
	integersOnly bool
	lang         string
}

// NewMutants is the mutants of s, none computed yet.
func NewMutants(s *model.Suite) *Mutants { return &Mutants{Suite: s, views: map[mutantView][]Mutant{}} }

// For is MutantsFor(b, m.Suite), computed the first time b's view is asked.
func (m *Mutants) For(b backend.Backend) ([]Mutant, error) {
	return m.view(mutantView{lacksIntegralFloats(b), b.Lang()})
}

// Neutral is MutantsOf(m.Suite): the language-neutral reference's.
func (m *Mutants) Neutral() ([]Mutant, error) { return m.view(mutantView{}) }

func (m *Mutants) view(v mutantView) ([]Mutant, error) {
	if ms, ok := m.views[v]; ok {
		return ms, nil
	}
	s := m.Suite
	if v.integersOnly {
		s = integralNumbersAsIntegers(s)
	}
	ms, err := mutantsAsked(s, v.lang)
	if err != nil {
		return nil, err
	}
	m.views[v] = ms
	return ms, nil
}
