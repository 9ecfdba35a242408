package oracle

import (
	"bytes"
	"encoding/json"
	"maps"
)

// Consulted is the faults a run of the oracle asked about. Every place a
// fault acts asks has first, and the oracle holds no other state, so an
// oracle with fault f follows the correct oracle's steps, and answers as it
// does, until it asks about f: a mutant whose fault a correct run never
// asked about answers that run's requests byte for byte as the correct
// oracle did, and need not be asked them (mutant schemata with coverage,
// as mutation tools skip the tests that never reach a mutant).
// TestUnconsultedFaultsAnswerAlike holds the oracle to that.
type Consulted map[Fault]bool

// Has reports whether the run asked about f.
func (c Consulted) Has(f Fault) bool { return c[f] }

// consulting is a copy of o that adds each fault it asks about to c; it
// serves one goroutine.
func (o *Oracle) consulting(c Consulted) *Oracle {
	return &Oracle{fault: o.fault, alongside: o.alongside, replay: o.replay, consulted: c}
}

// CallConsulting is Call, with the faults the call asked about.
func (o *Oracle) CallConsulting(opName string, args json.RawMessage) (json.RawMessage, Consulted, error) {
	c := Consulted{}
	result, err := o.consulting(c).Call(opName, args)
	return result, c, err
}

// Reach is what the oracle with fault f does with c's requests: whether
// it answers them byte for byte as the correct oracle did (AnsweredAlike),
// and every fault that its answers and the correct oracle's asked about. An
// oracle with f and faults outside asked switched on (Together) answers c
// as the one with f alone does.
func (c Conversation) Reach(f Fault) (alike bool, asked Consulted, err error) {
	asked = Consulted{}
	correct := c.correct
	if c.consulted == nil || correct == nil {
		if correct, err = c.replay(None, asked); err != nil {
			return false, nil, err
		}
	} else {
		maps.Copy(asked, c.consulted)
	}
	if f == None || !asked.Has(f) {
		return true, asked, nil // f's oracle takes the correct one's steps
	}
	answers, err := c.replay(f, asked)
	if err != nil {
		return false, nil, err
	}
	return bytes.Equal(answers, correct), asked, nil
}
