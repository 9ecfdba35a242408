package settleprobe

import (
	"github.com/babelqueue/bqgen/internal/amqp"
)

// observe reads the broker's verdict into o, from the observer's channel:
// the message back in its queue while the consumer lives (requeued); in
// the sink (dead-lettered, or rejected and dropped when the sink is the
// probe's tap); back in its queue only once the consumer's connection is
// gone (it was never settled); nowhere at all (acknowledged). Each place
// is emptied as it is looked at (basic.get with no-ack), so a message is
// counted once, where the broker put it.
func (o *Observed) observe(obs *amqp.Channel, topo *topology, consumer *amqp.Conn, abort bool, body []byte) error {
	d, requeued, err := find(obs, topo.queue, body, true, quickWindow)
	if err != nil {
		return err
	}
	if requeued {
		o.BrokerActions = append(o.BrokerActions, "requeued")
		if d.Redelivered {
			o.RedeliveredBy = ptr("requeue")
		}
	}
	_, sunk, err := find(obs, topo.sinkQueue, body, true, quickWindow)
	if err != nil {
		return err
	}
	if sunk && topo.deadLetter {
		o.DeadLettered = true
		o.BrokerActions = append(o.BrokerActions, "dead_lettered")
	} else if sunk {
		o.BrokerActions = append(o.BrokerActions, "rejected")
	}

	window := closeWindow
	if abort {
		window = abortWindow
		err = consumer.Abort()
	} else {
		err = consumer.Close()
	}
	if err != nil {
		return err
	}
	if requeued || sunk {
		return nil
	}
	d, back, err := find(obs, topo.queue, body, true, window)
	switch {
	case err != nil:
		return err
	case back && d.Redelivered:
		o.RedeliveredBy = ptr("connection_close")
	case !back:
		o.BrokerActions = append(o.BrokerActions, "acknowledged")
	}
	return nil
}

func ptr(s string) *string { return &s }
