package verify

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/validate"
)

// MutantsOf lists every fault of the oracle with the number of cases of s
// that the language-neutral reference expectations fail against it, which is
// how many generated tests must fail against that mutant in every language.
func MutantsOf(s *model.Suite) ([]Mutant, error) {
	var out []Mutant
	for _, f := range oracle.Faults() {
		o, err := oracle.New(f.Name)
		if err != nil {
			return nil, err
		}
		ds, err := validate.Disagreements(s, o)
		if err != nil {
			return nil, fmt.Errorf("reference run against mutant %s: %w", f.Name, err)
		}
		out = append(out, Mutant{Name: string(f.Name), Block: f.Block, Sub: f.Sub, Description: f.Description,
			ExpectedFailures: validate.FailingCases(ds), Kills: validate.FailingCaseKeys(ds), Needs: f.Needs})
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
