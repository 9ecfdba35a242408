// Package types is a stand-in for the SQS API's types.
package types

// MessageAttributeValue is a message attribute.
type MessageAttributeValue struct {
	DataType    *string
	StringValue *string
}

// MessageSystemAttributeName names a system attribute.
type MessageSystemAttributeName string

// MessageSystemAttributeNameApproximateReceiveCount is the receive count.
const MessageSystemAttributeNameApproximateReceiveCount MessageSystemAttributeName = "ApproximateReceiveCount"

// Message is a received message.
type Message struct {
	Body              *string
	ReceiptHandle     *string
	Attributes        map[string]string
	MessageAttributes map[string]MessageAttributeValue
}
