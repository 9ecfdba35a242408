package validate

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

func bindingExpectations(s *model.Suite) []expectation {
	var out []expectation
	if s.SQS != nil {
		out = append(out, sqsExpectations(s, "attribute_projection", s.SQS.Projection)...)
		out = append(out, sqsExpectations(s, "attribute_projection"+model.ForeignLangSuffix, s.SQS.ForeignLang)...)
		out = append(out, reconcileExpectations(model.BlockSQS, protocol.SQSReconcile.Name, s.SQS.Reconciliation)...)
	}
	if s.ASB != nil {
		out = append(out, asbExpectations(s, projection, s.ASB.Projection)...)
		out = append(out, asbExpectations(s, foreignProjection, s.ASB.ForeignLang)...)
		out = append(out, reconcileExpectations(model.BlockASB, protocol.ASBReconcile.Name, s.ASB.Reconciliation)...)
	}
	if s.Pulsar != nil {
		out = append(out, stringMapExpectations(s, model.BlockPulsar, protocol.PulsarProperties, projection, s.Pulsar.Projection)...)
		out = append(out, stringMapExpectations(s, model.BlockPulsar, protocol.PulsarProperties, foreignProjection, s.Pulsar.ForeignLang)...)
		out = append(out, reconcileExpectations(model.BlockPulsar, protocol.PulsarReconcile.Name, s.Pulsar.Reconciliation)...)
	}
	if s.Kafka != nil {
		out = append(out, stringMapExpectations(s, model.BlockKafka, protocol.KafkaHeaders, projection, s.Kafka.Projection)...)
		out = append(out, stringMapExpectations(s, model.BlockKafka, protocol.KafkaHeaders, foreignProjection, s.Kafka.ForeignLang)...)
		out = append(out, reconcileExpectations(model.BlockKafka, protocol.KafkaReconcile.Name, s.Kafka.Reconciliation)...)
	}
	if s.Artemis != nil {
		out = append(out, artemisExpectations(s, projection, s.Artemis.Projection)...)
		out = append(out, artemisExpectations(s, foreignProjection, s.Artemis.ForeignLang)...)
		out = append(out, reconcileExpectations(model.BlockArtemis, protocol.ArtemisReconcile.Name, s.Artemis.Reconciliation)...)
	}
	out = append(out, gateExpectations(s)...)
	if s.RabbitMQ != nil {
		out = append(out, rabbitExpectations(s, projection, s.RabbitMQ.Projection)...)
		out = append(out, rabbitExpectations(s, foreignProjection, s.RabbitMQ.ForeignLang)...)
	}
	out = append(out, redisExpectations(s)...)
	return out
}

func reconcileExpectations(block, op string, rec *model.Reconciliation) []expectation {
	if rec == nil {
		return nil
	}
	var out []expectation
	for _, c := range rec.Cases {
		c := c
		out = append(out, expectation{block: block, name: c.Name, at: c.At, op: op,
			args: map[string]any{"body_attempts": c.BodyAttempts, rec.NativeKey: raw(c.Native)},
			judge: func(r model.Value) string {
				return mismatch("attempts", field(r, "attempts"), intValue(c.ExpectedAttempts))
			}})
	}
	return out
}

// The case names of the projections but SQS's, as model.CaseIDs names them.
const (
	projection        = "property_projection"
	foreignProjection = projection + model.ForeignLangSuffix
)

func sqsExpectations(s *model.Suite, name string, p *model.SQSProjection) []expectation {
	if p == nil {
		return nil
	}
	want := model.ObjectValue()
	for _, a := range p.Attributes {
		want.Members = append(want.Members, model.Member{Key: a.Name, Value: model.ObjectValue(
			model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
			model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})})
	}
	return []expectation{{block: model.BlockSQS, name: name, at: p.At, op: protocol.SQSAttributes.Name,
		args:  envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string { return mismatch("message_attributes", field(r, "attributes"), want) }}}
}

func asbExpectations(s *model.Suite, name string, p *model.ASBProjection) []expectation {
	if p == nil {
		return nil
	}
	return []expectation{{block: model.BlockASB, name: name, at: p.At, op: protocol.ASBMessage.Name,
		args: envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string {
			return firstProblem(
				mismatch("subject", field(r, "subject"), model.StringValue(p.Subject)),
				mismatch("correlation_id", field(r, "correlation_id"), model.StringValue(p.CorrelationID)),
				mismatch("message_id", field(r, "message_id"), model.StringValue(p.MessageID)),
				mismatch("content_type", field(r, "content_type"), model.StringValue(p.ContentType)),
				mismatch("application_properties", field(r, "application_properties"), p.ApplicationProperties))
		}}}
}

func stringMap(entries []model.StringEntry) model.Value {
	v := model.ObjectValue()
	for _, e := range entries {
		v.Members = append(v.Members, model.Member{Key: e.Name, Value: model.StringValue(e.Value)})
	}
	return v
}

func stringMapExpectations(s *model.Suite, block string, op protocol.Operation, name string, p *model.StringMapProjection) []expectation {
	if p == nil {
		return nil
	}
	want, key := stringMap(p.Entries), op.Result.Member
	return []expectation{{block: block, name: name, at: p.At, op: op.Name, args: envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string { return mismatch(key, field(r, key), want) }}}
}

func artemisExpectations(s *model.Suite, name string, p *model.ArtemisProjection) []expectation {
	if p == nil {
		return nil
	}
	return []expectation{{block: model.BlockArtemis, name: name, at: p.At, op: protocol.ArtemisMessage.Name,
		args: envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string {
			return firstProblem(
				mismatch(fmt.Sprintf("annotation %q", p.JMSTypeAnnotation), field(r, "annotations", p.JMSTypeAnnotation), model.StringValue(p.JMSType)),
				mismatch("correlation_id", field(r, "correlation_id"), model.StringValue(p.CorrelationID)),
				mismatch("properties", field(r, "properties"), stringMap(p.Properties)))
		}}}
}

func rabbitExpectations(s *model.Suite, name string, p *model.RabbitMQProjection) []expectation {
	if p == nil {
		return nil
	}
	return []expectation{{block: model.BlockRabbitMQ, name: name, at: p.At, op: protocol.RabbitMQPublishing.Name,
		args: envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string {
			for _, e := range p.Properties {
				if msg := mismatch("property "+e.Name, field(r, "properties", e.Name), model.StringValue(e.Value)); msg != "" {
					return msg
				}
			}
			return mismatch("headers", field(r, "headers"), p.Headers)
		}}}
}

func redisExpectations(s *model.Suite) []expectation {
	if s.Redis == nil {
		return nil
	}
	out := redisProduceExpectations(s.Redis.ProduceIdentity)
	if s.Redis.PayloadIdentity == nil {
		return out
	}
	p := s.Redis.PayloadIdentity
	want := string(s.Fixture(p.EnvelopeFile))
	return append(out, expectation{block: model.BlockRedis, name: "payload_identity", at: p.At, op: protocol.RedisRoundtrip.Name,
		args: envelopeArgs(s, p.EnvelopeFile),
		judge: func(r model.Value) string {
			if el := field(r, "element"); el.Kind != model.String || el.Text != want {
				return "the reserved element is not byte-identical to the produced envelope"
			}
			// A fresh queue holds the element after produce and gives it
			// up on reserve: a subject that never used the list fails here.
			return firstProblem(mismatch("queued_after_produce", field(r, "queued_after_produce"), intValue(1)),
				mismatch("queued_after_reserve", field(r, "queued_after_reserve"), intValue(0)))
		}})
}

// redisProduceExpectations asks the publisher to store a new message and
// checks the element is that envelope, as the codec writes it.
func redisProduceExpectations(p *model.ProduceIdentity) []expectation {
	if p == nil {
		return nil
	}
	return []expectation{{block: model.BlockRedis, name: "produce_identity", at: p.At, op: protocol.RedisProduce.Name,
		args: map[string]any{"urn": p.URN, "queue": p.Queue, "data": raw(p.Data), "trace_id": p.TraceID},
		judge: func(r model.Value) string {
			el := field(r, "element")
			doc, err := model.ParseDerived([]byte(el.Text))
			if el.Kind != model.String || err != nil || doc.Kind != model.Object {
				return "the stored element is not a JSON object"
			}
			if msg := firstProblem(mismatch("job", field(doc, "job"), model.StringValue(p.URN)),
				mismatch("trace_id", field(doc, "trace_id"), model.StringValue(p.TraceID)),
				mismatch("data", field(doc, "data"), p.Data),
				mismatch("meta.queue", field(doc, "meta", "queue"), model.StringValue(p.Queue))); msg != "" {
				return msg
			}
			if field(r, "reencoded").Text != el.Text {
				return "the stored element is not the bytes the codec writes for it"
			}
			return ""
		}}}
}

func idempotencyExpectations(s *model.Suite) []expectation {
	if s.Idempotency == nil {
		return nil
	}
	var out []expectation
	if d := s.Idempotency.DedupKey; d != nil {
		out = append(out, expectation{block: model.BlockIdempotency, name: "dedup_key", at: d.At, op: protocol.IdempotencyKey.Name,
			args: envelopeArgs(s, d.EnvelopeFile),
			judge: func(r model.Value) string {
				return mismatch("the dedupe key", field(r, "key"), model.StringValue(d.ExpectedKey))
			}})
	}
	for _, seq := range s.Idempotency.Sequences {
		seq := seq
		out = append(out, expectation{block: model.BlockIdempotency, name: seq.Name, at: seq.At, op: protocol.IdempotencyReplay.Name,
			args: map[string]any{"deliveries": replayDeliveries(seq)}, judge: func(r model.Value) string { return judgeReplay(seq, r) }})
		if seq.ChecksRaised() {
			out = append(out, expectation{block: model.BlockIdempotency, name: seq.Name, at: seq.At, op: protocol.IdempotencyRaised.Name,
				args: map[string]any{"deliveries": replayDeliveries(seq)}, judge: func(r model.Value) string { return judgeRaised(seq, r) }})
		}
	}
	return out
}

func replayDeliveries(seq model.IdempotencySequence) []map[string]any {
	var out []map[string]any
	for _, d := range seq.Deliveries {
		outcome := d.Outcome
		if outcome == "" {
			outcome = "ok" // a delivery expected to skip has no outcome; if run anyway it succeeds
		}
		out = append(out, map[string]any{"meta_id": d.MetaID, "outcome": outcome, "forget_before": d.ForgetBefore})
	}
	return out
}

func judgeReplay(seq model.IdempotencySequence, r model.Value) string {
	invoked := field(r, "invoked").Items
	if len(invoked) != len(seq.Deliveries) {
		return fmt.Sprintf("%d deliveries answered, %d sent", len(invoked), len(seq.Deliveries))
	}
	runs := int64(0)
	for i, d := range seq.Deliveries {
		if invoked[i].Bool {
			runs++
		}
		if invoked[i].Bool != (d.ExpectEffect == "run") {
			return fmt.Sprintf("delivery %d: the handler ran=%v, the manifest expects %q", i, invoked[i].Bool, d.ExpectEffect)
		}
	}
	if runs != seq.ExpectedEffects {
		return fmt.Sprintf("the handler ran %d times, the manifest expects %d effects", runs, seq.ExpectedEffects)
	}
	return ""
}

// judgeRaised checks, for each delivery that says, whether the handler's
// error came back to the caller.
func judgeRaised(seq model.IdempotencySequence, r model.Value) string {
	raised := field(r, "raised").Items
	if len(raised) != len(seq.Deliveries) {
		return fmt.Sprintf("%d deliveries answered, %d sent", len(raised), len(seq.Deliveries))
	}
	for i, d := range seq.Deliveries {
		if d.ExpectRaised != nil && raised[i].Bool != *d.ExpectRaised {
			return fmt.Sprintf("delivery %d: the error came back=%v, the manifest expects %v", i, raised[i].Bool, *d.ExpectRaised)
		}
	}
	return ""
}

func payloadExpectations(s *model.Suite) []expectation {
	var out []expectation
	for _, b := range []struct {
		name  string
		block *model.PayloadSchema
	}{{model.BlockPayloadSchema, s.PayloadSchema}, {model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode}} {
		if b.block == nil {
			continue
		}
		for _, c := range b.block.Cases {
			c := c
			out = append(out, expectation{block: b.name, name: c.Name, at: c.At, op: protocol.ValidatePayload.Name,
				args:  map[string]any{"schema": raw(b.block.Schema), "data": raw(c.Data)},
				judge: func(r model.Value) string { return mismatch("valid", field(r, "valid"), model.BoolValue(c.Valid)) }})
		}
	}
	return out
}
