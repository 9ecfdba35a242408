// Package sqs is a stand-in for the SQS API's inputs and outputs.
package sqs

import "github.com/aws/aws-sdk-go-v2/service/sqs/types"

// Options tune one call.
type Options struct{}

// SendMessageInput sends one message.
type SendMessageInput struct {
	QueueUrl          *string
	MessageBody       *string
	MessageAttributes map[string]types.MessageAttributeValue
}

// SendMessageOutput is SendMessage's answer.
type SendMessageOutput struct{}

// ReceiveMessageInput receives messages.
type ReceiveMessageInput struct{ QueueUrl *string }

// ReceiveMessageOutput holds the received messages.
type ReceiveMessageOutput struct{ Messages []types.Message }

// DeleteMessageInput deletes one message.
type DeleteMessageInput struct{ QueueUrl, ReceiptHandle *string }

// DeleteMessageOutput is DeleteMessage's answer.
type DeleteMessageOutput struct{}

// GetQueueUrlInput names a queue.
type GetQueueUrlInput struct{ QueueName *string }

// GetQueueUrlOutput is the queue's URL.
type GetQueueUrlOutput struct{ QueueUrl *string }
