package amqp

import (
	"fmt"
	"slices"
	"time"
)

// The connection's frame I/O. Callers hold c.mu. Every read and write sets
// its own deadline, and any I/O or framing error ends the connection: after
// a partial frame the stream is out of step and nothing more can be read.

// fail ends the connection with err (the first error wins).
func (c *Conn) fail(err error) {
	if c.err == nil {
		c.err = err
	}
	_ = c.nc.Close()
}

func (c *Conn) send(f frame) error {
	if c.err != nil {
		return c.err
	}
	_ = c.nc.SetWriteDeadline(time.Now().Add(c.timeout))
	if err := writeFrame(c.nc, f); err != nil {
		c.fail(err)
		return err
	}
	return nil
}

func (c *Conn) sendMethod(ch uint16, e *encoder) error {
	b, err := e.bytes()
	if err != nil {
		return err // nothing was sent: the connection is still good
	}
	return c.send(frame{typ: frameMethod, channel: ch, payload: b})
}

// next reads one frame, skipping heartbeats (negotiated off, but a server
// may still send one).
func (c *Conn) next() (frame, error) {
	for {
		if c.err != nil {
			return frame{}, c.err
		}
		_ = c.nc.SetReadDeadline(time.Now().Add(c.timeout))
		f, err := readFrame(c.nc, c.frameMax)
		if err != nil {
			c.fail(err)
			return frame{}, err
		}
		if f.typ != frameHeartbeat {
			return f, nil
		}
	}
}

// nextOn reads the next frame for channel ch. On the way it answers the
// server's connection.close (the connection is then over) and channel.close
// of other channels; other frames for other channels are dropped: this
// client has no request outstanding on them, so they answer nothing.
func (c *Conn) nextOn(ch uint16) (frame, error) {
	for {
		f, err := c.next()
		if err != nil {
			return frame{}, err
		}
		if f.channel == 0 && f.typ == frameMethod {
			m, d, err := decodeMethod(f.payload)
			if err != nil {
				c.fail(err)
				return frame{}, err
			}
			switch m {
			case connectionClose:
				return frame{}, c.closedByServer(d)
			case connectionBlocked, connectionUnblocked:
				continue
			}
		}
		if f.channel == ch {
			return f, nil
		}
		if f.typ == frameMethod {
			if m, d, err := decodeMethod(f.payload); err == nil && m == channelClose {
				_ = c.channelClosedByServer(f.channel, d)
			}
		}
	}
}

// closedByServer answers connection.close with close-ok and ends the
// connection with the server's reason.
func (c *Conn) closedByServer(d *decoder) error {
	e, err := readClose(d, true)
	if err != nil {
		c.fail(err)
		return err
	}
	_ = c.sendMethod(0, newMethod(connectionCloseOk))
	c.fail(e)
	return e
}

// channelClosedByServer answers channel.close with close-ok and marks the
// channel closed with the server's reason, which it returns.
func (c *Conn) channelClosedByServer(id uint16, d *decoder) error {
	e, err := readClose(d, false)
	if err != nil {
		c.fail(err)
		return err
	}
	if err := c.sendMethod(id, newMethod(channelCloseOk)); err != nil {
		return err
	}
	if ch := c.channels[id]; ch != nil {
		ch.err = e
		delete(c.channels, id)
	}
	return e
}

// nextMethod reads the next method frame for channel ch. A channel.close
// for ch comes back as its *Error.
func (c *Conn) nextMethod(ch uint16) (method, *decoder, error) {
	f, err := c.nextOn(ch)
	if err != nil {
		return 0, nil, err
	}
	if f.typ != frameMethod {
		err := fmt.Errorf("amqp: frame of type %d on channel %d where a method was due", f.typ, ch)
		c.fail(err)
		return 0, nil, err
	}
	m, d, err := decodeMethod(f.payload)
	if err != nil {
		c.fail(err)
		return 0, nil, err
	}
	if ch != 0 && m == channelClose {
		return m, nil, c.channelClosedByServer(ch, d)
	}
	return m, d, nil
}

// call sends a synchronous method on channel ch and reads its reply, which
// must be one of want: any other reply means client and server are out of
// step, and the connection is ended.
func (c *Conn) call(ch uint16, e *encoder, want ...method) (method, *decoder, error) {
	if err := c.sendMethod(ch, e); err != nil {
		return 0, nil, err
	}
	m, d, err := c.nextMethod(ch)
	if err != nil {
		return 0, nil, err
	}
	if !slices.Contains(want, m) {
		err := fmt.Errorf("amqp: %s on channel %d where %v was due", m, ch, want)
		c.fail(err)
		return 0, nil, err
	}
	return m, d, nil
}
