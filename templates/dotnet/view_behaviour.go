package dotnet

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// Body templates of the idempotency and payload-schema blocks.
const (
	bodyDedupKey  = "body.dedup_key"
	bodySequence  = "body.idempotency_sequence"
	bodyPayload   = "body.payload_verdict"
	subDedupKey   = "dedup_key"
	subSequences  = "sequences"
	outcomeOK     = "DeliveryOutcome.Ok"
	outcomeThrows = "DeliveryOutcome.Throw"
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
}

// deliveryView is one delivery: its meta.id, the handler's outcome if it
// runs, and whether the id is forgotten first.
type deliveryView struct {
	MetaID, ForgetBefore csExpr
	Outcome              string // a DeliveryOutcome member, a fixed C# name
}

// payloadBody asserts the payload validator's verdict on one value.
type payloadBody struct {
	Schema, Data csExpr
	Valid        bool
}

func buildIdempotency(s *model.Suite) ([]testSpec, error) {
	var specs []testSpec
	if d := s.Idempotency.DedupKey; d != nil {
		body := dedupKeyBody{Fixture: csString(d.EnvelopeFile), Key: csString(d.ExpectedKey)}
		specs = append(specs, testSpec{caseName: subDedupKey, display: displayName(model.BlockIdempotency, subDedupKey),
			template: bodyDedupKey, data: body})
	}
	for _, seq := range s.Idempotency.Sequences {
		body, err := sequence(seq)
		if err != nil {
			return nil, fmt.Errorf("%s case %q: %w", subSequences, seq.Name, err)
		}
		specs = append(specs, testSpec{caseName: seq.Name, display: displayName(model.BlockIdempotency, subSequences, seq.Name),
			template: bodySequence, data: body})
	}
	return specs, nil
}

func sequence(seq model.IdempotencySequence) (sequenceBody, error) {
	body := sequenceBody{Effects: csLong(seq.ExpectedEffects)}
	for _, d := range seq.Deliveries {
		outcome, err := outcomeOf(d)
		if err != nil {
			return sequenceBody{}, err
		}
		body.Deliveries = append(body.Deliveries, deliveryView{MetaID: csString(d.MetaID), ForgetBefore: csBool(d.ForgetBefore), Outcome: outcome})
		body.Invoked = append(body.Invoked, csBool(d.ExpectEffect == "run"))
	}
	return body, nil
}

// outcomeOf maps a delivery's outcome. A delivery expected to be skipped
// carries none; should the handler run anyway, it succeeds, so the test fails
// on the invocation itself rather than on a thrown exception.
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
func buildPayloadSchema(block string, b *model.PayloadSchema) ([]testSpec, error) {
	schema, err := jsonObjectExpr(b.Schema)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	specs := make([]testSpec, 0, len(b.Cases))
	for _, c := range b.Cases {
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(block, c.Name),
			template: bodyPayload, data: payloadBody{Schema: schema, Data: jsonExpr(c.Data), Valid: c.Valid}})
	}
	return specs, nil
}
