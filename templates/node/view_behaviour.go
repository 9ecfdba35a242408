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
	// Raised is the literal of expect_raised per delivery (null where the
	// manifest does not say); "" when no delivery says.
	Raised string
}

// deliveryView is one delivery, every field a literal. A skipped delivery
// carries no outcome in the manifest; its handler would succeed if the
// helper wrongly ran it, so it is sent as "ok".
type deliveryView struct {
	MetaID, Outcome, ForgetBefore string
}

func buildIdempotency(s *model.Suite, c *common) (testFile, error) {
	b := &idempotencyBody{}
	imp := imports{Assert: true, Support: []string{"whenProvided"}}
	if k := s.Idempotency.DedupKey; k != nil {
		b.DedupKey = &dedupKeyView{testCase: newCase(subDedupKey, manifestText(s, model.BlockIdempotency, subDedupKey, "description"), ""),
			Fixture: tsString(k.EnvelopeFile), Key: tsString(k.ExpectedKey)}
		imp.Support = append(imp.Support, "fixture")
	}
	for _, seq := range s.Idempotency.Sequences {
		b.Sequences = append(b.Sequences, buildSequence(seq))
		if seq.ChecksRaised() {
			imp.Support = unique(append(imp.Support, "assertErrorsRaised"))
		}
	}
	if len(b.Sequences) > 0 {
		b.SequencesDoc = tsComment(manifestText(s, model.BlockIdempotency, subSequences, "description"), "")
		imp.Support = append(imp.Support, "assertJsonEqual")
		imp.Types = []string{"Delivery"} // a sequence's deliveries, replayed and asked again
	}
	return c.file(s, model.BlockIdempotency, b, imp), nil
}

func buildSequence(seq model.IdempotencySequence) sequenceView {
	sv := sequenceView{testCase: nestedCase(subSequences, seq.Name, seq.Description), Effects: tsInt(seq.ExpectedEffects)}
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
	if seq.ChecksRaised() {
		raised := model.ArrayValue()
		for _, d := range seq.Deliveries {
			said := model.NullValue()
			if d.ExpectRaised != nil {
				said = model.BoolValue(*d.ExpectRaised)
			}
			raised.Items = append(raised.Items, said)
		}
		sv.Raised, _ = tsValue(raised, nestedBodyIndent) // booleans and nulls always encode
	}
	return sv
}

// payloadBody is the view of "payload_schema" and "payload_schema_unicode".
type payloadBody struct {
	Schema string
	Cases  []payloadCaseView
}

// payloadCaseView is one payload case: the data literal and the verdict.
type payloadCaseView struct {
	testCase
	Data  string
	Valid string
}

func buildPayloadSchema(s *model.Suite, c *common) (testFile, error) {
	return buildPayload(s, c, model.BlockPayloadSchema, s.PayloadSchema)
}

func buildPayloadSchemaUnicode(s *model.Suite, c *common) (testFile, error) {
	return buildPayload(s, c, model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode)
}

func buildPayload(s *model.Suite, c *common, block string, p *model.PayloadSchema) (testFile, error) {
	imp := imports{Assert: true, Support: []string{"whenProvided"}, Types: []string{"JsonObject"}}
	if p.Schema.Kind != model.Object {
		return testFile{}, fmt.Errorf("schema must be an object, got %s", p.Schema.Kind)
	}
	schema, err := tsValue(p.Schema, "")
	if err != nil {
		return testFile{}, fmt.Errorf("schema: %w", err)
	}
	body := &payloadBody{Schema: schema}
	for _, pc := range p.Cases {
		data, err := tsValue(pc.Data, bodyIndent)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: data: %w", pc.Name, err)
		}
		body.Cases = append(body.Cases, payloadCaseView{testCase: newCase(pc.Name, "", ""), Data: data, Valid: fmt.Sprint(pc.Valid)})
	}
	return c.file(s, block, body, imp), nil
}

// empty reports whether the idempotency block has nothing to test.
func (b *idempotencyBody) empty() bool { return b.DedupKey == nil && len(b.Sequences) == 0 }

// empty reports whether a payload block has no case.
func (b *payloadBody) empty() bool { return len(b.Cases) == 0 }

func (b *payloadBody) heads() []header { return headsOf(b.Cases) }

func (b *idempotencyBody) heads() []header {
	out := headsOf(b.Sequences)
	if b.DedupKey != nil {
		out = append([]header{b.DedupKey}, out...)
	}
	return out
}
