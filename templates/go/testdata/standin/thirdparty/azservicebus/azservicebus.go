// Package azservicebus is a stand-in for the Azure Service Bus client's messages.
package azservicebus

// Message is a message to send.
type Message struct {
	Body                  []byte
	Subject               *string
	CorrelationID         *string
	MessageID             *string
	ContentType           *string
	ApplicationProperties map[string]any
}

// ReceivedMessage is a received message.
type ReceivedMessage struct {
	Body                  []byte
	DeliveryCount         uint32
	ApplicationProperties map[string]any
}

// SendMessageOptions tune SendMessage.
type SendMessageOptions struct{}

// ReceiveMessagesOptions tune ReceiveMessages.
type ReceiveMessagesOptions struct{}

// CompleteMessageOptions tune CompleteMessage.
type CompleteMessageOptions struct{}
