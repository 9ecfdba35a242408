// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package sqs

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	babelqueue "github.com/babelqueue/babelqueue-go"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the sqs operations onto the sqs package's own
// functions: the tests are in the package, so unexported functions are in reach.
// The operations it has no method for answer from the generated
// UnimplementedConformanceSubject: the envelope operations are the core's and
// the other brokers' are theirs, and one a later bqgen adds skips, saying so,
// until it is mapped here (bqgen check lists it, with the method to paste).
type sdkConformanceSubject struct {
	UnimplementedConformanceSubject
}

// The methods here have the protocol's signatures: the build says so when a
// later bqgen changes one.
var _ ConformanceOperations = sdkConformanceSubject{}

func (sdkConformanceSubject) SQSAttributes(envelope []byte) (map[string]ConformanceSQSAttribute, error) {
	// attributes is what Publish sends as the MessageAttributes of the body.
	projected := attributes(string(envelope))
	out := make(map[string]ConformanceSQSAttribute, len(projected))
	for name, value := range projected {
		out[name] = ConformanceSQSAttribute{
			DataType:    aws.ToString(value.DataType),
			StringValue: aws.ToString(value.StringValue),
		}
	}
	return out, nil
}

func (sdkConformanceSubject) SQSReconcile(bodyAttempts int64, approximateReceiveCount *string) (int64, error) {
	body, err := sdkConformanceBody(bodyAttempts)
	if err != nil {
		return 0, err
	}
	// Pop reconciles the body with the ApproximateReceiveCount it receives.
	client := sdkConformanceSQSClient{body: body, receiveCount: approximateReceiveCount}
	msg, err := NewWithClient(&client).Pop(context.Background(), sdkConformanceQueue, 0)
	if err != nil {
		return 0, err
	}
	if msg == nil {
		return 0, fmt.Errorf("Pop received no message")
	}
	env, err := babelqueue.Decode([]byte(msg.Body))
	if err != nil {
		return 0, err
	}
	return int64(env.Attempts), nil
}

func (sdkConformanceSubject) SQSSchemaVersionGate(envelope []byte, property *string) (string, error) {
	client := sdkConformanceSQSClient{body: string(envelope)}
	if property != nil {
		client.attributes = map[string]types.MessageAttributeValue{
			"bq-schema-version": {DataType: aws.String("String"), StringValue: property},
		}
	}
	return sdkConformanceConsume(NewWithClient(&client), envelope)
}

func (sdkConformanceSubject) Settle(
	broker string,
	deadLetterQueue bool,
	calls []string,
) (ConformanceSettlement, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"its Transport only Pops and Acks (the optional Releaser puts a message back in place), so there is " +
		"no acknowledgeable message settled once (the first call wins), no requeue or reject call, " +
		"no WithBody copy and no messages_settled counter"
	return ConformanceSettlement{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) ReadMessage(
	typeValue json.RawMessage,
	broker,
	source,
	position,
	messageID string,
	metadata json.RawMessage,
	body string,
	action *string,
	deadLetterQueue bool,
	rawExcerptLength *int64,
) (ConformanceMessageRead, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"App decodes every body as an envelope and hands it to the handler of its URN, so there is no source " +
		"typed on a body T with a RowErrorHandler (fail, skip, dead_letter), no read error naming the position " +
		"and an excerpt (RawExcerptLength), no MessageFailure for a dead-letter sink and no row_errors counter"
	return ConformanceMessageRead{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) WriteMessages(
	sink,
	action string,
	batches json.RawMessage,
	refused []string,
) (ConformanceWriteOutcome, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"it has no sinks, so nothing writes received messages through a sink and acknowledges each one " +
		"once written (Acknowledging), there is no FailedMessageAction (fail, requeue, dead_letter) for a " +
		"message the broker refuses, and no dead-letter sink"
	return ConformanceWriteOutcome{}, conformanceNotProvided(reason)

}

// sdkConformanceQueue is the queue (topic) the mappings deliver on.
const sdkConformanceQueue = "bqgen-conformance"

// sdkConformanceBody is a valid envelope with the given attempts, for the
// reconciliation operations.
func sdkConformanceBody(attempts int64) (string, error) {
	env, err := babelqueue.Make("urn:bqgen:conformance:reconcile", map[string]any{"x": 1})
	if err != nil {
		return "", err
	}
	env.Attempts = int(attempts)
	body, err := env.Encode()
	return string(body), err
}

// sdkConformanceConsume delivers envelope through transport to an App whose
// handler for its URN notes that it ran: "decode" when the consumer let the
// message through and decoded it, "reject" when it never reached the handler.
func sdkConformanceConsume(transport babelqueue.Transport, envelope []byte) (string, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		return "", err
	}
	app := babelqueue.NewApp(transport, babelqueue.WithDefaultQueue(sdkConformanceQueue))
	decoded := false
	app.Handle(env.URN(), func(context.Context, babelqueue.Envelope) error {
		decoded = true
		return nil
	})
	if _, err := app.Drain(context.Background(), sdkConformanceQueue, 1); err != nil {
		return "", err
	}
	if decoded {
		return "decode", nil
	}
	return "reject", nil
}

// sdkConformanceSQSClient is an SQS API holding one message, with the message
// attributes and the ApproximateReceiveCount (none when nil) it is received with.
type sdkConformanceSQSClient struct {
	body         string
	attributes   map[string]types.MessageAttributeValue
	receiveCount *string
	received     bool
}

func (c *sdkConformanceSQSClient) SendMessage(
	context.Context, *awssqs.SendMessageInput, ...func(*awssqs.Options),
) (*awssqs.SendMessageOutput, error) {
	return &awssqs.SendMessageOutput{}, nil
}

func (c *sdkConformanceSQSClient) ReceiveMessage(
	context.Context, *awssqs.ReceiveMessageInput, ...func(*awssqs.Options),
) (*awssqs.ReceiveMessageOutput, error) {
	if c.received {
		return &awssqs.ReceiveMessageOutput{}, nil
	}
	c.received = true
	message := types.Message{
		Body:              aws.String(c.body),
		MessageAttributes: c.attributes,
		ReceiptHandle:     aws.String("bqgen-conformance"),
	}
	if c.receiveCount != nil {
		message.Attributes = map[string]string{
			string(types.MessageSystemAttributeNameApproximateReceiveCount): *c.receiveCount,
		}
	}
	return &awssqs.ReceiveMessageOutput{Messages: []types.Message{message}}, nil
}

func (c *sdkConformanceSQSClient) DeleteMessage(
	context.Context, *awssqs.DeleteMessageInput, ...func(*awssqs.Options),
) (*awssqs.DeleteMessageOutput, error) {
	return &awssqs.DeleteMessageOutput{}, nil
}

func (c *sdkConformanceSQSClient) GetQueueUrl(
	context.Context, *awssqs.GetQueueUrlInput, ...func(*awssqs.Options),
) (*awssqs.GetQueueUrlOutput, error) {
	return &awssqs.GetQueueUrlOutput{QueueUrl: aws.String("https://sqs.bqgen.invalid/" + sdkConformanceQueue)}, nil
}
