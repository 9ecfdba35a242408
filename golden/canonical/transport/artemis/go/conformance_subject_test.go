// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package artemis

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	amqp "github.com/Azure/go-amqp"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the artemis operations onto the artemis package's own
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

func (sdkConformanceSubject) ArtemisMessage(envelope []byte) (ConformanceArtemisMessage, error) {
	// message is what Publish sends: the body and its AMQP 1.0 projection.
	projected := message(string(envelope))
	annotations := make(map[string]any, len(projected.Annotations))
	for key, value := range projected.Annotations {
		name, ok := key.(string)
		if !ok {
			return ConformanceArtemisMessage{}, fmt.Errorf("message annotation key %v is not a string", key)
		}
		annotations[name] = value
	}
	var out ConformanceArtemisMessage
	var err error
	if out.Annotations, err = json.Marshal(annotations); err != nil {
		return ConformanceArtemisMessage{}, err
	}
	if out.Properties, err = json.Marshal(projected.ApplicationProperties); err != nil {
		return ConformanceArtemisMessage{}, err
	}
	if projected.Properties != nil {
		switch id := projected.Properties.CorrelationID.(type) {
		case nil:
		case string:
			out.CorrelationID = id
		default:
			return ConformanceArtemisMessage{}, fmt.Errorf("correlation id %v is a %T, not a string", id, id)
		}
		if projected.Properties.CreationTime != nil {
			out.CreationTime = projected.Properties.CreationTime.UnixMilli()
		}
	}
	return out, nil
}

func (sdkConformanceSubject) ArtemisReconcile(bodyAttempts, deliveryCount int64) (int64, error) {
	if deliveryCount < 0 || deliveryCount > math.MaxUint32 {
		return 0, fmt.Errorf("delivery count %d is not an AMQP delivery-count (uint32)", deliveryCount)
	}
	body, err := sdkConformanceBody(bodyAttempts)
	if err != nil {
		return 0, err
	}
	// Pop reconciles the body with the header's delivery-count.
	transport, err := sdkConformanceArtemisTransport(&amqp.Message{
		Value:  body,
		Header: &amqp.MessageHeader{DeliveryCount: uint32(deliveryCount)},
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

func (sdkConformanceSubject) ArtemisSchemaVersionGate(envelope []byte, property *string) (string, error) {
	received := &amqp.Message{Value: string(envelope)}
	if property != nil {
		received.ApplicationProperties = map[string]any{"bq_schema_version": *property}
	}
	transport, err := sdkConformanceArtemisTransport(received)
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

// sdkConformanceArtemisTransport is a Transport whose client's receiver
// receives the one message and whose senders drop what they are given.
func sdkConformanceArtemisTransport(message *amqp.Message) (*Transport, error) {
	receiver := &sdkConformanceArtemisReceiver{message: message}
	return New(context.Background(), WithClient(sdkConformanceArtemisClient{receiver: receiver}))
}

type sdkConformanceArtemisClient struct {
	receiver *sdkConformanceArtemisReceiver
}

func (sdkConformanceArtemisClient) Sender(context.Context, string) (Sender, error) {
	return sdkConformanceArtemisSender{}, nil
}

func (c sdkConformanceArtemisClient) Receiver(context.Context, string) (Receiver, error) {
	return c.receiver, nil
}

// sdkConformanceArtemisSender drops the messages it is given (a retry's republish).
type sdkConformanceArtemisSender struct{}

func (sdkConformanceArtemisSender) Send(context.Context, *amqp.Message, *amqp.SendOptions) error {
	return nil
}

// sdkConformanceArtemisReceiver receives its one message, then reports the wait over.
type sdkConformanceArtemisReceiver struct {
	message  *amqp.Message
	received bool
}

func (r *sdkConformanceArtemisReceiver) Receive(context.Context, *amqp.ReceiveOptions) (*amqp.Message, error) {
	if r.received {
		return nil, context.DeadlineExceeded
	}
	r.received = true
	return r.message, nil
}

func (r *sdkConformanceArtemisReceiver) AcceptMessage(context.Context, *amqp.Message) error {
	return nil
}
