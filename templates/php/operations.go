package php

import "strings"

// operation is one subject operation of docs/subject-protocol.md as a PHP
// method. The interface, the oracle subject and the skipping decorator are
// all laid out from this one table, so they cannot drift apart.
type operation struct {
	Wire    string  // the protocol's op name
	Method  string  // the PHP method name
	Params  []param // in protocol order
	Returns string  // the PHP return type
	// Unwrap is the result member a single-valued result is reduced to
	// ("encoded", "attempts"), or "" when the method returns the whole
	// result object.
	Unwrap string
	Doc    string // what the method returns, for its docblock
}

// param is one parameter of an operation.
type param struct {
	Type, Name, Wire string
	DocType          string // the docblock type, when the PHP type says too little
	Doc              string // what the parameter is, for the docblock
}

// DocblockType is the type the docblock gives the parameter.
func (p param) DocblockType() string {
	if p.DocType != "" {
		return p.DocType
	}
	return p.Type
}

// operations is every subject operation, in protocol order.
var operations = []operation{
	{Wire: "capabilities", Method: "capabilities", Returns: "array", Unwrap: "operations",
		Doc: "@return list<string> the protocol name of every operation this subject provides"},
	{Wire: "decode", Method: "decode", Params: envelopeParam, Returns: `\stdClass`,
		Doc: "@return \\stdClass {accepted: bool, reason: string, warnings: list<string>, view: ?\\stdClass} (view: see the interface doc)"},
	{Wire: "reencode", Method: "reencode", Params: []param{envelope, {Type: "int", Name: "attemptsIncrement", Wire: "attempts_increment", Doc: "added to attempts before encoding"}},
		Returns: "string", Unwrap: "encoded", Doc: "@return string the re-encoded envelope; throws when the envelope is rejected"},
	{Wire: "make", Method: "make", Params: []param{{Type: "string", Name: "urn", Wire: "urn"}, {Type: "string", Name: "queue", Wire: "queue"},
		{Type: `\stdClass`, Name: "data", Wire: "data", Doc: "the data object, emitted exactly ({} stays {})"}}, Returns: "string", Unwrap: "encoded",
		Doc: "@return string the envelope the producer API builds and encodes"},
	{Wire: "sqs_attributes", Method: "sqsAttributes", Params: envelopeParam, Returns: `\stdClass`, Unwrap: "attributes",
		Doc: "@return \\stdClass the MessageAttributes: name => {DataType: string, StringValue: string}"},
	reconcile("sqs_reconcile", "sqsReconcile", param{Type: "?string", Name: "approximateReceiveCount", Wire: "approximate_receive_count",
		Doc: "the ApproximateReceiveCount attribute as sent, null when absent"}),
	{Wire: "asb_message", Method: "asbMessage", Params: envelopeParam, Returns: `\stdClass`,
		Doc: "@return \\stdClass {subject, correlation_id, message_id, content_type: string, application_properties: \\stdClass}"},
	reconcile("asb_reconcile", "asbReconcile", param{Type: "int", Name: "deliveryCount", Wire: "delivery_count", Doc: "the 1-based DeliveryCount"}),
	{Wire: "pulsar_properties", Method: "pulsarProperties", Params: envelopeParam, Returns: `\stdClass`, Unwrap: "properties",
		Doc: "@return \\stdClass the message properties: name => string"},
	reconcile("pulsar_reconcile", "pulsarReconcile", param{Type: "int", Name: "redeliveryCount", Wire: "redelivery_count", Doc: "the 0-based RedeliveryCount"}),
	{Wire: "kafka_headers", Method: "kafkaHeaders", Params: envelopeParam, Returns: `\stdClass`, Unwrap: "headers",
		Doc: "@return \\stdClass the record headers: name => string"},
	reconcile("kafka_reconcile", "kafkaReconcile", param{Type: "?int", Name: "headerAttempts", Wire: "header_attempts", Doc: "the bq-attempts header, null when absent"}),
	{Wire: "artemis_message", Method: "artemisMessage", Params: envelopeParam, Returns: `\stdClass`,
		Doc: "@return \\stdClass {annotations: \\stdClass, correlation_id: string, creation_time: int, properties: \\stdClass}"},
	reconcile("artemis_reconcile", "artemisReconcile", param{Type: "int", Name: "deliveryCount", Wire: "delivery_count", Doc: "the 0-based AMQP delivery-count"}),
	{Wire: "rabbitmq_publishing", Method: "rabbitmqPublishing", Params: envelopeParam, Returns: `\stdClass`,
		Doc: "@return \\stdClass {properties: {type, correlation_id, message_id, app_id, content_type}, headers: \\stdClass}"},
	{Wire: "redis_roundtrip", Method: "redisRoundtrip", Params: envelopeParam, Returns: "string", Unwrap: "element",
		Doc: "@return string the list element produce stored, as reserve returns it"},
	{Wire: "idempotency_key", Method: "idempotencyKey", Params: envelopeParam, Returns: "string", Unwrap: "key",
		Doc: "@return string the key the idempotency helper's seen-set uses for this message"},
	{Wire: "idempotency_replay", Method: "idempotencyReplay",
		Params: []param{{Type: "array", Name: "deliveries", Wire: "deliveries",
			DocType: "list<array{meta_id: string, outcome: string, forget_before: bool}>", Doc: "in order; outcome is the handler's result if it runs"}},
		Returns: "array", Unwrap: "invoked",
		Doc: "@return list<bool> per delivery, whether the handler ran (one wrapped handler, one fresh store)"},
	{Wire: "validate_payload", Method: "validatePayload",
		Params: []param{{Type: "mixed", Name: "schema", Wire: "schema", Doc: "a draft-07 JSON Schema, in the JSON model"},
			{Type: "mixed", Name: "data", Wire: "data", Doc: "the value to validate, in the JSON model"}},
		Returns: `\stdClass`, Doc: "@return \\stdClass {valid: bool, errors: list<string>}"},
}

// envelope is the parameter of every operation that takes one envelope.
var envelope = param{Type: "string", Name: "envelope", Wire: "envelope", Doc: "the exact bytes of the envelope"}

var envelopeParam = []param{envelope}

// reconcile declares a reconciliation: the body's attempts and the native count.
func reconcile(wire, method string, native param) operation {
	return operation{Wire: wire, Method: method, Returns: "int", Unwrap: "attempts",
		Params: []param{{Type: "int", Name: "bodyAttempts", Wire: "body_attempts", Doc: "the attempts the envelope body carries"}, native},
		Doc:    "@return int the attempts after the transport's consume-side reconciliation"}
}

// Signature is the parameter list of the PHP method: "string $envelope, int $n".
func (op operation) Signature() string {
	parts := make([]string, len(op.Params))
	for i, p := range op.Params {
		parts[i] = p.Type + " $" + p.Name
	}
	return strings.Join(parts, ", ")
}

// Arguments passes the parameters on: "$envelope, $n".
func (op operation) Arguments() string {
	parts := make([]string, len(op.Params))
	for i, p := range op.Params {
		parts[i] = "$" + p.Name
	}
	return strings.Join(parts, ", ")
}

// WireLiteral is the protocol's op name as a PHP literal.
func (op operation) WireLiteral() string { return phpString(op.Wire) }

// WireArguments is the PHP array literal of the request's args.
func (op operation) WireArguments() string {
	parts := make([]string, len(op.Params))
	for i, p := range op.Params {
		parts[i] = phpString(p.Wire) + " => $" + p.Name
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
