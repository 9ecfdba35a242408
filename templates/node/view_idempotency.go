package node

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// The idempotency block's sub-blocks, named as in the manifest.
const (
	subDedupKey  = "dedup_key"
	subSequences = "sequences"
)

// idempotencyBody is the view of the "idempotency" block.
type idempotencyBody struct {
	DedupKey     *dedupKeyView
	SequencesDoc string // the sequences sub-block's description, as comment lines
	Sequences    []sequenceView
}

// dedupKeyView is idempotency.dedup_key: the fixture and the key it must get.
type dedupKeyView struct {
	testCase
	Fixture, Key string
}

// sequenceView is one idempotency sequence.
type sequenceView struct {
	testCase
	Deliveries []deliveryView
	Invoked    string // literal: per delivery, whether the handler must run
	Effects    string
}

// deliveryView is one delivery, every field a literal. A skipped delivery
// carries no outcome in the manifest; its handler would succeed if the
// helper wrongly ran it, so it is sent as "ok".
type deliveryView struct {
	MetaID, Outcome, ForgetBefore string
}

func buildIdempotency(s *model.Suite) (body, imports, error) {
	b := &idempotencyBody{}
	imp := imports{Assert: true, Support: []string{"whenProvided"}}
	if k := s.Idempotency.DedupKey; k != nil {
		b.DedupKey = &dedupKeyView{testCase: newCase(subDedupKey, manifestText(s, model.BlockIdempotency, subDedupKey, "description"), ""),
			Fixture: tsString(k.EnvelopeFile), Key: tsString(k.ExpectedKey)}
		imp.Support = append(imp.Support, "fixture")
	}
	for _, seq := range s.Idempotency.Sequences {
		b.Sequences = append(b.Sequences, buildSequence(seq))
	}
	if len(b.Sequences) > 0 {
		b.SequencesDoc = tsComment(manifestText(s, model.BlockIdempotency, subSequences, "description"), "")
		imp.Describe = true
		imp.Support = append(imp.Support, "assertJsonEqual")
	}
	return b, imp, nil
}

func buildSequence(seq model.IdempotencySequence) sequenceView {
	sv := sequenceView{testCase: newCase(seq.Name, seq.Description, nestedIndent), Effects: tsInt(seq.ExpectedEffects)}
	invoked := make([]model.Value, len(seq.Deliveries))
	for i, d := range seq.Deliveries {
		outcome := d.Outcome
		if outcome == "" {
			outcome = "ok"
		}
		sv.Deliveries = append(sv.Deliveries, deliveryView{MetaID: tsString(d.MetaID), Outcome: tsString(outcome), ForgetBefore: fmt.Sprint(d.ForgetBefore)})
		invoked[i] = model.BoolValue(d.ExpectEffect == "run")
	}
	sv.Invoked, _ = tsValue(model.ArrayValue(invoked...), nestedBodyIndent) // booleans always encode
	return sv
}

// empty reports whether the idempotency block has nothing to test.
func (b *idempotencyBody) empty() bool { return b.DedupKey == nil && len(b.Sequences) == 0 }
