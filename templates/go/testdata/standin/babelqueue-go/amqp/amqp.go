// Package amqp is a stand-in for babelqueue-go's RabbitMQ (AMQP 0-9-1)
// transport (shared/sdk-api/go.md §9): the functions the scaffold calls.
package amqp

import (
	babelqueue "github.com/babelqueue/babelqueue-go"
	amqp091 "github.com/rabbitmq/amqp091-go"
)

// Transport publishes to RabbitMQ at url (New does not dial).
type Transport struct{ url string }

// New returns a Transport for url.
func New(url string) *Transport { return &Transport{url: url} }

// URL is the broker's address.
func (t *Transport) URL() string { return t.url }

// publishing projects body and extra headers onto a publishing.
func (t *Transport) publishing(body string, extra map[string]string) amqp091.Publishing {
	p := amqp091.Publishing{Body: []byte(body), ContentType: "application/json", Headers: amqp091.Table{}}
	if env, err := babelqueue.Decode([]byte(body)); err == nil {
		p.Type, p.MessageId, p.CorrelationId = env.URN(), env.Meta.ID, env.TraceID
		p.Headers["x-attempts"] = env.Attempts
	}
	for k, v := range extra {
		p.Headers[k] = v
	}
	return p
}
