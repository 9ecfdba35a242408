// Package sqs is a stand-in for babelqueue-go's SQS transport
// (shared/sdk-api/go.md §9): the functions the scaffold calls.
package sqs

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// API is the part of the SQS client the transport calls.
type API interface {
	SendMessage(context.Context, *awssqs.SendMessageInput, ...func(*awssqs.Options)) (*awssqs.SendMessageOutput, error)
	ReceiveMessage(context.Context, *awssqs.ReceiveMessageInput, ...func(*awssqs.Options)) (*awssqs.ReceiveMessageOutput, error)
	DeleteMessage(context.Context, *awssqs.DeleteMessageInput, ...func(*awssqs.Options)) (*awssqs.DeleteMessageOutput, error)
	GetQueueUrl(context.Context, *awssqs.GetQueueUrlInput, ...func(*awssqs.Options)) (*awssqs.GetQueueUrlOutput, error)
}

// Transport is a babelqueue.Transport on SQS.
type Transport struct{ client API }

var _ babelqueue.Transport = (*Transport)(nil)

// NewWithClient returns a Transport on client.
func NewWithClient(client API) *Transport { return &Transport{client: client} }

// Publish sends body with its attribute projection.
func (t *Transport) Publish(ctx context.Context, queue, body string) error {
	_, err := t.client.SendMessage(ctx, &awssqs.SendMessageInput{QueueUrl: aws.String(queue),
		MessageBody: aws.String(body), MessageAttributes: attributes(body)})
	return err
}

// Pop receives one message and reconciles its attempts.
func (t *Transport) Pop(ctx context.Context, queue string, _ time.Duration) (*babelqueue.ReceivedMessage, error) {
	out, err := t.client.ReceiveMessage(ctx, &awssqs.ReceiveMessageInput{QueueUrl: aws.String(queue)})
	if err != nil || len(out.Messages) == 0 {
		return nil, err
	}
	m := out.Messages[0]
	count := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]
	return &babelqueue.ReceivedMessage{Body: reconcileAttempts(aws.ToString(m.Body), count), Queue: queue, Handle: m.ReceiptHandle}, nil
}

// Ack deletes the message.
func (t *Transport) Ack(ctx context.Context, msg *babelqueue.ReceivedMessage) error {
	handle, _ := msg.Handle.(*string)
	_, err := t.client.DeleteMessage(ctx, &awssqs.DeleteMessageInput{QueueUrl: aws.String(msg.Queue), ReceiptHandle: handle})
	return err
}

// attributes projects body onto message attributes.
func attributes(body string) map[string]types.MessageAttributeValue {
	env, err := babelqueue.Decode([]byte(body))
	if err != nil {
		return nil
	}
	return map[string]types.MessageAttributeValue{
		"bq-job": {DataType: aws.String("String"), StringValue: aws.String(env.URN())},
	}
}

// reconcileAttempts raises the body's attempts to receiveCount-1.
func reconcileAttempts(body, receiveCount string) string {
	n, err := strconv.Atoi(receiveCount)
	if err != nil || n <= 1 {
		return body
	}
	env, err := babelqueue.Decode([]byte(body))
	if err != nil || env.Attempts >= n-1 {
		return body
	}
	env.Attempts = n - 1
	out, err := env.Encode()
	if err != nil {
		return body
	}
	return string(out)
}
