// Package azureservicebus is a stand-in for babelqueue-go's Azure Service
// Bus transport (shared/sdk-api/go.md §9): the functions the scaffold calls.
package azureservicebus

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// Sender sends to one queue.
type Sender interface {
	SendMessage(context.Context, *azservicebus.Message, *azservicebus.SendMessageOptions) error
}

// Receiver receives from one queue.
type Receiver interface {
	ReceiveMessages(context.Context, int, *azservicebus.ReceiveMessagesOptions) ([]*azservicebus.ReceivedMessage, error)
	CompleteMessage(context.Context, *azservicebus.ReceivedMessage, *azservicebus.CompleteMessageOptions) error
}

// Client opens senders and receivers.
type Client interface {
	NewSender(queue string) (Sender, error)
	NewReceiver(queue string) (Receiver, error)
}

// Transport is a babelqueue.Transport on Service Bus.
type Transport struct{ client Client }

var _ babelqueue.Transport = (*Transport)(nil)

// Option tunes New.
type Option func(*Transport)

// WithClient sets the client.
func WithClient(c Client) Option { return func(t *Transport) { t.client = c } }

// New returns a Transport.
func New(opts ...Option) (*Transport, error) {
	t := &Transport{}
	for _, opt := range opts {
		opt(t)
	}
	return t, nil
}

// Publish sends body with its property projection.
func (t *Transport) Publish(ctx context.Context, queue, body string) error {
	s, err := t.client.NewSender(queue)
	if err != nil {
		return err
	}
	return s.SendMessage(ctx, message(body), nil)
}

// Pop receives one message and reconciles its attempts.
func (t *Transport) Pop(ctx context.Context, queue string, _ time.Duration) (*babelqueue.ReceivedMessage, error) {
	r, err := t.client.NewReceiver(queue)
	if err != nil {
		return nil, err
	}
	msgs, err := r.ReceiveMessages(ctx, 1, nil)
	if err != nil || len(msgs) == 0 {
		return nil, err
	}
	body := reconcileAttempts(string(msgs[0].Body), msgs[0].DeliveryCount)
	return &babelqueue.ReceivedMessage{Body: body, Queue: queue, Handle: msgs[0]}, nil
}

// Ack completes the message.
func (t *Transport) Ack(ctx context.Context, msg *babelqueue.ReceivedMessage) error {
	r, err := t.client.NewReceiver(msg.Queue)
	if err != nil {
		return err
	}
	received, _ := msg.Handle.(*azservicebus.ReceivedMessage)
	return r.CompleteMessage(ctx, received, nil)
}

// message projects body onto a Service Bus message.
func message(body string) *azservicebus.Message {
	m := &azservicebus.Message{Body: []byte(body)}
	if env, err := babelqueue.Decode([]byte(body)); err == nil {
		urn := env.URN()
		m.Subject = &urn
		m.ApplicationProperties = map[string]any{"bq_schema_version": env.Meta.SchemaVersion}
	}
	return m
}

// reconcileAttempts raises the body's attempts to deliveryCount-1.
func reconcileAttempts(body string, deliveryCount uint32) string {
	return raise(body, int(deliveryCount)-1)
}

func raise(body string, attempts int) string {
	env, err := babelqueue.Decode([]byte(body))
	if err != nil || env.Attempts >= attempts {
		return body
	}
	env.Attempts = attempts
	out, err := env.Encode()
	if err != nil {
		return body
	}
	return string(out)
}
