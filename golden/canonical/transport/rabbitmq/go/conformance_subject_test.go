// Scaffolded by bqgen from conformance suite 1.4.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package amqp

import (
	"encoding/json"
	"testing"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the rabbitmq operations onto the amqp package's own
// functions: the tests are in the package, so unexported functions are in reach.
// The envelope operations are the core's and the other brokers' are theirs; this
// target does not run them.
type sdkConformanceSubject struct{}

func (sdkConformanceSubject) Decode(envelope []byte) (ConformanceDecodeResult, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return ConformanceDecodeResult{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) Reencode(envelope []byte, attemptsIncrement int64) ([]byte, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) Make(urn, queue string, data json.RawMessage) ([]byte, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) SQSAttributes(envelope []byte) (map[string]ConformanceSQSAttribute, error) {
	reason := "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) SQSReconcile(bodyAttempts int64, approximateReceiveCount *string) (int64, error) {
	reason := "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)"
	return 0, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ASBMessage(envelope []byte) (ConformanceASBMessage, error) {
	reason := "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)"
	return ConformanceASBMessage{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ASBReconcile(bodyAttempts, deliveryCount int64) (int64, error) {
	reason := "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)"
	return 0, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) PulsarProperties(envelope []byte) (map[string]string, error) {
	reason := "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) PulsarReconcile(bodyAttempts, redeliveryCount int64) (int64, error) {
	reason := "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)"
	return 0, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) KafkaHeaders(envelope []byte) (map[string]string, error) {
	reason := "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) KafkaReconcile(bodyAttempts int64, headerAttempts *string) (int64, error) {
	reason := "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)"
	return 0, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ArtemisMessage(envelope []byte) (ConformanceArtemisMessage, error) {
	reason := "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)"
	return ConformanceArtemisMessage{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ArtemisReconcile(bodyAttempts, deliveryCount int64) (int64, error) {
	reason := "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)"
	return 0, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) RabbitMQPublishing(envelope []byte) (ConformanceRabbitMQPublishing, error) {
	// publishing is what Publish sends: the body and its AMQP 0-9-1 projection
	// (New does not dial; publishing reads none of the connection state).
	pub := New("").publishing(string(envelope), nil)
	headers, err := json.Marshal(pub.Headers)
	if err != nil {
		return ConformanceRabbitMQPublishing{}, err
	}
	return ConformanceRabbitMQPublishing{
		Properties: map[string]string{
			"type":           pub.Type,
			"correlation_id": pub.CorrelationId,
			"message_id":     pub.MessageId,
			"app_id":         pub.AppId,
			"content_type":   pub.ContentType,
		},
		Headers: headers,
	}, nil
}

func (sdkConformanceSubject) RedisRoundtrip(envelope []byte) (ConformanceRedisRoundtrip, error) {
	reason := "belongs to the redis transport target (blocks: [redis] in bqgen.yaml)"
	return ConformanceRedisRoundtrip{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) IdempotencyKey(envelope []byte) (string, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) IdempotencyReplay(deliveries []ConformanceDelivery) ([]bool, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return nil, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ValidatePayload(schema, data json.RawMessage) (ConformancePayloadVerdict, error) {
	reason := "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	return ConformancePayloadVerdict{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) SQSSchemaVersionGate(envelope []byte, property *string) (string, error) {
	reason := "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ASBSchemaVersionGate(
	envelope []byte,
	property json.RawMessage,
	amqpType *string,
) (string, error) {
	reason := "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) PulsarSchemaVersionGate(envelope []byte, property *string) (string, error) {
	reason := "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) KafkaSchemaVersionGate(envelope []byte, property *string) (string, error) {
	reason := "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ArtemisSchemaVersionGate(envelope []byte, property *string) (string, error) {
	reason := "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)"
	return "", conformanceNotProvided(reason)
}

func (sdkConformanceSubject) Settle(
	broker string,
	deadLetterQueue bool,
	calls []string,
) (ConformanceSettlement, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"its Transport only Pops and Acks (the optional Releaser puts a message back in place), so there is " +
		"no acknowledgeable message settled once (the first call wins), no requeue or reject call, " +
		"no WithBody copy and no messages_settled counter"
	return ConformanceSettlement{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) ReadMessage(
	typeValue json.RawMessage,
	broker,
	source,
	position,
	messageID string,
	metadata json.RawMessage,
	body string,
	action *string,
	deadLetterQueue bool,
	rawExcerptLength *int64,
) (ConformanceMessageRead, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"App decodes every body as an envelope and hands it to the handler of its URN, so there is no source " +
		"typed on a body T with a RowErrorHandler (fail, skip, dead_letter), no read error naming the position " +
		"and an excerpt (RawExcerptLength), no MessageFailure for a dead-letter sink and no row_errors counter"
	return ConformanceMessageRead{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) WriteMessages(
	sink,
	action string,
	batches json.RawMessage,
	refused []string,
) (ConformanceWriteOutcome, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"it has no sinks, so nothing writes received messages through a sink and acknowledges each one " +
		"once written (Acknowledging), there is no FailedMessageAction (fail, requeue, dead_letter) for a " +
		"message the broker refuses, and no dead-letter sink"
	return ConformanceWriteOutcome{}, conformanceNotProvided(reason)

}
