// Package pulsar is a stand-in for the Pulsar client's messages.
package pulsar

// ProducerMessage is a message to send.
type ProducerMessage struct {
	Payload    []byte
	Properties map[string]string
}

// MessageID identifies a sent message.
type MessageID interface {
	Serialize() []byte
}

// Message is a received message.
type Message interface {
	Payload() []byte
	Properties() map[string]string
	RedeliveryCount() uint32
	Topic() string
}
