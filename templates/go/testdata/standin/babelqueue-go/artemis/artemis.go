// Package artemis is a stand-in for babelqueue-go's Artemis (AMQP 1.0)
// transport (shared/sdk-api/go.md §9): the functions the scaffold calls.
package artemis

import (
	"context"
	"errors"
	"time"

	amqp "github.com/Azure/go-amqp"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// Sender sends to one address.
type Sender interface {
	Send(context.Context, *amqp.Message, *amqp.SendOptions) error
}

// Receiver receives from one address.
type Receiver interface {
	Receive(context.Context, *amqp.ReceiveOptions) (*amqp.Message, error)
	AcceptMessage(context.Context, *amqp.Message) error
}

// Client opens senders and receivers.
type Client interface {
	Sender(ctx context.Context, address string) (Sender, error)
	Receiver(ctx context.Context, address string) (Receiver, error)
}

// Transport is a babelqueue.Transport on Artemis.
type Transport struct{ client Client }

var _ babelqueue.Transport = (*Transport)(nil)

// Option tunes New.
type Option func(*Transport)

// WithClient sets the client.
func WithClient(c Client) Option { return func(t *Transport) { t.client = c } }

// New returns a Transport.
func New(_ context.Context, opts ...Option) (*Transport, error) {
	t := &Transport{}
	for _, opt := range opts {
		opt(t)
	}
	return t, nil
}

// Publish sends body with its AMQP projection.
func (t *Transport) Publish(ctx context.Context, address, body string) error {
	s, err := t.client.Sender(ctx, address)
	if err != nil {
		return err
	}
	return s.Send(ctx, message(body), nil)
}

// Pop receives one message and reconciles its attempts.
func (t *Transport) Pop(ctx context.Context, address string, _ time.Duration) (*babelqueue.ReceivedMessage, error) {
	r, err := t.client.Receiver(ctx, address)
	if err != nil {
		return nil, err
	}
	m, err := r.Receive(ctx, nil)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	body, _ := m.Value.(string)
	var count uint32
	if m.Header != nil {
		count = m.Header.DeliveryCount
	}
	return &babelqueue.ReceivedMessage{Body: reconcileAttempts(body, count), Queue: address, Handle: m}, nil
}

// Ack accepts the message.
func (t *Transport) Ack(ctx context.Context, msg *babelqueue.ReceivedMessage) error {
	r, err := t.client.Receiver(ctx, msg.Queue)
	if err != nil {
		return err
	}
	m, _ := msg.Handle.(*amqp.Message)
	return r.AcceptMessage(ctx, m)
}

// message projects body onto an AMQP 1.0 message.
func message(body string) *amqp.Message {
	m := &amqp.Message{Value: body}
	if env, err := babelqueue.Decode([]byte(body)); err == nil {
		m.Annotations = amqp.Annotations{"x-opt-jms-type": env.URN()}
		m.Properties = &amqp.MessageProperties{CorrelationID: env.TraceID}
	}
	return m
}

// reconcileAttempts raises the body's attempts to count.
func reconcileAttempts(body string, count uint32) string {
	env, err := babelqueue.Decode([]byte(body))
	if err != nil || env.Attempts >= int(count) {
		return body
	}
	env.Attempts = int(count)
	out, err := env.Encode()
	if err != nil {
		return body
	}
	return string(out)
}
