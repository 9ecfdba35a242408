package amqp

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// protocolHeader opens every AMQP 0-9-1 connection (§4.2.2).
const protocolHeader = "AMQP\x00\x00\x09\x01"

// Frame sizes: frameMinSize is the spec's floor, which a server may not go
// below; maxFrameMax is this client's ceiling when the server sets none
// (frame_max 0) or a larger one, and so the most it will ever allocate for
// one frame.
const (
	frameMinSize = 4096
	maxFrameMax  = 1 << 20
)

// handshake runs connection.start/start-ok, tune/tune-ok and open/open-ok.
func (c *Conn) handshake(user, pass string) error {
	_ = c.nc.SetWriteDeadline(time.Now().Add(c.timeout))
	if _, err := c.nc.Write([]byte(protocolHeader)); err != nil {
		return err
	}
	m, d, err := c.nextMethod(0)
	if err != nil {
		// A server that does not speak 0-9-1 answers with its own protocol
		// header, which reads as an oversized frame.
		return fmt.Errorf("amqp: no connection.start from the server: %w", err)
	}
	if err := c.start(m, d, user, pass); err != nil {
		return err
	}
	if m, d, err = c.nextMethod(0); err != nil {
		return err // an *Error with 403 ACCESS_REFUSED for a bad login
	}
	if err := c.tune(m, d); err != nil {
		return err
	}
	e := newMethod(connectionOpen)
	e.shortstr("/") // virtual-host
	e.shortstr("")  // reserved (capabilities)
	e.bit(false)    // reserved (insist)
	_, _, err = c.call(0, e, connectionOpenOk)
	return err
}

// start reads connection.start and answers start-ok with PLAIN.
func (c *Conn) start(m method, d *decoder, user, pass string) error {
	if m != connectionStart {
		return fmt.Errorf("amqp: %s where connection.start was due", m)
	}
	major, minor := d.octet(), d.octet()
	props := d.table(0)
	mechanisms := d.longstr()
	d.longstr() // locales
	if d.err != nil {
		return fmt.Errorf("amqp: malformed connection.start: %w", d.err)
	}
	if major != 0 || minor != 9 {
		return fmt.Errorf("amqp: server speaks AMQP %d-%d, not 0-9", major, minor)
	}
	if !slices.Contains(strings.Fields(mechanisms), "PLAIN") {
		return fmt.Errorf("amqp: server offers %q, not PLAIN", mechanisms)
	}
	c.ServerProperties = props
	e := newMethod(connectionStartOk)
	e.table(Table{
		"product":  "bqgen amqp test client",
		"platform": "Go",
		// Without this RabbitMQ answers a bad password by closing the
		// socket; with it, by connection.close 403, which says why.
		"capabilities": Table{"authentication_failure_close": true},
	})
	e.shortstr("PLAIN")
	e.longstr("\x00" + user + "\x00" + pass)
	e.shortstr("en_US")
	return c.sendMethod(0, e)
}

// tune takes the server's channel_max and frame_max (within this client's
// ceiling), turns heartbeats off (every read has a deadline instead, and
// nothing here runs long enough to need them) and says so in tune-ok.
func (c *Conn) tune(m method, d *decoder) error {
	if m == connectionSecure {
		return fmt.Errorf("amqp: server asked for a SASL challenge; only PLAIN is supported")
	}
	if m != connectionTune {
		return fmt.Errorf("amqp: %s where connection.tune was due", m)
	}
	channelMax, frameMax := d.short(), d.long()
	d.short() // heartbeat: declined below
	if d.err != nil {
		return fmt.Errorf("amqp: malformed connection.tune: %w", d.err)
	}
	if channelMax == 0 {
		channelMax = 0xFFFF // no limit
	}
	if frameMax == 0 || frameMax > maxFrameMax {
		frameMax = maxFrameMax
	}
	if frameMax < frameMinSize {
		return fmt.Errorf("amqp: server's frame_max %d is under the minimum %d", frameMax, frameMinSize)
	}
	e := newMethod(connectionTuneOk)
	e.short(channelMax)
	e.long(frameMax)
	e.short(0)
	if err := c.sendMethod(0, e); err != nil {
		return err
	}
	c.channelMax, c.frameMax = channelMax, frameMax
	return nil
}
