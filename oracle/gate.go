package oracle

import (
	"encoding/json"
	"strings"
	"unicode"
)

// The schema-version gate (broker-bindings §3.7–§7.7): a consumer reads the
// native schema-version property before decoding. A blank value (empty, or
// only the ASCII whitespace space, \t, \n, \v, \f, \r) falls through to
// decode; any other value decodes only if it is exactly "1" and rejects
// without decoding otherwise. Nothing is trimmed; non-ASCII whitespace and a
// byte order mark are not blank. Azure Service Bus properties are AMQP-typed:
// an integral 1 of any integral width decodes, every other number rejects.

// GateArgs is the argument of a string-property gate; a nil Property is an
// absent property.
type GateArgs struct {
	Envelope string  `json:"envelope"`
	Property *string `json:"property"`
}

// ASBGateArgs is the argument of asb_schema_version_gate: Property is a
// JSON string or number, or null for absent; AMQPType is "int", "long" or
// "double" for a number.
type ASBGateArgs struct {
	Envelope string          `json:"envelope"`
	Property json.RawMessage `json:"property"`
	AMQPType *string         `json:"amqp_type"`
}

// GateResult is a gate's outcome: "decode" when the message went through
// the gate and decoded, "reject" when it did not.
type GateResult struct {
	Outcome string `json:"outcome"`
}

// The outcomes of a gate.
const (
	gateDecode = "decode"
	gateReject = "reject"
)

// SQSSchemaVersionGate runs the SQS consumer's gate on the bq-schema-version attribute.
func (o *Oracle) SQSSchemaVersionGate(a GateArgs) (GateResult, error) { return o.stringGate(a), nil }

// PulsarSchemaVersionGate runs the Pulsar consumer's gate on the bq-schema-version property.
func (o *Oracle) PulsarSchemaVersionGate(a GateArgs) (GateResult, error) { return o.stringGate(a), nil }

// KafkaSchemaVersionGate runs the Kafka consumer's gate on the bq-schema-version header.
func (o *Oracle) KafkaSchemaVersionGate(a GateArgs) (GateResult, error) { return o.stringGate(a), nil }

// ArtemisSchemaVersionGate runs the Artemis consumer's gate on the bq_schema_version property.
func (o *Oracle) ArtemisSchemaVersionGate(a GateArgs) (GateResult, error) {
	return o.stringGate(a), nil
}

// ASBSchemaVersionGate runs the Service Bus consumer's gate on the
// bq-schema-version application property, a string or an AMQP number.
func (o *Oracle) ASBSchemaVersionGate(a ASBGateArgs) (GateResult, error) {
	var text string
	switch {
	case len(a.Property) == 0 || string(a.Property) == "null":
		return o.stringGate(GateArgs{Envelope: a.Envelope}), nil
	case json.Unmarshal(a.Property, &text) == nil:
		if a.AMQPType != nil {
			return GateResult{}, badArg("amqp_type", "is for a number; the property is a string")
		}
		return o.stringGate(GateArgs{Envelope: a.Envelope, Property: &text}), nil
	}
	var n json.Number
	if json.Unmarshal(a.Property, &n) != nil {
		return GateResult{}, badArg("property", "must be a string, a number or null")
	}
	if a.AMQPType == nil {
		return GateResult{}, badArg("amqp_type", "is required for a number: int, long or double")
	}
	if !o.amqpSchemaVersionIsOne(n, *a.AMQPType) {
		return GateResult{Outcome: gateReject}, nil
	}
	return o.decodeAfterGate(a.Envelope), nil
}

// amqpSchemaVersionIsOne reports whether an AMQP number is the schema
// version 1: an integral type holding exactly 1.
func (o *Oracle) amqpSchemaVersionIsOne(n json.Number, amqpType string) bool {
	integral := amqpType == "int" || amqpType == "long"
	switch {
	case o.has(faultASBGateInt64Only) && amqpType == "int":
		return false
	case o.has(faultASBGateAnyInteger) && integral:
		return true
	case o.has(faultASBGateDoubleTruncated) && amqpType == "double":
		f, err := n.Float64()
		return err == nil && int64(f) == 1
	}
	return integral && n.String() == "1"
}

// stringGate is the gate every transport shares (SDKs keep it in their
// core): it decides on a string property, then decodes.
func (o *Oracle) stringGate(a GateArgs) GateResult {
	switch {
	case a.Property == nil:
		if o.has(faultGateAbsentRejects) {
			return GateResult{Outcome: gateReject}
		}
		return o.decodeAfterGate(a.Envelope)
	case o.isGateBlank(*a.Property):
		if o.has(faultGateBlankRejects) {
			return GateResult{Outcome: gateReject}
		}
		return o.decodeAfterGate(a.Envelope)
	case !o.isSchemaVersionOne(*a.Property):
		return GateResult{Outcome: gateReject}
	}
	return o.decodeAfterGate(a.Envelope)
}

// isGateBlank reports whether v is empty or only ASCII whitespace.
func (o *Oracle) isGateBlank(v string) bool {
	if o.has(faultGateBOMBlank) {
		v = strings.ReplaceAll(v, "\uFEFF", "")
	}
	for _, r := range v {
		if o.has(faultGateUnicodeBlank) && unicode.IsSpace(r) {
			continue
		}
		if !strings.ContainsRune(" \t\n\v\f\r", r) {
			return false
		}
	}
	return true
}

// isSchemaVersionOne reports whether a non-blank value is exactly "1".
func (o *Oracle) isSchemaVersionOne(v string) bool {
	switch {
	case o.has(faultGateTrims):
		v = strings.Trim(v, " \t\n\v\f\r")
	case o.has(faultGateTrimsUnicode):
		v = strings.TrimSpace(v)
	case o.has(faultGateNumeric):
		v = strings.TrimLeft(v, "0")
	case o.has(faultGateIgnored):
		return true
	case o.has(faultGateVersionTwo):
		return v == "2"
	}
	return v == "1"
}

// decodeAfterGate is what the consumer does once the gate lets the message
// through: decode it; a message decode rejects is rejected there.
func (o *Oracle) decodeAfterGate(envelope string) GateResult {
	d, _ := o.Decode(EnvelopeArgs{Envelope: envelope})
	if d.Accepted {
		return GateResult{Outcome: gateDecode}
	}
	return GateResult{Outcome: gateReject}
}
