// Package settleprobe runs one message-settlement scenario against a real
// RabbitMQ and reports what the broker did, as the broker shows it: where
// the message is afterwards (back in its queue, in the dead-letter queue,
// gone), its redelivered flag, and any channel error the broker raised. It
// never reports from its own bookkeeping of the calls it made, so a client
// whose "settle once" is broken shows up as a second broker action.
package settleprobe

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/babelqueue/bqgen/internal/amqp"
)

// Scenario is one message and what its consumer does with it.
type Scenario struct {
	// DeadLetterExchange gives the queue an x-dead-letter-exchange: a
	// fanout exchange bound to a dead-letter queue.
	DeadLetterExchange bool
	// Calls are made in order on the one delivery: "acknowledge",
	// "requeue" (reject, requeue) or "reject" (reject, no requeue); with
	// "copy." before one, through a second handle on the same delivery
	// sharing the first one's settle-once state.
	Calls []string
	// NoSettleOnce passes every call to the broker, as a client without
	// settle-once would, so a test can show the broker seeing a second
	// settlement.
	NoSettleOnce bool
	// AbortConsumer ends the consumer's connection by dropping its socket
	// (a consumer that dies) rather than by connection.close.
	AbortConsumer bool
}

// Observed is what the broker did.
type Observed struct {
	// BrokerActions are "acknowledged", "requeued", "rejected" (dropped)
	// and "dead_lettered", as the broker's queues show them; empty when the
	// message was left unsettled.
	BrokerActions []string `json:"broker_actions"`
	// RedeliveredBy is "requeue" when the message is back in its queue,
	// flagged redelivered, while the consumer is still connected;
	// "connection_close" when it comes back so only once the consumer's
	// connection has closed; nil when it is not delivered again.
	RedeliveredBy *string `json:"redelivered_by"`
	// DeadLettered is true when the message is found in the dead-letter
	// queue.
	DeadLettered bool `json:"dead_lettered"`
	// ChannelError is the broker closing the consumer's channel over a call
	// (406 PRECONDITION_FAILED for a second settlement of one delivery
	// tag); the calls after it were not made.
	ChannelError *amqp.Error `json:"channel_error,omitempty"`
	// Returned is what each call made returned to its caller: the handle's
	// answer, which settle-once makes the first call's outcome every time.
	Returned []string `json:"returned"`
}

// How long to look for the message. A positive finding ends the wait at
// once; the windows bound how long "not there" takes to conclude. The
// broker has finished a settlement before it answers the consumer's next
// round trip, and has requeued a closed connection's messages before it
// answers connection.close, so the short windows are margin; after an
// abort the broker only learns of it from the socket.
const (
	arrivalWindow = 5 * time.Second
	quickWindow   = 200 * time.Millisecond
	closeWindow   = time.Second
	abortWindow   = 5 * time.Second
)

// Run performs s on the broker at addr (guest/guest, vhost "/") in queues
// of its own, which it deletes before returning.
func Run(addr string, s Scenario) (out Observed, err error) {
	for _, call := range s.Calls {
		if _, _, err := parseCall(call); err != nil {
			return Observed{}, err
		}
	}
	topo, err := newTopology(s.DeadLetterExchange)
	if err != nil {
		return Observed{}, err
	}
	obsConn, err := amqp.Dial(addr, "guest", "guest", amqp.DefaultTimeout)
	if err != nil {
		return Observed{}, err
	}
	defer obsConn.Close()
	defer func() {
		if derr := topo.delete(addr); err == nil && derr != nil {
			err = fmt.Errorf("settleprobe: deleting the run's queues: %w", derr)
		}
	}()
	obs, err := obsConn.Channel()
	if err != nil {
		return Observed{}, err
	}
	if err := topo.declare(obs); err != nil {
		return Observed{}, err
	}
	body := []byte("bqgen settle probe " + topo.queue)
	if err := obs.Publish("", topo.queue, body); err != nil {
		return Observed{}, err
	}
	if err := obs.Sync(); err != nil {
		return Observed{}, err
	}
	consumer, err := amqp.Dial(addr, "guest", "guest", amqp.DefaultTimeout)
	if err != nil {
		return Observed{}, err
	}
	defer consumer.Abort()
	cch, err := consumer.Channel()
	if err != nil {
		return Observed{}, err
	}
	d, got, err := find(cch, topo.queue, body, false, arrivalWindow)
	if err != nil || !got {
		return Observed{}, errors.Join(err, fmt.Errorf("settleprobe: the message published to %s never arrived", topo.queue))
	}
	out = Observed{BrokerActions: []string{}}
	if out.Returned, out.ChannelError, err = apply(cch, d.Tag, s); err != nil {
		return Observed{}, err
	}
	return out, out.observe(obs, topo, consumer, s.AbortConsumer, body)
}

// apply makes the calls through a handle (and its copy), each followed by
// a round trip on the consumer's channel, so that a broker's refusal of a
// call is seen as the answer to that call.
func apply(ch *amqp.Channel, tag uint64, s Scenario) ([]string, *amqp.Error, error) {
	root := &handle{ch: ch, tag: tag, state: &settleState{}, passThrough: s.NoSettleOnce}
	var second *handle
	returned := []string{}
	for _, call := range s.Calls {
		verb, onCopy, _ := parseCall(call)
		h := root
		if onCopy {
			if second == nil {
				second = root.copy()
			}
			h = second
		}
		outcome, sent, err := h.settle(verb)
		returned = append(returned, outcome)
		if err == nil && sent {
			err = ch.Sync()
		}
		var amqpErr *amqp.Error
		if errors.As(err, &amqpErr) && !amqpErr.Connection {
			return returned, amqpErr, nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return returned, nil, nil
}

// find takes one message from queue within window (noAck as given),
// checking it is the run's own.
func find(ch *amqp.Channel, queue string, body []byte, noAck bool, window time.Duration) (amqp.Delivery, bool, error) {
	deadline := time.Now().Add(window)
	for {
		d, ok, err := ch.Get(queue, noAck)
		if err != nil {
			return amqp.Delivery{}, false, err
		}
		if ok && !bytes.Equal(d.Body, body) {
			return amqp.Delivery{}, false, fmt.Errorf("settleprobe: %s held a message not of this run: %q", queue, d.Body)
		}
		if ok || time.Now().After(deadline) {
			return d, ok, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}
