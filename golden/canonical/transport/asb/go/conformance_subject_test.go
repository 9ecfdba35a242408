// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package azureservicebus

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the asb operations onto the azureservicebus package's own
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

func (sdkConformanceSubject) ASBMessage(envelope []byte) (ConformanceASBMessage, error) {
	// message is what Publish sends: the body and its native projection.
	projected := message(string(envelope))
	properties, err := json.Marshal(projected.ApplicationProperties)
	if err != nil {
		return ConformanceASBMessage{}, err
	}
	return ConformanceASBMessage{
		Subject:               sdkConformanceASBString(projected.Subject),
		CorrelationID:         sdkConformanceASBString(projected.CorrelationID),
		MessageID:             sdkConformanceASBString(projected.MessageID),
		ContentType:           sdkConformanceASBString(projected.ContentType),
		ApplicationProperties: properties,
	}, nil
}

func (sdkConformanceSubject) ASBReconcile(bodyAttempts, deliveryCount int64) (int64, error) {
	if deliveryCount < 0 || deliveryCount > math.MaxUint32 {
		return 0, fmt.Errorf("delivery count %d is not a Service Bus DeliveryCount (uint32)", deliveryCount)
	}
	body, err := sdkConformanceBody(bodyAttempts)
	if err != nil {
		return 0, err
	}
	// Pop reconciles the body with the DeliveryCount it receives.
	transport, err := sdkConformanceASBTransport(&azservicebus.ReceivedMessage{
		Body:          []byte(body),
		DeliveryCount: uint32(deliveryCount),
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

func (sdkConformanceSubject) ASBSchemaVersionGate(
	envelope []byte,
	property json.RawMessage,
	amqpType *string,
) (string, error) {
	received := &azservicebus.ReceivedMessage{Body: envelope}
	if property != nil {
		value, err := sdkConformanceASBProperty(property, amqpType)
		if err != nil {
			return "", err
		}
		received.ApplicationProperties = map[string]any{"bq-schema-version": value}
	}
	transport, err := sdkConformanceASBTransport(received)
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

// sdkConformanceASBString is a projected string field, "" when unset.
func sdkConformanceASBString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// sdkConformanceASBProperty is a JSON value as the Service Bus SDK hands an
// application property over: a number as its AMQP type (int: int32, long:
// int64, double: float64), anything else as JSON decodes it.
func sdkConformanceASBProperty(property json.RawMessage, amqpType *string) (any, error) {
	if amqpType == nil {
		var value any
		err := json.Unmarshal(property, &value)
		return value, err
	}
	switch *amqpType {
	case "int":
		var value int32
		err := json.Unmarshal(property, &value)
		return value, err
	case "long":
		var value int64
		err := json.Unmarshal(property, &value)
		return value, err
	case "double":
		var value float64
		err := json.Unmarshal(property, &value)
		return value, err
	}
	return nil, fmt.Errorf("AMQP type %q is not int, long or double", *amqpType)
}

// sdkConformanceASBTransport is a Transport whose client receives the one
// message and drops what it sends.
func sdkConformanceASBTransport(message *azservicebus.ReceivedMessage) (*Transport, error) {
	return New(WithClient(sdkConformanceASBClient{receiver: &sdkConformanceASBReceiver{message: message}}))
}

// sdkConformanceASBClient hands out its one receiver and senders that drop
// what they are given (a retry's republish).
type sdkConformanceASBClient struct{ receiver *sdkConformanceASBReceiver }

func (sdkConformanceASBClient) NewSender(string) (Sender, error) {
	return sdkConformanceASBSender{}, nil
}

func (c sdkConformanceASBClient) NewReceiver(string) (Receiver, error) { return c.receiver, nil }

type sdkConformanceASBSender struct{}

func (sdkConformanceASBSender) SendMessage(context.Context, *azservicebus.Message, *azservicebus.SendMessageOptions) error {
	return nil
}

// sdkConformanceASBReceiver receives its one message, then nothing.
type sdkConformanceASBReceiver struct {
	message  *azservicebus.ReceivedMessage
	received bool
}

func (r *sdkConformanceASBReceiver) ReceiveMessages(
	context.Context, int, *azservicebus.ReceiveMessagesOptions,
) ([]*azservicebus.ReceivedMessage, error) {
	if r.received {
		return nil, nil
	}
	r.received = true
	return []*azservicebus.ReceivedMessage{r.message}, nil
}

func (r *sdkConformanceASBReceiver) CompleteMessage(
	context.Context, *azservicebus.ReceivedMessage, *azservicebus.CompleteMessageOptions,
) error {
	return nil
}
