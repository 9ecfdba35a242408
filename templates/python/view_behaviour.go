package python

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// The consumer-behaviour blocks: idempotency and the payload schema blocks.

// idempotencyBody is the view of the "idempotency" block.
type idempotencyBody struct {
	DedupKey  *dedupKeyTest
	Sequences []*sequenceTest
}

// dedupKeyTest asks for the key the helper's seen-set uses for a fixture.
type dedupKeyTest struct {
	testHead
	Fixture, Key string
}

// sequenceTest replays deliveries through one wrapped handler.
type sequenceTest struct {
	testHead
	Deliveries string // the list of {meta_id, outcome, forget_before}
	Invoked    string // the list of bools: expect_effect == "run", per delivery
	Effects    string // expected_effects
	// Raised is the list of expect_raised per delivery (None where the
	// manifest does not say); "" when no delivery says.
	Raised string
}

func (b *idempotencyBody) heads() []*testHead {
	var out []*testHead
	if b.DedupKey != nil {
		out = append(out, &b.DedupKey.testHead)
	}
	return append(out, headsOf(b.Sequences, func(t *sequenceTest) *testHead { return &t.testHead })...)
}

func buildIdempotency(s *model.Suite, c *common) (testFile, error) {
	b := &idempotencyBody{}
	if d := s.Idempotency.DedupKey; d != nil {
		b.DedupKey = &dedupKeyTest{testHead: newSubBlockHead(model.BlockIdempotency, "dedup_key"), Fixture: fixtureLit(d.EnvelopeFile), Key: pyString(d.ExpectedKey)}
	}
	for _, seq := range s.Idempotency.Sequences {
		t, err := buildSequence(seq)
		if err != nil {
			return testFile{}, fmt.Errorf("sequence %q: %w", seq.Name, err)
		}
		b.Sequences = append(b.Sequences, t)
	}
	return c.testFile(model.BlockIdempotency, b)
}

// buildSequence turns a sequence into the subject's deliveries and the
// per-delivery expectation. A delivery that must be skipped has no outcome in
// the manifest; it is sent as "ok", the outcome that changes nothing.
func buildSequence(seq model.IdempotencySequence) (*sequenceTest, error) {
	deliveries, invoked := model.ArrayValue(), model.ArrayValue()
	for _, d := range seq.Deliveries {
		outcome := d.Outcome
		if outcome == "" {
			outcome = "ok"
		}
		deliveries.Items = append(deliveries.Items, model.ObjectValue(
			model.Member{Key: "meta_id", Value: model.StringValue(d.MetaID)},
			model.Member{Key: "outcome", Value: model.StringValue(outcome)},
			model.Member{Key: "forget_before", Value: model.BoolValue(d.ForgetBefore)}))
		invoked.Items = append(invoked.Items, model.BoolValue(d.ExpectEffect == "run"))
	}
	deliveriesLit, err := pyBlock(deliveries)
	if err != nil {
		return nil, err
	}
	invokedLit, err := pyValue(invoked)
	if err != nil {
		return nil, err
	}
	t := &sequenceTest{testHead: newHead(seq.Name, seq.Description), Deliveries: deliveriesLit,
		Invoked: invokedLit, Effects: pyInt(seq.ExpectedEffects)}
	if seq.ChecksRaised() {
		raised := make([]string, len(seq.Deliveries))
		for i, d := range seq.Deliveries {
			raised[i] = "None"
			if d.ExpectRaised != nil {
				raised[i] = pyBool(*d.ExpectRaised)
			}
		}
		t.Raised = "[" + strings.Join(raised, ", ") + "]"
	}
	return t, nil
}

// payloadSchemaBody is the view of "payload_schema" and
// "payload_schema_unicode": one schema, one verdict per data value.
type payloadSchemaBody struct {
	Schema string // module-level constant: the schema every case validates against
	Tests  []*payloadTest
}

type payloadTest struct {
	testHead
	Data, Valid string
}

func (b *payloadSchemaBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *payloadTest) *testHead { return &t.testHead })
}

func buildPayloadSchema(s *model.Suite, c *common) (testFile, error) {
	return buildPayload(c, model.BlockPayloadSchema, s.PayloadSchema)
}

func buildPayloadSchemaUnicode(s *model.Suite, c *common) (testFile, error) {
	return buildPayload(c, model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode)
}

func buildPayload(c *common, block string, p *model.PayloadSchema) (testFile, error) {
	schema, err := pyBlock(p.Schema)
	if err != nil {
		return testFile{}, fmt.Errorf("schema: %w", err)
	}
	b := &payloadSchemaBody{Schema: schema}
	for _, tc := range p.Cases {
		data, err := pyBlock(tc.Data)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", tc.Name, err)
		}
		b.Tests = append(b.Tests, &payloadTest{testHead: newHead(tc.Name, ""), Data: data, Valid: pyBool(tc.Valid)})
	}
	return c.testFile(block, b)
}
