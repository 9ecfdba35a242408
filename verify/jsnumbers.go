package verify

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// MutantsFor is MutantsOf for b's language: the suite as its tests deliver
// it, asked with the tag its SDK stamps (a mutant that stamps the SDK's own
// tag in place of an envelope's fails where the two differ). A language whose numbers keep no integral-float spelling (JavaScript
// has one number type: the payload 7.0 reaches the subject as 7) gets its
// reference expectations computed on the values as its tests send them.
func MutantsFor(b backend.Backend, s *model.Suite) ([]Mutant, error) {
	return NewMutants(s).For(b)
}

// lacksIntegralFloats reports whether b's language reads 7.0 as 7.
func lacksIntegralFloats(b backend.Backend) bool {
	return backend.Lacks(b)[protocol.IntegralFloatSpelling] != ""
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
