// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package kafka

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	babelqueue "github.com/babelqueue/babelqueue-go"
	kafkago "github.com/segmentio/kafka-go"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the kafka operations onto the kafka package's own
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

func (sdkConformanceSubject) KafkaHeaders(envelope []byte) (map[string]string, error) {
	// message is the record Publish writes: the body and its header projection.
	record := message(sdkConformanceQueue, string(envelope))
	out := make(map[string]string, len(record.Headers))
	for _, header := range record.Headers {
		if _, twice := out[header.Key]; twice {
			return nil, fmt.Errorf("the record carries header %q twice", header.Key)
		}
		out[header.Key] = string(header.Value)
	}
	return out, nil
}

func (sdkConformanceSubject) KafkaReconcile(bodyAttempts int64, headerAttempts *string) (int64, error) {
	body, err := sdkConformanceBody(bodyAttempts)
	if err != nil {
		return 0, err
	}
	record := kafkago.Message{Topic: sdkConformanceQueue, Value: []byte(body)}
	if headerAttempts != nil {
		record.Headers = []kafkago.Header{{Key: "bq-attempts", Value: []byte(*headerAttempts)}}
	}
	// Pop reconciles the body with the record's bq-attempts header.
	transport, err := sdkConformanceKafkaTransport(record)
	if err != nil {
		return 0, err
	}
	msg, err := transport.Pop(context.Background(), sdkConformanceQueue, 0)
	if err != nil {
		return 0, err
	}
	if msg == nil {
		return 0, fmt.Errorf("Pop received no record")
	}
	env, err := babelqueue.Decode([]byte(msg.Body))
	if err != nil {
		return 0, err
	}
	return int64(env.Attempts), nil
}

func (sdkConformanceSubject) KafkaSchemaVersionGate(envelope []byte, property *string) (string, error) {
	record := kafkago.Message{Topic: sdkConformanceQueue, Value: envelope}
	if property != nil {
		record.Headers = []kafkago.Header{{Key: "bq-schema-version", Value: []byte(*property)}}
	}
	transport, err := sdkConformanceKafkaTransport(record)
	if err != nil {
		return "", err
	}
	return sdkConformanceConsume(transport, envelope)
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

// sdkConformanceQueue is the queue (topic) the mappings deliver on.
const sdkConformanceQueue = "bqgen-conformance"

// sdkConformanceBody is a valid envelope with the given attempts, for the
// reconciliation operations.
func sdkConformanceBody(attempts int64) (string, error) {
	env, err := babelqueue.Make("urn:bqgen:conformance:reconcile", map[string]any{"x": 1})
	if err != nil {
		return "", err
	}
	env.Attempts = int(attempts)
	body, err := env.Encode()
	return string(body), err
}

// sdkConformanceConsume delivers envelope through transport to an App whose
// handler for its URN notes that it ran: "decode" when the consumer let the
// message through and decoded it, "reject" when it never reached the handler.
func sdkConformanceConsume(transport babelqueue.Transport, envelope []byte) (string, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		return "", err
	}
	app := babelqueue.NewApp(transport, babelqueue.WithDefaultQueue(sdkConformanceQueue))
	decoded := false
	app.Handle(env.URN(), func(context.Context, babelqueue.Envelope) error {
		decoded = true
		return nil
	})
	if _, err := app.Drain(context.Background(), sdkConformanceQueue, 1); err != nil {
		return "", err
	}
	if decoded {
		return "decode", nil
	}
	return "reject", nil
}

// sdkConformanceKafkaTransport is a Transport whose reader holds one record and
// whose writer drops what it is given.
func sdkConformanceKafkaTransport(record kafkago.Message) (*Transport, error) {
	reader := &sdkConformanceKafkaReader{record: record}
	return New(
		WithWriter(sdkConformanceKafkaWriter{}),
		WithReaderFactory(func(string) Reader { return reader }),
	)
}

// sdkConformanceKafkaReader fetches its one record, then reports the wait over.
type sdkConformanceKafkaReader struct {
	record  kafkago.Message
	fetched bool
}

func (r *sdkConformanceKafkaReader) FetchMessage(context.Context) (kafkago.Message, error) {
	if r.fetched {
		return kafkago.Message{}, context.DeadlineExceeded
	}
	r.fetched = true
	return r.record, nil
}

func (r *sdkConformanceKafkaReader) CommitMessages(context.Context, ...kafkago.Message) error {
	return nil
}

// sdkConformanceKafkaWriter drops the records it is given (a retry's republish).
type sdkConformanceKafkaWriter struct{}

func (sdkConformanceKafkaWriter) WriteMessages(context.Context, ...kafkago.Message) error {
	return nil
}
