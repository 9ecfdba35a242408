// Package redis is a stand-in for babelqueue-go's Redis transport
// (shared/sdk-api/go.md §9): the functions the scaffold calls.
package redis

import (
	"context"
	"time"

	babelqueue "github.com/babelqueue/babelqueue-go"
	goredis "github.com/redis/go-redis/v9"
)

// Transport is a babelqueue.Transport on Redis lists.
type Transport struct{ client *goredis.Client }

var _ babelqueue.Transport = (*Transport)(nil)

// NewWithClient returns a Transport on client.
func NewWithClient(client *goredis.Client) *Transport { return &Transport{client: client} }

// Publish appends body to the queue's list.
func (t *Transport) Publish(ctx context.Context, queue, body string) error {
	_, err := t.client.RPush(ctx, queue, body).Result()
	return err
}

// Pop moves the head of the queue's list to its processing list.
func (t *Transport) Pop(ctx context.Context, queue string, timeout time.Duration) (*babelqueue.ReceivedMessage, error) {
	body, err := t.client.BLMove(ctx, queue, queue+":processing", "LEFT", "RIGHT", timeout).Result()
	if err != nil {
		return nil, err
	}
	return &babelqueue.ReceivedMessage{Body: body, Queue: queue}, nil
}

// Ack removes the message from the processing list.
func (t *Transport) Ack(ctx context.Context, msg *babelqueue.ReceivedMessage) error {
	_, err := t.client.LRem(ctx, msg.Queue+":processing", 1, msg.Body).Result()
	return err
}
