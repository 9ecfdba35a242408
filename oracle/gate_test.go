package oracle

import (
	"encoding/json"
	"testing"
)

// The gate follows the rule as the specification words it: blank (empty or
// only ASCII whitespace) falls through, otherwise exactly "1"; never trimmed;
// Unicode whitespace and a byte order mark are not blank.
func TestStringGateFollowsTheRule(t *testing.T) {
	t.Parallel()
	o := correct(t)
	for value, want := range map[string]string{
		"": gateDecode, " ": gateDecode, "\t\n\v\f\r ": gateDecode, "1": gateDecode,
		"2": gateReject, "01": gateReject, "1.0": gateReject, " 1": gateReject, "1\n": gateReject,
		"\u00A0": gateReject, "\u0085": gateReject, "\u2028": gateReject, "\u3000": gateReject,
		"\uFEFF": gateReject, "\uFEFF1": gateReject, "one": gateReject, "\x00": gateReject,
	} {
		for name, gate := range map[string]func(*Oracle, GateArgs) (GateResult, error){
			"sqs": (*Oracle).SQSSchemaVersionGate, "pulsar": (*Oracle).PulsarSchemaVersionGate,
			"kafka": (*Oracle).KafkaSchemaVersionGate, "artemis": (*Oracle).ArtemisSchemaVersionGate,
		} {
			r, err := gate(o, GateArgs{Envelope: envelopeJSON, Property: strPtr(value)})
			if err != nil || r.Outcome != want {
				t.Errorf("%s gate on %q: %q %v, want %q", name, value, r.Outcome, err, want)
			}
		}
		r, err := o.ASBSchemaVersionGate(ASBGateArgs{Envelope: envelopeJSON, Property: mustJSON(t, value)})
		if err != nil || r.Outcome != want {
			t.Errorf("asb gate on string %q: %q %v, want %q", value, r.Outcome, err, want)
		}
	}
}

// An absent property decodes; a message the gate lets through still has to
// decode.
func TestGateAbsentAndUndecodable(t *testing.T) {
	t.Parallel()
	o := correct(t)
	if r, _ := o.SQSSchemaVersionGate(GateArgs{Envelope: envelopeJSON}); r.Outcome != gateDecode {
		t.Errorf("absent: %q, want decode", r.Outcome)
	}
	if r, _ := o.KafkaSchemaVersionGate(GateArgs{Envelope: `{"job": 1}`, Property: strPtr("1")}); r.Outcome != gateReject {
		t.Errorf("undecodable body: %q, want reject", r.Outcome)
	}
	if r, _ := o.ASBSchemaVersionGate(ASBGateArgs{Envelope: envelopeJSON, Property: json.RawMessage("null")}); r.Outcome != gateDecode {
		t.Errorf("asb absent: %q, want decode", r.Outcome)
	}
}

// Service Bus numbers: an integral 1 decodes at either integral width; every
// other number, and any double, rejects; a number needs its AMQP type.
func TestASBGateNumbers(t *testing.T) {
	t.Parallel()
	o := correct(t)
	for _, c := range []struct{ number, amqpType, want string }{
		{"1", "int", gateDecode}, {"1", "long", gateDecode}, {"2", "int", gateReject}, {"2", "long", gateReject},
		{"0", "int", gateReject}, {"-1", "long", gateReject}, {"1.5", "double", gateReject}, {"1", "double", gateReject},
	} {
		amqpType := c.amqpType
		r, err := o.ASBSchemaVersionGate(ASBGateArgs{Envelope: envelopeJSON, Property: json.RawMessage(c.number), AMQPType: &amqpType})
		if err != nil || r.Outcome != c.want {
			t.Errorf("%s as %s: %q %v, want %q", c.number, c.amqpType, r.Outcome, err, c.want)
		}
	}
	if _, err := o.ASBSchemaVersionGate(ASBGateArgs{Envelope: envelopeJSON, Property: json.RawMessage("1")}); err == nil {
		t.Error("a number without an AMQP type was answered")
	}
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func strPtr(s string) *string { return &s }
