package gobackend

import "github.com/dave/jennifer/jen"

// The subject: the generated interface every test reaches the implementation
// through, one method per operation of docs/subject-protocol.md (capabilities
// excepted: in Go each method says for itself, with ErrConformanceNotProvided,
// whether it is provided, so a capability list would be a second source of
// truth). The interface never depends on the suite, so a scaffold written
// once keeps compiling when blocks come and go.

// Identifiers of the subject API. They start with "Conformance"/"conformance"
// so they cannot collide with the SDK's own test helpers in the same package.
const (
	subjectType        = "ConformanceSubject"
	decodeResultType   = "ConformanceDecodeResult"
	viewType           = "ConformanceView"
	sqsAttributeType   = "ConformanceSQSAttribute"
	asbMessageType     = "ConformanceASBMessage"
	artemisMessageType = "ConformanceArtemisMessage"
	rabbitMQType       = "ConformanceRabbitMQPublishing"
	deliveryType       = "ConformanceDelivery"
	errNotProvided     = "ErrConformanceNotProvided"
	notProvidedFunc    = "conformanceNotProvided"
	newSubjectFunc     = "newConformanceSubject"
)

// operation is one subject method.
type operation struct {
	method string // Go method name
	wire   string // protocol name, used in test messages
	doc    string
	params []param
	result func() *jen.Statement // type of the non-error result
	zero   func() *jen.Statement // zero value of the result
}

// param is one method parameter.
type param struct {
	name string
	typ  func() *jen.Statement
}

// Type constructors of the operation table.
func bytesType() *jen.Statement { return jen.Index().Byte() }
func rawJSON() *jen.Statement   { return jen.Qual("encoding/json", "RawMessage") }
func int64Type() *jen.Statement { return jen.Int64() }
func idType(n string) func() *jen.Statement {
	return func() *jen.Statement { return jen.Id(n) }
}
func nilValue() *jen.Statement   { return jen.Nil() }
func zeroInt() *jen.Statement    { return jen.Lit(0) }
func zeroString() *jen.Statement { return jen.Lit("") }
func zeroBool() *jen.Statement   { return jen.False() }
func zeroStruct(n string) func() *jen.Statement {
	return func() *jen.Statement { return jen.Id(n).Values() }
}
func stringMapType() *jen.Statement { return jen.Map(jen.String()).String() }

// envelopeParam is the envelope bytes, exactly as the suite file holds them.
var envelopeParam = param{"envelope", bytesType}

// operations is the subject's method set, in protocol order.
func operations() []operation {
	attempts := param{"bodyAttempts", int64Type}
	return []operation{
		{"Decode", "decode", "Decode decodes envelope with the consumer API and reports whether it is accepted; rejection is a result, not an error.",
			[]param{envelopeParam}, idType(decodeResultType), zeroStruct(decodeResultType)},
		{"Reencode", "reencode", "Reencode decodes an accepted envelope, adds attemptsIncrement to attempts and encodes it again, as retry, DLQ and outbox relay do.",
			[]param{envelopeParam, {"attemptsIncrement", int64Type}}, bytesType, nilValue},
		{"Make", "make", "Make builds a new envelope with the producer API from a URN, a queue and data (a JSON object) and encodes it.",
			[]param{{"urn", jen.String}, {"queue", jen.String}, {"data", rawJSON}}, bytesType, nilValue},
		{"SQSAttributes", "sqs_attributes", "SQSAttributes runs the SQS transport's produce-side projection: the MessageAttributes, by name.",
			[]param{envelopeParam}, func() *jen.Statement { return jen.Map(jen.String()).Id(sqsAttributeType) }, nilValue},
		{"SQSReconcile", "sqs_reconcile", "SQSReconcile reports the attempts a consumer sees after SQS reconciliation of a body carrying bodyAttempts; a nil count is an absent ApproximateReceiveCount.",
			[]param{attempts, {"approximateReceiveCount", func() *jen.Statement { return jen.Op("*").String() }}}, int64Type, zeroInt},
		{"ASBMessage", "asb_message", "ASBMessage runs the Azure Service Bus transport's produce-side projection.",
			[]param{envelopeParam}, idType(asbMessageType), zeroStruct(asbMessageType)},
		{"ASBReconcile", "asb_reconcile", "ASBReconcile reports the attempts after ASB reconciliation with the 1-based DeliveryCount.",
			[]param{attempts, {"deliveryCount", int64Type}}, int64Type, zeroInt},
		{"PulsarProperties", "pulsar_properties", "PulsarProperties runs the Pulsar transport's produce-side projection: the message properties.",
			[]param{envelopeParam}, stringMapType, nilValue},
		{"PulsarReconcile", "pulsar_reconcile", "PulsarReconcile reports the attempts after Pulsar reconciliation with the 0-based RedeliveryCount.",
			[]param{attempts, {"redeliveryCount", int64Type}}, int64Type, zeroInt},
		{"KafkaHeaders", "kafka_headers", "KafkaHeaders runs the Kafka transport's produce-side projection: the record headers as UTF-8 strings.",
			[]param{envelopeParam}, stringMapType, nilValue},
		{"KafkaReconcile", "kafka_reconcile", "KafkaReconcile reports the attempts after Kafka reconciliation; a nil headerAttempts is an absent bq-attempts header.",
			[]param{attempts, {"headerAttempts", func() *jen.Statement { return jen.Op("*").Int64() }}}, int64Type, zeroInt},
		{"ArtemisMessage", "artemis_message", "ArtemisMessage runs the Artemis transport's produce-side projection onto an AMQP 1.0 message.",
			[]param{envelopeParam}, idType(artemisMessageType), zeroStruct(artemisMessageType)},
		{"ArtemisReconcile", "artemis_reconcile", "ArtemisReconcile reports the attempts after Artemis reconciliation with the 0-based delivery-count.",
			[]param{attempts, {"deliveryCount", int64Type}}, int64Type, zeroInt},
		{"RabbitMQPublishing", "rabbitmq_publishing", "RabbitMQPublishing runs the RabbitMQ transport's produce-side projection onto an AMQP 0-9-1 publishing.",
			[]param{envelopeParam}, idType(rabbitMQType), zeroStruct(rabbitMQType)},
		{"RedisRoundtrip", "redis_roundtrip", "RedisRoundtrip produces envelope onto a Redis queue, reserves it and returns the element exactly as reserve returns it.",
			[]param{envelopeParam}, bytesType, nilValue},
		{"IdempotencyKey", "idempotency_key", "IdempotencyKey reports the key the idempotency helper's seen-set uses for the message.",
			[]param{envelopeParam}, jen.String, zeroString},
		{"IdempotencyReplay", "idempotency_replay", "IdempotencyReplay drives one handler, wrapped once by the idempotency helper over one fresh store, through the deliveries in order; invoked[i] reports whether the handler ran for delivery i.",
			[]param{{"deliveries", func() *jen.Statement { return jen.Index().Id(deliveryType) }}}, func() *jen.Statement { return jen.Index().Bool() }, nilValue},
		{"ValidatePayload", "validate_payload", "ValidatePayload validates data (any JSON value) against a draft-07 payload schema and reports whether it is valid.",
			[]param{{"payloadSchema", rawJSON}, {"data", rawJSON}}, jen.Bool, zeroBool},
	}
}

// signature is the method's parameter and result lists, for the interface
// and for implementations.
func (op operation) signature() *jen.Statement {
	params := make([]jen.Code, len(op.params))
	for i, p := range op.params {
		params[i] = jen.Id(p.name).Add(p.typ())
	}
	return jen.Params(params...).Params(op.result(), jen.Error())
}
