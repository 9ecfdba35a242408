// Package amqp is a stand-in for go-amqp's (AMQP 1.0) messages.
package amqp

import "time"

// MessageHeader is a message's header section.
type MessageHeader struct {
	DeliveryCount uint32
}

// MessageProperties is a message's properties section.
type MessageProperties struct {
	CorrelationID any
	CreationTime  *time.Time
}

// Annotations are message annotations.
type Annotations map[any]any

// Message is an AMQP 1.0 message.
type Message struct {
	Header                *MessageHeader
	Annotations           Annotations
	Properties            *MessageProperties
	ApplicationProperties map[string]any
	Value                 any
}

// SendOptions tune Send.
type SendOptions struct{}

// ReceiveOptions tune Receive.
type ReceiveOptions struct{}
