package amqp

import "fmt"

// Channel is one AMQP channel of a Conn. When the server closes it (a
// channel error such as 406 PRECONDITION_FAILED), the call that finds out
// returns the server's *Error, and so does every later call: a closed
// channel cannot be reopened, only replaced by a new one.
type Channel struct {
	c   *Conn
	id  uint16
	err error // why the channel is closed; nil while it is open
}

// Channel opens the next channel (1 on a new connection).
func (c *Conn) Channel() (*Channel, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return nil, c.err
	}
	if c.lastID >= c.channelMax {
		return nil, fmt.Errorf("amqp: all %d channels used", c.channelMax)
	}
	c.lastID++
	ch := &Channel{c: c, id: c.lastID}
	// Registered before the call, so that a channel.close for it is
	// recorded on it wherever it is read.
	c.channels[ch.id] = ch
	e := newMethod(channelOpen)
	e.shortstr("") // reserved
	if _, _, err := c.call(ch.id, e, channelOpenOk); err != nil {
		delete(c.channels, ch.id)
		return nil, err
	}
	return ch, nil
}

// ID is the channel's number on its connection.
func (ch *Channel) ID() uint16 { return ch.id }

// Err is why the channel is closed: the server's *Error, ErrClosed, or nil
// while it is open.
func (ch *Channel) Err() error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	return ch.usable()
}

// usable is the error that stops a call on this channel (the caller holds
// c.mu): the channel's own, else the connection's.
func (ch *Channel) usable() error {
	if ch.err != nil {
		return ch.err
	}
	return ch.c.err
}

// rpc sends a synchronous method and reads its reply (one of want).
func (ch *Channel) rpc(e *encoder, want ...method) (method, *decoder, error) {
	if err := ch.usable(); err != nil {
		return 0, nil, err
	}
	return ch.c.call(ch.id, e, want...)
}

// cast sends an asynchronous method (no reply; a refusal comes later as a
// channel.close, which the next synchronous call on the channel reads).
func (ch *Channel) cast(e *encoder) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	if err := ch.usable(); err != nil {
		return err
	}
	return ch.c.sendMethod(ch.id, e)
}

// Close closes the channel (channel.close, close-ok). Closing a channel
// that the server already closed is not an error.
func (ch *Channel) Close() error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	if ch.usable() != nil {
		return nil
	}
	e := newMethod(channelClose)
	e.short(200)
	e.shortstr("bye")
	e.short(0)
	e.short(0)
	_, _, err := ch.c.call(ch.id, e, channelCloseOk)
	ch.err = ErrClosed
	delete(ch.c.channels, ch.id)
	if _, serverClosed := err.(*Error); serverClosed {
		return nil // the server closed it first: closed either way
	}
	return err
}

// Sync makes one round trip on the channel, so that an error the server
// raised about an earlier asynchronous method (a second basic.ack of one
// delivery tag, a publish to a missing exchange) is returned now, by Sync,
// and not by whatever call comes next. The round trip is a passive declare
// of amq.direct, which every RabbitMQ vhost has and which changes nothing.
func (ch *Channel) Sync() error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(exchangeDeclare)
	e.short(0)
	e.shortstr("amq.direct")
	e.shortstr("direct")
	e.bit(true)  // passive
	e.bit(false) // durable
	e.bit(false) // auto-delete
	e.bit(false) // internal
	e.bit(false) // no-wait
	e.table(nil)
	_, _, err := ch.rpc(e, exchangeDeclareOk)
	return err
}
