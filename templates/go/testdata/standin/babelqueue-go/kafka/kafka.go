// Package kafka is a stand-in for babelqueue-go's Kafka transport
// (shared/sdk-api/go.md §9): the functions the scaffold calls.
package kafka

import (
	"context"
	"errors"
	"strconv"
	"time"

	babelqueue "github.com/babelqueue/babelqueue-go"
	kafkago "github.com/segmentio/kafka-go"
)

// Writer writes records.
type Writer interface {
	WriteMessages(context.Context, ...kafkago.Message) error
}

// Reader reads one topic's records.
type Reader interface {
	FetchMessage(context.Context) (kafkago.Message, error)
	CommitMessages(context.Context, ...kafkago.Message) error
}

// Transport is a babelqueue.Transport on Kafka.
type Transport struct {
	writer    Writer
	newReader func(topic string) Reader
}

var _ babelqueue.Transport = (*Transport)(nil)

// Option tunes New.
type Option func(*Transport)

// WithWriter sets the writer.
func WithWriter(w Writer) Option { return func(t *Transport) { t.writer = w } }

// WithReaderFactory sets how a topic's reader is made.
func WithReaderFactory(f func(topic string) Reader) Option {
	return func(t *Transport) { t.newReader = f }
}

// New returns a Transport.
func New(opts ...Option) (*Transport, error) {
	t := &Transport{}
	for _, opt := range opts {
		opt(t)
	}
	return t, nil
}

// Publish writes body as a record with its header projection.
func (t *Transport) Publish(ctx context.Context, topic, body string) error {
	return t.writer.WriteMessages(ctx, message(topic, body))
}

// Pop fetches one record and reconciles its attempts.
func (t *Transport) Pop(ctx context.Context, topic string, _ time.Duration) (*babelqueue.ReceivedMessage, error) {
	m, err := t.newReader(topic).FetchMessage(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &babelqueue.ReceivedMessage{Body: reconcileAttempts(string(m.Value), m.Headers), Queue: topic, Handle: m}, nil
}

// Ack commits the record.
func (t *Transport) Ack(ctx context.Context, msg *babelqueue.ReceivedMessage) error {
	m, _ := msg.Handle.(kafkago.Message)
	return t.newReader(msg.Queue).CommitMessages(ctx, m)
}

// message projects body onto a record of topic.
func message(topic, body string) kafkago.Message {
	m := kafkago.Message{Topic: topic, Value: []byte(body)}
	if env, err := babelqueue.Decode([]byte(body)); err == nil {
		m.Headers = []kafkago.Header{{Key: "bq-job", Value: []byte(env.URN())}}
	}
	return m
}

// reconcileAttempts takes the bq-attempts header as authoritative.
func reconcileAttempts(body string, hdrs []kafkago.Header) string {
	for _, h := range hdrs {
		if h.Key != "bq-attempts" {
			continue
		}
		n, err := strconv.Atoi(string(h.Value))
		env, derr := babelqueue.Decode([]byte(body))
		if err != nil || derr != nil {
			return body
		}
		env.Attempts = n
		if out, err := env.Encode(); err == nil {
			return string(out)
		}
	}
	return body
}
