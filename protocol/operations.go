package protocol

import "github.com/babelqueue/bqgen/model"

// Shorthands for the tables below.
var (
	envelopeType = Type{Kind: Envelope}
	textType     = Type{Kind: Text}
	integerType  = Type{Kind: Integer}
	booleanType  = Type{Kind: Boolean}
	objectType   = Type{Kind: JSONObject}
	jsonType     = Type{Kind: JSONValue}
	textMapType  = Type{Kind: TextMap}

	envelopeParams = []Field{{Name: "envelope", Type: envelopeType, Doc: "the envelope, exactly as the suite file holds it"}}
	bodyAttempts   = Field{Name: "body_attempts", Type: integerType, Doc: "the attempts of the body the subject builds"}
	attemptsResult = Result{Member: "attempts", Type: integerType}
)

// The suite revisions with which bqgen added operations (Operation.Since):
// the first suite it generated for, the schema-version gates, and the
// messaging layer every broker connector shares.
const (
	sinceFirst     = "1.1.0"
	sinceGates     = "1.2.0"
	sinceMessaging = "1.3.0"
	sinceProducer  = "1.6.0"
)

// Capabilities is the handshake of the oracle server: the operations it
// provides. Generated subjects answer it for themselves (each method says
// whether it is provided), so it is not among Operations.
var Capabilities = Operation{
	Name:   "capabilities",
	Since:  sinceFirst,
	Doc:    "lists every operation the subject provides, in protocol order",
	Result: Result{Member: "operations", Type: Type{Kind: TextList}},
}

// The operations of the subject, each a variable so the oracle and validate
// refer to them by a name the compiler checks.
var (
	Decode = Operation{Name: "decode", Since: sinceFirst, Blocks: []string{model.BlockCases, model.BlockForbiddenKeys},
		Doc:    "decodes envelope with the consumer API and reports whether it is accepted; rejection is a result, not an error",
		Params: envelopeParams, Result: Result{Type: Type{Kind: Record, Record: "DecodeResult"}}}
	Reencode = Operation{Name: "reencode", Since: sinceFirst, Blocks: []string{model.BlockRoundtrip, model.BlockForbiddenKeys},
		Doc:    "decodes an accepted envelope, adds attempts_increment to its attempts and encodes it again, as retry, DLQ and outbox relay do",
		Params: []Field{envelopeParams[0], {Name: "attempts_increment", Type: integerType}},
		Result: Result{Member: "encoded", Type: envelopeType}}
	Make = Operation{Name: "make", Since: sinceFirst, Blocks: []string{model.BlockDataShape},
		Doc:    "builds a new envelope with the producer API from a URN, a queue and data (a JSON object) and encodes it",
		Params: []Field{{Name: "urn", Type: textType}, {Name: "queue", Type: textType}, {Name: "data", Type: objectType}},
		Result: Result{Member: "encoded", Type: envelopeType}}
	SQSAttributes = Operation{Name: "sqs_attributes", Since: sinceFirst, Transport: model.BlockSQS, OwnLang: true,
		Doc:    "runs the SQS transport's produce-side projection: the MessageAttributes, by name",
		Params: envelopeParams, Result: Result{Member: "attributes", Type: Type{Kind: RecordMap, Record: "SQSAttribute"}}}
	SQSReconcile = Operation{Name: "sqs_reconcile", Since: sinceFirst, Transport: model.BlockSQS,
		Doc:    "reports the attempts a consumer sees after SQS reconciliation of a body carrying body_attempts; an absent count is an absent ApproximateReceiveCount",
		Params: []Field{bodyAttempts, {Name: "approximate_receive_count", Type: Type{Kind: OptionalText}}},
		Result: attemptsResult}
	ASBMessage = Operation{Name: "asb_message", Since: sinceFirst, Transport: model.BlockASB, OwnLang: true,
		Doc:    "runs the Azure Service Bus transport's produce-side projection",
		Params: envelopeParams, Result: Result{Type: Type{Kind: Record, Record: "ASBMessage"}}}
	ASBReconcile = Operation{Name: "asb_reconcile", Since: sinceFirst, Transport: model.BlockASB,
		Doc:    "reports the attempts after Azure Service Bus reconciliation with the 1-based DeliveryCount",
		Params: []Field{bodyAttempts, {Name: "delivery_count", Type: integerType}}, Result: attemptsResult}
	PulsarProperties = Operation{Name: "pulsar_properties", Since: sinceFirst, Transport: model.BlockPulsar, OwnLang: true,
		Doc:    "runs the Pulsar transport's produce-side projection: the message properties",
		Params: envelopeParams, Result: Result{Member: "properties", Type: textMapType}}
	PulsarReconcile = Operation{Name: "pulsar_reconcile", Since: sinceFirst, Transport: model.BlockPulsar,
		Doc:    "reports the attempts after Pulsar reconciliation with the 0-based RedeliveryCount",
		Params: []Field{bodyAttempts, {Name: "redelivery_count", Type: integerType}}, Result: attemptsResult}
	KafkaHeaders = Operation{Name: "kafka_headers", Since: sinceFirst, Transport: model.BlockKafka, OwnLang: true,
		Doc:    "runs the Kafka transport's produce-side projection: the record headers as UTF-8 strings",
		Params: envelopeParams, Result: Result{Member: "headers", Type: textMapType}}
	KafkaReconcile = Operation{Name: "kafka_reconcile", Since: sinceFirst, Transport: model.BlockKafka,
		Doc:    "reports the attempts after Kafka reconciliation with the bq-attempts header as the text on the wire; an absent header_attempts is an absent header",
		Params: []Field{bodyAttempts, {Name: "header_attempts", Type: Type{Kind: OptionalText}}}, Result: attemptsResult}
	ArtemisMessage = Operation{Name: "artemis_message", Since: sinceFirst, Transport: model.BlockArtemis, OwnLang: true,
		Doc:    "runs the Artemis transport's produce-side projection onto an AMQP 1.0 message",
		Params: envelopeParams, Result: Result{Type: Type{Kind: Record, Record: "ArtemisMessage"}}}
	ArtemisReconcile = Operation{Name: "artemis_reconcile", Since: sinceFirst, Transport: model.BlockArtemis,
		Doc:    "reports the attempts after Artemis reconciliation with the 0-based delivery-count",
		Params: []Field{bodyAttempts, {Name: "delivery_count", Type: integerType}}, Result: attemptsResult}
	RabbitMQPublishing = Operation{Name: "rabbitmq_publishing", Since: sinceFirst, Transport: model.BlockRabbitMQ, OwnLang: true,
		Doc:    "runs the RabbitMQ transport's produce-side projection onto an AMQP 0-9-1 publishing",
		Params: envelopeParams, Result: Result{Type: Type{Kind: Record, Record: "RabbitMQPublishing"}}}
	RedisRoundtrip = Operation{Name: "redis_roundtrip", Since: sinceFirst, Transport: model.BlockRedis,
		Doc:    "produces envelope onto a fresh Redis queue, reserves it and returns the element exactly as reserve returns it, with the length of the queue's ready list after each step",
		Params: envelopeParams, Result: Result{Type: Type{Kind: Record, Record: "RedisRoundtrip"}}}
	RedisProduce = Operation{Name: "redis_produce", Since: sinceProducer, Transport: model.BlockRedis,
		Doc: "publishes a new message from urn, queue, data and trace_id with the Redis transport's publisher onto a fresh queue and returns the element it stored, exactly, and that element decoded and encoded again by the SDK's codec",
		Params: []Field{{Name: "urn", Type: textType}, {Name: "queue", Type: textType}, {Name: "data", Type: objectType},
			{Name: "trace_id", Type: textType}},
		Result: Result{Type: Type{Kind: Record, Record: "RedisProduced"}}}
	// The schema-version gates: the consumer reads the native
	// schema-version property before decoding.
	SQSSchemaVersionGate     = gate(model.BlockSQS, "SQS message attribute")
	ASBSchemaVersionGate     = asbGate()
	PulsarSchemaVersionGate  = gate(model.BlockPulsar, "Pulsar message property")
	KafkaSchemaVersionGate   = gate(model.BlockKafka, "Kafka record header")
	ArtemisSchemaVersionGate = gate(model.BlockArtemis, "AMQP application property")
	// The messaging layer every broker connector shares: settling a
	// received message, a message whose body is not a valid T, and how a
	// sink settles what it wrote.
	Settle = Operation{Name: "settle", Since: sinceMessaging, Blocks: []string{model.BlockSettlement},
		Doc: "receives one message from broker (with a dead-letter queue or not) and drives it, or its WithBody copy (a call prefixed \"copy.\"), through calls (acknowledge, requeue, reject); reports what each call returned, the broker actions taken, what delivers the message again and the messages_settled counts",
		Params: []Field{{Name: "broker", Type: textType, Doc: "rabbitmq, servicebus, sqs or kafka"},
			{Name: "dead_letter_queue", Type: booleanType, Doc: "whether the queue has a dead-letter queue"},
			{Name: "calls", Type: Type{Kind: TextList}, Doc: "the settle calls, in order"}},
		Result: Result{Type: Type{Kind: Record, Record: "Settlement"}}}
	ReadMessage = Operation{Name: "read_message", Since: sinceMessaging, Blocks: []string{model.BlockRowErrors},
		Doc: "receives one message whose body may not be a valid T from a source with the given RowErrorHandler action (absent: no handler) and reports whether it was handed on, the read error, how it was settled, what reached the dead-letter sink and the row_errors counts",
		Params: []Field{{Name: "type", Type: objectType, Doc: "the JSON schema of T"},
			{Name: "broker", Type: textType}, {Name: "source", Type: textType, Doc: "the queue or topic"},
			{Name: "position", Type: textType, Doc: "the message's position: the broker's number for it (Kafka's offset, RabbitMQ's delivery tag, Service Bus's sequence number), in decimal"},
			{Name: "message_id", Type: textType}, {Name: "metadata", Type: objectType, Doc: "the broker's metadata"},
			{Name: "body", Type: textType}, {Name: "action", Type: Type{Kind: OptionalText}, Doc: "fail, skip or dead_letter; absent: no handler"},
			{Name: "dead_letter_queue", Type: booleanType},
			{Name: "raw_excerpt_length", Type: Type{Kind: OptionalInteger}, Doc: "RawExcerptLength; absent: the default"}},
		Result: Result{Type: Type{Kind: Record, Record: "MessageRead"}}}
	WriteMessages = Operation{Name: "write_messages", Since: sinceMessaging, Blocks: []string{model.BlockFailedWrites},
		Doc: "writes the messages of batches (by id) through a sink of the given kind with the given FailedMessageAction, the broker refusing the refused ones, and reports whether the write failed, how each source message was settled, which bodies reached the dead-letter sink and the event after which each was acknowledged",
		Params: []Field{{Name: "sink", Type: textType, Doc: "message_queue, sql, sql_whole_run, http or other"},
			{Name: "action", Type: textType, Doc: "fail, requeue or dead_letter (http: skip or dead_letter for a failed request)"},
			{Name: "batches", Type: jsonType, Doc: "the batches, each a list of message ids"},
			{Name: "refused", Type: Type{Kind: TextList}, Doc: "the ids the broker (or the HTTP endpoint) refuses"}},
		Result: Result{Type: Type{Kind: Record, Record: "WriteOutcome"}}}
	// What an SDK writes: a new envelope with a trace id given or not, and
	// the dead_letter block it adds.
	NewMessage = Operation{Name: "new_message", Since: sinceProducer, Blocks: []string{model.BlockProducer}, OwnLang: true,
		Doc: "builds a new envelope with the producer API from a URN, a queue, data (a JSON object) and, when trace_id is present, that trace id, and encodes it",
		Params: []Field{{Name: "urn", Type: textType}, {Name: "queue", Type: textType}, {Name: "data", Type: objectType},
			{Name: "trace_id", Type: Type{Kind: OptionalText}, Doc: "the trace id given to the producer; absent: none given"}},
		Result: Result{Member: "encoded", Type: envelopeType}}
	DeadLetter = Operation{Name: "dead_letter", Since: sinceProducer, Blocks: []string{model.BlockProducer}, OwnLang: true,
		Doc: "decodes envelope and dead-letters it with the SDK's dead-letter API (the reason, the queue it was consumed from and, when present, the error text), and encodes the result",
		Params: []Field{envelopeParams[0], {Name: "reason", Type: textType, Doc: "failed, unknown_urn or poison"},
			{Name: "original_queue", Type: textType, Doc: "the queue the message was consumed from"},
			{Name: "error", Type: Type{Kind: OptionalText}, Doc: "the handler's error text; absent: none"}},
		Result: Result{Member: "encoded", Type: envelopeType}}
	IdempotencyKey = Operation{Name: "idempotency_key", Since: sinceFirst, Blocks: []string{model.BlockIdempotency},
		Doc:    "reports the key the idempotency helper's seen-set uses for the message",
		Params: envelopeParams, Result: Result{Member: "key", Type: textType}}
	IdempotencyReplay = Operation{Name: "idempotency_replay", Since: sinceFirst, Blocks: []string{model.BlockIdempotency},
		Doc:    "drives one handler, wrapped once by the idempotency helper over one fresh store, through the deliveries in order; invoked[i] reports whether the handler ran for delivery i",
		Params: []Field{{Name: "deliveries", Type: Type{Kind: RecordList, Record: "Delivery"}}},
		Result: Result{Member: "invoked", Type: Type{Kind: BooleanList}}}
	IdempotencyRaised = Operation{Name: "idempotency_raised", Since: sinceProducer, Blocks: []string{model.BlockIdempotency},
		Doc:    "drives one handler, wrapped once by the idempotency helper over one fresh store, through the deliveries in order; raised[i] reports whether the call into the wrapped handler gave an error back to its caller for delivery i",
		Params: []Field{{Name: "deliveries", Type: Type{Kind: RecordList, Record: "Delivery"}}},
		Result: Result{Member: "raised", Type: Type{Kind: BooleanList}}}
	ValidatePayload = Operation{Name: "validate_payload", Since: sinceFirst, Blocks: []string{model.BlockPayloadSchema, model.BlockPayloadSchemaUnicode},
		Doc:    "validates data (any JSON value) against a draft-07 payload schema and reports whether it is valid",
		Params: []Field{{Name: "schema", Type: objectType, Doc: "the payload schema"}, {Name: "data", Type: jsonType}},
		Result: Result{Type: Type{Kind: Record, Record: "PayloadVerdict"}}}
)

// SchemaVersionGates are the schema-version gate operations, by the broker
// block whose consumer each one drives.
var SchemaVersionGates = map[string]Operation{
	model.BlockSQS: SQSSchemaVersionGate, model.BlockASB: ASBSchemaVersionGate,
	model.BlockPulsar: PulsarSchemaVersionGate, model.BlockKafka: KafkaSchemaVersionGate,
	model.BlockArtemis: ArtemisSchemaVersionGate,
}

// Operations is the subject's method set, in protocol order.
var Operations = []Operation{
	Decode, Reencode, Make, SQSAttributes, SQSReconcile, ASBMessage, ASBReconcile, PulsarProperties, PulsarReconcile, KafkaHeaders, KafkaReconcile, ArtemisMessage, ArtemisReconcile, RabbitMQPublishing, RedisRoundtrip, IdempotencyKey, IdempotencyReplay, ValidatePayload,
	SQSSchemaVersionGate, ASBSchemaVersionGate, PulsarSchemaVersionGate, KafkaSchemaVersionGate, ArtemisSchemaVersionGate,
	Settle, ReadMessage, WriteMessages,
	NewMessage, DeadLetter, IdempotencyRaised, RedisProduce,
}

// Records are the structured values the operations exchange.
var Records = []RecordType{
	{Name: "DecodeResult", Doc: "the outcome of decode", Fields: []Field{
		{Name: "accepted", Type: booleanType, Doc: "whether a consumer accepts the envelope"},
		{Name: "reason", Type: textType, Doc: "why it was rejected"},
		{Name: "warnings", Type: Type{Kind: TextList}, Doc: "the warnings decoding surfaced (forbidden keys name their JSON pointer)"},
		{Name: "view", Type: Type{Kind: OptionalRecord, Record: "View"}, Doc: "the decoded message; absent when there is none"},
	}},
	{Name: "View", Doc: "the neutral view of a decoded message; a field the envelope does not carry is absent", Fields: []Field{
		{Name: "urn", Type: Type{Kind: OptionalText}, Doc: "the resolved URN (job, or its inbound alias urn)"},
		{Name: "data", Type: jsonType, Doc: "the data member"},
		{Name: "attempts", Type: Type{Kind: OptionalInteger}},
		{Name: "lang", Type: Type{Kind: OptionalText}},
		{Name: "schema_version", Type: Type{Kind: OptionalInteger}},
		{Name: "trace_id", Type: Type{Kind: OptionalText}},
		{Name: "id", Type: Type{Kind: OptionalText}, Doc: "meta.id"},
		{Name: "created_at", Type: Type{Kind: OptionalInteger}, Doc: "meta.created_at in Unix milliseconds"},
		{Name: "queue", Type: Type{Kind: OptionalText}},
		{Name: "dead_letter", Type: jsonType, Doc: "the dead_letter block; null when absent"},
	}},
	{Name: "SQSAttribute", Doc: "one SQS MessageAttributeValue", Fields: []Field{
		{Name: "DataType", Type: textType},
		{Name: "StringValue", Type: textType},
	}},
	{Name: "ASBMessage", Doc: "the projected Service Bus message", Fields: []Field{
		{Name: "subject", Type: textType},
		{Name: "correlation_id", Type: textType},
		{Name: "message_id", Type: textType},
		{Name: "content_type", Type: textType},
		{Name: "application_properties", Type: objectType, Doc: "the native AMQP-typed values (numbers stay numbers)"},
	}},
	{Name: "ArtemisMessage", Doc: "the projected AMQP 1.0 message", Fields: []Field{
		{Name: "annotations", Type: objectType, Doc: "the message annotations"},
		{Name: "correlation_id", Type: textType},
		{Name: "creation_time", Type: integerType, Doc: "in Unix milliseconds"},
		{Name: "properties", Type: objectType, Doc: "the application properties"},
	}},
	{Name: "RabbitMQPublishing", Doc: "the projected AMQP 0-9-1 publishing", Fields: []Field{
		{Name: "properties", Type: textMapType, Doc: "the basic properties by protocol name: type, correlation_id, message_id, app_id, content_type"},
		{Name: "headers", Type: objectType, Doc: "the natively typed headers"},
	}},
	{Name: "RedisRoundtrip", Doc: "what a produce and a reserve on a fresh Redis queue did", Fields: []Field{
		{Name: "element", Type: envelopeType, Doc: "the element reserve returned, exactly"},
		{Name: "queued_after_produce", Type: integerType, Doc: "the length of the queue's ready list after produce"},
		{Name: "queued_after_reserve", Type: integerType, Doc: "the length of the queue's ready list after reserve"},
	}},
	{Name: "Settlement", Doc: "what settling one received message did", Fields: []Field{
		{Name: "results", Type: Type{Kind: TextList}, Doc: "the outcome each call returned: acknowledged, requeued, rejected or dead_lettered"},
		{Name: "broker_actions", Type: Type{Kind: TextList}, Doc: "the settlements the broker saw, in order"},
		{Name: "redelivered_by", Type: Type{Kind: OptionalText}, Doc: "what delivers it again: requeue, connection_close, visibility_timeout or restart; absent when nothing does"},
		{Name: "messages_settled", Type: objectType, Doc: "the messages_settled counter by outcome"},
	}},
	{Name: "MessageRead", Doc: "what reading one message did", Fields: []Field{
		{Name: "handed_on", Type: booleanType, Doc: "whether its body deserialized and the message was emitted"},
		{Name: "read_error", Type: jsonType, Doc: "null, or {\"source\": the topic or queue the error names, \"position\": the message's position it names}"},
		{Name: "excerpt", Type: Type{Kind: OptionalText}, Doc: "the start of the body a failed read keeps, without any marker the SDK appends; absent when the read did not fail"},
		{Name: "settlement", Type: textType, Doc: "unsettled, dead_lettered or removed"},
		{Name: "dead_letters", Type: jsonType, Doc: "the MessageFailures the dead-letter sink received: {source, message_id, body, metadata}"},
		{Name: "row_errors", Type: objectType, Doc: "the row_errors counter by action, in the suite's words: fail, skip, dead_letter"},
		{Name: "messages_settled", Type: objectType, Doc: "the messages_settled counter by outcome (acknowledged, requeued, rejected, dead_lettered): the settlement a skip or a dead letter made"},
	}},
	{Name: "WriteOutcome", Doc: "what writing through a sink did", Fields: []Field{
		{Name: "write_fails", Type: booleanType},
		{Name: "settlements", Type: objectType, Doc: "each source message's settlement by id: acknowledged, requeued or unsettled"},
		{Name: "dead_letters", Type: Type{Kind: TextList}, Doc: "the ids whose bodies reached the dead-letter sink"},
		{Name: "acknowledged_after", Type: objectType, Doc: "for each acknowledged id, the sink event after which it was"},
	}},
	{Name: "RedisProduced", Doc: "the outcome of redis_produce", Fields: []Field{
		{Name: "element", Type: envelopeType, Doc: "the queue element the publisher stored, exactly"},
		{Name: "reencoded", Type: envelopeType, Doc: "the element decoded and encoded again by the SDK's codec; empty when it does not decode"},
	}},
	{Name: "Delivery", Doc: "one delivery of an idempotency replay", Fields: []Field{
		{Name: "meta_id", Type: textType, Doc: "the message's meta.id; empty means the message has none"},
		{Name: "outcome", Type: textType, Doc: `the handler's result if it runs: "ok" (or empty) or "throw"`},
		{Name: "forget_before", Type: booleanType, Doc: "evicts meta_id from the store before the delivery"},
	}},
	{Name: "PayloadVerdict", Doc: "the outcome of validate_payload", Fields: []Field{
		{Name: "valid", Type: booleanType},
		{Name: "errors", Type: Type{Kind: TextList}, Doc: "what the validator reported; may be empty"},
	}},
}

// spellings are the words of wire names whose prose spelling is not their
// lower-case form: product names and initialisms. Backends case identifiers
// from these (Go keeps "RabbitMQ", Java and C# write "RabbitMq").
var spellings = map[string]string{
	"sqs": "SQS", "asb": "ASB", "rabbitmq": "RabbitMQ", "id": "ID", "amqp": "AMQP",
	"urn": "URN",
}

// gateOutcome is a gate's answer: "decode" when the consumer let the message
// through to decode and decoded it, "reject" when it did not.
var gateOutcome = Result{Member: "outcome", Type: textType}

// gate is the schema-version gate of a transport whose properties are
// strings.
func gate(transport, property string) Operation {
	return Operation{Name: transport + "_schema_version_gate", Since: sinceGates, Transport: transport,
		Doc: "delivers envelope with the schema-version " + property + " set to property (absent: not set) to the " +
			"consumer, which reads it before decoding, and reports \"decode\" or \"reject\"",
		Params: []Field{envelopeParams[0], {Name: "property", Type: Type{Kind: OptionalText}, Doc: "the property's value, exactly"}},
		Result: gateOutcome}
}

// asbGate is Azure Service Bus's gate, whose application properties are
// AMQP-typed: the property may be a number of a given AMQP type.
func asbGate() Operation {
	op := gate(model.BlockASB, "application property")
	op.Params = []Field{envelopeParams[0],
		{Name: "property", Type: jsonType, Doc: "the property's value: a string, a number, or null for absent"},
		{Name: "amqp_type", Type: Type{Kind: OptionalText}, Doc: `for a number, its AMQP type: "int", "long" or "double"`}}
	return op
}
