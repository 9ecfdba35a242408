// Package amqp091 is a stand-in for amqp091-go's publishings.
package amqp091

// Table is a header table.
type Table map[string]any

// Publishing is a message to publish.
type Publishing struct {
	Headers       Table
	ContentType   string
	CorrelationId string
	MessageId     string
	Type          string
	AppId         string
	Body          []byte
}
