package verify

import (
	"github.com/babelqueue/bqgen/model"
)

// numbersAsDoubles are the languages whose generated tests hold a suite's
// inline JSON values as native doubles: JavaScript has one number type, so
// the payload 7.0 reaches the subject as 7 and no JavaScript validator can
// tell them apart. Their reference expectations are computed on the values
// as the tests send them.
func numbersAsDoubles(lang string) bool { return lang == "node" }

// MutantsFor is MutantsOf for one language: the suite as that language's
// tests deliver it.
func MutantsFor(lang string, s *model.Suite) ([]Mutant, error) {
	if numbersAsDoubles(lang) {
		s = integralNumbersAsIntegers(s)
	}
	return MutantsOf(s)
}

// integralNumbersAsIntegers is s with every integral number of the payload
// blocks' data written as an integer (7.0 as 7), as JSON.stringify writes
// a double that holds an integer below 10^21.
func integralNumbersAsIntegers(s *model.Suite) *model.Suite {
	out := *s
	out.PayloadSchema = payloadAsIntegers(s.PayloadSchema)
	out.PayloadSchemaUnicode = payloadAsIntegers(s.PayloadSchemaUnicode)
	return &out
}

func payloadAsIntegers(p *model.PayloadSchema) *model.PayloadSchema {
	if p == nil {
		return nil
	}
	out := *p
	out.Cases = make([]model.PayloadCase, len(p.Cases))
	for i, c := range p.Cases {
		c.Data = integerSpelling(c.Data)
		out.Cases[i] = c
	}
	return &out
}

// integerSpelling rewrites v's integral numbers as integers, recursively.
func integerSpelling(v model.Value) model.Value {
	switch v.Kind {
	case model.Number:
		if r := v.Rat(); !v.IsInteger() && r.IsInt() && r.Num().BitLen() < 70 {
			v.Text = r.Num().String()
		}
	case model.Array:
		items := make([]model.Value, len(v.Items))
		for i, item := range v.Items {
			items[i] = integerSpelling(item)
		}
		v.Items = items
	case model.Object:
		members := make([]model.Member, len(v.Members))
		for i, m := range v.Members {
			members[i] = model.Member{Key: m.Key, Value: integerSpelling(m.Value)}
		}
		v.Members = members
	}
	return v
}
