// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package pulsar

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	pulsarsdk "github.com/apache/pulsar-client-go/pulsar"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the pulsar operations onto the pulsar package's own
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

func (sdkConformanceSubject) PulsarProperties(envelope []byte) (map[string]string, error) {
	// message is what Publish sends: the payload and its property projection.
	projected := message(string(envelope))
	out := make(map[string]string, len(projected.Properties))
	for name, value := range projected.Properties {
		out[name] = value
	}
	return out, nil
}

func (sdkConformanceSubject) PulsarReconcile(bodyAttempts, redeliveryCount int64) (int64, error) {
	if redeliveryCount < 0 || redeliveryCount > math.MaxUint32 {
		return 0, fmt.Errorf("redelivery count %d is not a Pulsar RedeliveryCount (uint32)", redeliveryCount)
	}
	body, err := sdkConformanceBody(bodyAttempts)
	if err != nil {
		return 0, err
	}
	// Pop reconciles the payload with the RedeliveryCount it receives.
	transport, err := sdkConformancePulsarTransport(&sdkConformancePulsarMessage{
		payload:         []byte(body),
		redeliveryCount: uint32(redeliveryCount),
	})
	if err != nil {
		return 0, err
	}
	msg, err := transport.Pop(context.Background(), sdkConformanceQueue, 0)
	if err != nil {
		return 0, err
	}
	if msg == nil {
		return 0, fmt.Errorf("Pop received no message")
	}
	env, err := babelqueue.Decode([]byte(msg.Body))
	if err != nil {
		return 0, err
	}
	return int64(env.Attempts), nil
}

func (sdkConformanceSubject) PulsarSchemaVersionGate(envelope []byte, property *string) (string, error) {
	received := &sdkConformancePulsarMessage{payload: envelope}
	if property != nil {
		received.properties = map[string]string{"bq-schema-version": *property}
	}
	transport, err := sdkConformancePulsarTransport(received)
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

// sdkConformancePulsarTransport is a Transport whose client's consumer receives
// the one message and whose producers drop what they are given.
func sdkConformancePulsarTransport(message pulsarsdk.Message) (*Transport, error) {
	return New(WithClient(sdkConformancePulsarClient{consumer: &sdkConformancePulsarConsumer{message: message}}))
}

type sdkConformancePulsarClient struct{ consumer *sdkConformancePulsarConsumer }

func (sdkConformancePulsarClient) CreateProducer(string) (Producer, error) {
	return sdkConformancePulsarProducer{}, nil
}

func (c sdkConformancePulsarClient) Subscribe(string) (Consumer, error) { return c.consumer, nil }

// sdkConformancePulsarProducer drops the messages it is given (a retry's republish).
type sdkConformancePulsarProducer struct{}

func (sdkConformancePulsarProducer) Send(context.Context, *pulsarsdk.ProducerMessage) (pulsarsdk.MessageID, error) {
	return nil, nil
}

// sdkConformancePulsarConsumer receives its one message, then reports the wait over.
type sdkConformancePulsarConsumer struct {
	message  pulsarsdk.Message
	received bool
}

func (c *sdkConformancePulsarConsumer) Receive(context.Context) (pulsarsdk.Message, error) {
	if c.received {
		return nil, context.DeadlineExceeded
	}
	c.received = true
	return c.message, nil
}

func (c *sdkConformancePulsarConsumer) Ack(pulsarsdk.Message) error { return nil }

func (c *sdkConformancePulsarConsumer) Nack(pulsarsdk.Message) {}

// sdkConformancePulsarMessage is a received message: its payload, properties
// and RedeliveryCount (the rest of pulsarsdk.Message is not called).
type sdkConformancePulsarMessage struct {
	pulsarsdk.Message
	payload         []byte
	properties      map[string]string
	redeliveryCount uint32
}

func (m *sdkConformancePulsarMessage) Payload() []byte { return m.payload }

func (m *sdkConformancePulsarMessage) Properties() map[string]string { return m.properties }

func (m *sdkConformancePulsarMessage) RedeliveryCount() uint32 { return m.redeliveryCount }
