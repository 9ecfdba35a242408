package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// Body templates of the idempotency and payload-schema blocks, each in its
// block's template (payload_schema_unicode shares payload_schema's).
var (
	bodyDedupKey = bodyName(model.BlockIdempotency, "dedup_key")
	bodySequence = bodyName(model.BlockIdempotency, "sequence")
	bodyPayload  = bodyName(model.BlockPayloadSchema, "verdict")
)

// Sub-blocks and outcomes as the manifest spells them.
const (
	subDedupKey   = "dedup_key"
	subSequences  = "sequences"
	outcomeOK     = "ok"
	outcomeThrows = "throw"
)

// dedupKeyBody asserts the key the idempotency helper's seen-set uses.
type dedupKeyBody struct {
	Fixture, Key csExpr
}

// sequenceBody replays deliveries through one wrapped handler.
type sequenceBody struct {
	Deliveries []deliveryView
	Invoked    []csExpr // per delivery: whether the handler must run
	Effects    csExpr   // how many times it must run in all
	// Raised is expect_raised per delivery (null where the manifest does
	// not say), a bool?[] initializer; "" when no delivery says.
	Raised csExpr
}

// deliveryView is one delivery: its meta.id, the handler's outcome if it
// runs, and whether the id is forgotten first.
type deliveryView struct {
	MetaID, Outcome, ForgetBefore csExpr
}

// payloadBody asserts the payload validator's verdict on one value.
type payloadBody struct {
	Schema, Data csExpr
	Valid        bool
}

func buildIdempotency(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	if d := s.Idempotency.DedupKey; d != nil {
		body := dedupKeyBody{Fixture: csString(d.EnvelopeFile), Key: csString(d.ExpectedKey)}
		specs = append(specs, testSpec{caseName: subDedupKey, display: displayName(model.BlockIdempotency, subDedupKey),
			template: bodyDedupKey, data: body})
	}
	for _, seq := range s.Idempotency.Sequences {
		body, err := sequence(seq)
		if err != nil {
			return testFile{}, fmt.Errorf("%s case %q: %w", subSequences, seq.Name, err)
		}
		specs = append(specs, testSpec{caseName: seq.Name, display: displayName(model.BlockIdempotency, subSequences, seq.Name),
			template: bodySequence, data: body})
	}
	return c.file(model.BlockIdempotency, specs), nil
}

func sequence(seq model.IdempotencySequence) (sequenceBody, error) {
	body := sequenceBody{Effects: csLong(seq.ExpectedEffects)}
	for _, d := range seq.Deliveries {
		outcome, err := outcomeOf(d)
		if err != nil {
			return sequenceBody{}, err
		}
		body.Deliveries = append(body.Deliveries, deliveryView{MetaID: csString(d.MetaID), ForgetBefore: csBool(d.ForgetBefore), Outcome: csString(outcome)})
		body.Invoked = append(body.Invoked, csBool(d.ExpectEffect == "run"))
	}
	if seq.ChecksRaised() {
		raised := make([]string, len(seq.Deliveries))
		for i, d := range seq.Deliveries {
			raised[i] = "null"
			if d.ExpectRaised != nil {
				raised[i] = string(csBool(*d.ExpectRaised))
			}
		}
		body.Raised = csExpr("new bool?[] { " + strings.Join(raised, ", ") + " }")
	}
	return body, nil
}

// outcomeOf checks a delivery's outcome. A delivery expected to be skipped
// carries none, which is "ok": should the handler run anyway, it succeeds, so
// the test fails on the invocation itself rather than on a thrown exception.
func outcomeOf(d model.Delivery) (string, error) {
	switch d.Outcome {
	case "ok", "":
		return outcomeOK, nil
	case "throw":
		return outcomeThrows, nil
	}
	return "", fmt.Errorf("unknown outcome %q", d.Outcome)
}

// buildPayloadSchema serves payload_schema and payload_schema_unicode, which
// share their shape and runner; block names which one it is.
func buildPayloadSchema(c *common, block string, b *model.PayloadSchema) (testFile, error) {
	schema, err := jsonObjectExpr(b.Schema)
	if err != nil {
		return testFile{}, fmt.Errorf("schema: %w", err)
	}
	specs := make([]testSpec, 0, len(b.Cases))
	for _, tc := range b.Cases {
		specs = append(specs, testSpec{caseName: tc.Name, display: displayName(block, tc.Name),
			template: bodyPayload, data: payloadBody{Schema: schema, Data: jsonExpr(tc.Data), Valid: tc.Valid}})
	}
	return c.file(block, specs), nil
}
