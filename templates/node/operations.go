package node

// operation is one subject operation of docs/subject-protocol.md as the
// TypeScript subject spells it. The interface, the oracle subject and the
// scaffold's capability list are all laid out from this one table, so they
// cannot drift apart.
type operation struct {
	Op     string  // the protocol's name, e.g. sqs_reconcile
	Method string  // the subject method, e.g. sqsReconcile
	Params []param // in call order
	Result string  // the TypeScript type the method resolves to
	Doc    string  // one sentence for the interface's doc comment
}

// param is one argument of an operation.
type param struct {
	Name string // TypeScript parameter name
	Wire string // the key in the request's "args" object
	Type string // TypeScript type
}

// envelopeParam is the argument of every operation that reads one envelope:
// its exact bytes as a string.
var envelopeParam = param{Name: "envelope", Wire: "envelope", Type: "string"}

// bodyAttempts is the first argument of every reconciliation operation.
var bodyAttempts = param{Name: "bodyAttempts", Wire: "body_attempts", Type: "number"}

// operations lists every operation in the protocol's order.
func operations() []operation {
	return []operation{
		{"capabilities", "capabilities", nil, "CapabilitiesResult", "Lists every operation this subject provides."},
		{"decode", "decode", []param{envelopeParam}, "DecodeResult", "Decodes an envelope; rejection is a result, never an error."},
		{"reencode", "reencode", []param{envelopeParam, {"attemptsIncrement", "attempts_increment", "number"}}, "EncodedResult",
			"Decodes an accepted envelope, adds attemptsIncrement to attempts and encodes it again."},
		{"make", "make", []param{{"urn", "urn", "string"}, {"queue", "queue", "string"}, {"data", "data", "JsonObject"}}, "EncodedResult",
			"Builds and encodes a new envelope with the producer API."},
		{"sqs_attributes", "sqsAttributes", []param{envelopeParam}, "SqsAttributesResult", "Projects an envelope onto SQS MessageAttributes."},
		{"sqs_reconcile", "sqsReconcile", []param{bodyAttempts, {"approximateReceiveCount", "approximate_receive_count", "string | null"}}, "AttemptsResult",
			"Reconciles attempts with SQS's ApproximateReceiveCount (null: absent)."},
		{"asb_message", "asbMessage", []param{envelopeParam}, "AsbMessageResult", "Projects an envelope onto an Azure Service Bus message."},
		{"asb_reconcile", "asbReconcile", []param{bodyAttempts, {"deliveryCount", "delivery_count", "number"}}, "AttemptsResult",
			"Reconciles attempts with Service Bus's DeliveryCount."},
		{"pulsar_properties", "pulsarProperties", []param{envelopeParam}, "PulsarPropertiesResult", "Projects an envelope onto Pulsar message properties."},
		{"pulsar_reconcile", "pulsarReconcile", []param{bodyAttempts, {"redeliveryCount", "redelivery_count", "number"}}, "AttemptsResult",
			"Reconciles attempts with Pulsar's RedeliveryCount."},
		{"kafka_headers", "kafkaHeaders", []param{envelopeParam}, "KafkaHeadersResult", "Projects an envelope onto Kafka record headers."},
		{"kafka_reconcile", "kafkaReconcile", []param{bodyAttempts, {"headerAttempts", "header_attempts", "number | null"}}, "AttemptsResult",
			"Reconciles attempts with the bq-attempts header (null: absent)."},
		{"artemis_message", "artemisMessage", []param{envelopeParam}, "ArtemisMessageResult", "Projects an envelope onto an AMQP 1.0 message for Artemis."},
		{"artemis_reconcile", "artemisReconcile", []param{bodyAttempts, {"deliveryCount", "delivery_count", "number"}}, "AttemptsResult",
			"Reconciles attempts with the AMQP delivery-count."},
		{"rabbitmq_publishing", "rabbitmqPublishing", []param{envelopeParam}, "RabbitMQPublishingResult", "Projects an envelope onto AMQP 0-9-1 properties and headers."},
		{"redis_roundtrip", "redisRoundtrip", []param{envelopeParam}, "RedisRoundtripResult", "Produces an envelope onto a Redis list and reserves it again."},
		{"idempotency_key", "idempotencyKey", []param{envelopeParam}, "IdempotencyKeyResult", "The key the idempotency helper's seen-set uses for a message."},
		{"idempotency_replay", "idempotencyReplay", []param{{"deliveries", "deliveries", "readonly Delivery[]"}}, "IdempotencyReplayResult",
			"Feeds deliveries, in order, to one handler wrapped once over one fresh store."},
		{"validate_payload", "validatePayload", []param{{"schema", "schema", "JsonObject"}, {"data", "data", "JsonValue"}}, "PayloadVerdict",
			"Validates data against a payload schema."},
	}
}
