// Scaffolded by bqgen from conformance suite 1.7.0.
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
// The operations it has no method for answer from the generated
// UnimplementedConformanceSubject: the envelope operations are the core's and
// the other brokers' are theirs, and one a later bqgen adds skips, saying so,
// until it is mapped here (bqgen check lists it, with the method to paste).
type sdkConformanceSubject struct {
	UnimplementedConformanceSubject
}

// The methods here have the protocol's signatures: the build says so when a
// later bqgen changes one.
var _ ConformanceOperations = sdkConformanceSubject{}

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
