// Package pulsar is a stand-in for babelqueue-go's Pulsar transport
// (shared/sdk-api/go.md §9): the functions the scaffold calls.
package pulsar

import (
	"context"
	"errors"
	"time"

	pulsarsdk "github.com/apache/pulsar-client-go/pulsar"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// Producer sends to one topic.
type Producer interface {
	Send(context.Context, *pulsarsdk.ProducerMessage) (pulsarsdk.MessageID, error)
}

// Consumer receives from one topic.
type Consumer interface {
	Receive(context.Context) (pulsarsdk.Message, error)
	Ack(pulsarsdk.Message) error
	Nack(pulsarsdk.Message)
}

// Client opens producers and consumers.
type Client interface {
	CreateProducer(topic string) (Producer, error)
	Subscribe(topic string) (Consumer, error)
}

// Transport is a babelqueue.Transport on Pulsar.
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
func (t *Transport) Publish(ctx context.Context, topic, body string) error {
	p, err := t.client.CreateProducer(topic)
	if err != nil {
		return err
	}
	_, err = p.Send(ctx, message(body))
	return err
}

// Pop receives one message and reconciles its attempts.
func (t *Transport) Pop(ctx context.Context, topic string, _ time.Duration) (*babelqueue.ReceivedMessage, error) {
	c, err := t.client.Subscribe(topic)
	if err != nil {
		return nil, err
	}
	m, err := c.Receive(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	body := reconcileAttempts(string(m.Payload()), m.RedeliveryCount())
	return &babelqueue.ReceivedMessage{Body: body, Queue: topic, Handle: m}, nil
}

// Ack acknowledges the message.
func (t *Transport) Ack(_ context.Context, msg *babelqueue.ReceivedMessage) error {
	c, err := t.client.Subscribe(msg.Queue)
	if err != nil {
		return err
	}
	m, _ := msg.Handle.(pulsarsdk.Message)
	return c.Ack(m)
}

// message projects body onto a Pulsar message.
func message(body string) *pulsarsdk.ProducerMessage {
	m := &pulsarsdk.ProducerMessage{Payload: []byte(body)}
	if env, err := babelqueue.Decode([]byte(body)); err == nil {
		m.Properties = map[string]string{"bq-job": env.URN()}
	}
	return m
}

// reconcileAttempts raises the body's attempts to redeliveryCount.
func reconcileAttempts(body string, redeliveryCount uint32) string {
	env, err := babelqueue.Decode([]byte(body))
	if err != nil || env.Attempts >= int(redeliveryCount) {
		return body
	}
	env.Attempts = int(redeliveryCount)
	out, err := env.Encode()
	if err != nil {
		return body
	}
	return string(out)
}
