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
			ExpectedFailures: validate.FailingCases(ds)})
	}
	return out, nil
}
