package oracle

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/model"
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
func (o *Oracle) SQSSchemaVersionGate(a GateArgs) (GateResult, error) {
	return o.stringGate(model.BlockSQS, a), nil
}

// PulsarSchemaVersionGate runs the Pulsar consumer's gate on the bq-schema-version property.
func (o *Oracle) PulsarSchemaVersionGate(a GateArgs) (GateResult, error) {
	return o.stringGate(model.BlockPulsar, a), nil
}

// KafkaSchemaVersionGate runs the Kafka consumer's gate on the bq-schema-version header.
func (o *Oracle) KafkaSchemaVersionGate(a GateArgs) (GateResult, error) {
	return o.stringGate(model.BlockKafka, a), nil
}

// ArtemisSchemaVersionGate runs the Artemis consumer's gate on the bq_schema_version property.
func (o *Oracle) ArtemisSchemaVersionGate(a GateArgs) (GateResult, error) {
	return o.stringGate(model.BlockArtemis, a), nil
}

// ASBSchemaVersionGate runs the Service Bus consumer's gate on the
// bq-schema-version application property, a string or an AMQP number.
func (o *Oracle) ASBSchemaVersionGate(a ASBGateArgs) (GateResult, error) {
	var text string
	switch {
	case len(a.Property) == 0 || string(a.Property) == "null":
		return o.decodeAfterGate(a.Envelope), nil
	case json.Unmarshal(a.Property, &text) == nil:
		if a.AMQPType != nil {
			return GateResult{}, badArg("amqp_type", "is for a number; the property is a string")
		}
		return o.stringGate(model.BlockASB, GateArgs{Envelope: a.Envelope, Property: &text}), nil
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
	switch amqpType {
	case "int":
		return n.String() == "1" && !o.has(faultASBGateInt64Only)
	case "long":
		return n.String() == "1"
	case "double":
		if o.has(faultASBGateDoubleTruncated) {
			f, err := n.Float64()
			return err == nil && int64(f) == 1
		}
		return false
	}
	return false
}

// stringGate decides on a string property of block's transport, then
// decodes.
func (o *Oracle) stringGate(block string, a GateArgs) GateResult {
	if a.Property == nil || o.isGateBlank(block, *a.Property) {
		if a.Property != nil && o.hasIn(block, faultKafkaGateBlankRejects) {
			return GateResult{Outcome: gateReject}
		}
		return o.decodeAfterGate(a.Envelope)
	}
	if !o.isSchemaVersionOne(block, *a.Property) {
		return GateResult{Outcome: gateReject}
	}
	return o.decodeAfterGate(a.Envelope)
}

// isGateBlank reports whether v is empty or only ASCII whitespace.
func (o *Oracle) isGateBlank(block, v string) bool {
	if o.hasIn(block, faultKafkaGateBOMBlank) {
		v = strings.ReplaceAll(v, "\uFEFF", "")
	}
	for _, r := range v {
		if o.hasIn(block, faultPulsarGateUnicodeBlank) && unicode.IsSpace(r) {
			continue
		}
		if !strings.ContainsRune(" \t\n\v\f\r", r) {
			return false
		}
	}
	return true
}

// isSchemaVersionOne reports whether a non-blank value is exactly "1".
func (o *Oracle) isSchemaVersionOne(block, v string) bool {
	switch {
	case o.hasIn(block, faultSQSGateTrims):
		v = strings.Trim(v, " \t\n\v\f\r")
	case o.hasIn(block, faultArtemisGateNumeric):
		v = strings.TrimLeft(v, "0")
	case o.hasIn(block, faultPulsarGateIgnored):
		return true
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
