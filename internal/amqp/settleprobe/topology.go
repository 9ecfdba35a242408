package settleprobe

import (
	"crypto/rand"
	"encoding/hex"
	"errors"

	"github.com/babelqueue/bqgen/internal/amqp"
)

// topology is one run's exchanges and queues, all named with a random
// suffix so that runs never see each other's messages, even on a shared
// broker.
type topology struct {
	queue string
	// sink is where the broker sends a message rejected without requeue:
	// the scenario's dead-letter exchange and queue when it has one, else a
	// tap of the probe's own. Without the tap RabbitMQ would drop such a
	// message without a trace, and a reject would look to the probe just
	// like an acknowledgement.
	sinkExchange, sinkQueue string
	deadLetter              bool // the sink is the scenario's DLX, not the tap
}

// queueTTL (x-expires, ms) removes a run's queues from a shared broker
// should the run die before deleting them.
const queueTTL = 10 * 60 * 1000

func newTopology(deadLetter bool) (*topology, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	base := "bqgen.settleprobe." + hex.EncodeToString(b[:])
	t := &topology{queue: base, deadLetter: deadLetter}
	if deadLetter {
		t.sinkExchange, t.sinkQueue = base+".dlx", base+".dlq"
	} else {
		t.sinkExchange, t.sinkQueue = base+".tap", base+".tap.q"
	}
	return t, nil
}

// declare makes the sink (a fanout exchange bound to a queue) and the
// queue under test, which dead-letters into it.
func (t *topology) declare(ch *amqp.Channel) error {
	if err := ch.ExchangeDeclare(t.sinkExchange, "fanout"); err != nil {
		return err
	}
	if _, err := ch.QueueDeclare(t.sinkQueue, amqp.Table{"x-expires": queueTTL}); err != nil {
		return err
	}
	if err := ch.QueueBind(t.sinkQueue, t.sinkExchange, ""); err != nil {
		return err
	}
	_, err := ch.QueueDeclare(t.queue, amqp.Table{
		"x-dead-letter-exchange":    t.sinkExchange,
		"x-dead-letter-routing-key": t.queue,
		"x-expires":                 queueTTL,
	})
	return err
}

// delete removes everything declare made, on a connection of its own: the
// run's channels may be closed by then.
func (t *topology) delete(addr string) error {
	conn, err := amqp.Dial(addr, "guest", "guest", amqp.DefaultTimeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	ch, err := conn.Channel()
	if err != nil {
		return err
	}
	return errors.Join(
		ch.QueueDelete(t.queue),
		ch.QueueDelete(t.sinkQueue),
		ch.ExchangeDelete(t.sinkExchange),
	)
}
