package amqp

import (
	"errors"
	"net"
	"sync"
	"time"
)

// DefaultTimeout is the deadline of each read and write when Dial is given
// none: long enough for a loaded CI machine, short enough that a test that
// waits for a reply that never comes fails instead of hanging.
const DefaultTimeout = 10 * time.Second

// ErrClosed is an operation on a connection that Close or Abort ended.
var ErrClosed = errors.New("amqp: connection closed")

// Conn is one AMQP connection. Its methods, and its channels', may be called
// from several goroutines; they take turns, one request and its reply at a
// time, which is all a test needs and keeps frames in order.
type Conn struct {
	nc      net.Conn
	timeout time.Duration

	mu         sync.Mutex
	err        error // set once the connection is over; every call returns it
	frameMax   uint32
	channelMax uint16
	channels   map[uint16]*Channel
	lastID     uint16

	// ServerProperties is connection.start's server-properties table
	// ("product", "version", "capabilities").
	ServerProperties Table
}

// Dial connects to addr ("127.0.0.1:5672"), logs in with PLAIN as user and
// pass, and opens vhost "/". timeout bounds the dial and then every single
// read and write (DefaultTimeout when zero or less).
func Dial(addr, user, pass string, timeout time.Duration) (*Conn, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	nc, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, err
	}
	c, err := Handshake(nc, user, pass, timeout)
	if err != nil {
		_ = nc.Close()
		return nil, err
	}
	return c, nil
}

// Handshake runs the opening handshake on an established stream (what Dial
// does after connecting; tests give it one end of a net.Pipe).
func Handshake(nc net.Conn, user, pass string, timeout time.Duration) (*Conn, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	c := &Conn{nc: nc, timeout: timeout, frameMax: preTuneFrameMax, channels: map[uint16]*Channel{}}
	if err := c.handshake(user, pass); err != nil {
		return nil, err
	}
	return c, nil
}

// FrameMax is the frame_max agreed with the server.
func (c *Conn) FrameMax() uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.frameMax
}

// Close ends the connection politely: connection.close, then close-ok,
// which the broker sends only after it has closed every channel (and so
// requeued their unacknowledged messages).
func (c *Conn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		_ = c.nc.Close()
		return nil
	}
	e := newMethod(connectionClose)
	e.short(200)
	e.shortstr("bye")
	e.short(0)
	e.short(0)
	err := c.sendMethod(0, e)
	for err == nil {
		var m method
		m, _, err = c.nextMethod(0)
		if m == connectionCloseOk {
			break
		}
	}
	c.err = ErrClosed
	if cerr := c.nc.Close(); err == nil {
		err = cerr
	}
	var amqpErr *Error
	if errors.As(err, &amqpErr) && amqpErr.Connection {
		err = nil // the server closed it at the same time: closed either way
	}
	return err
}

// Abort drops the TCP connection without a word, as a consumer that dies
// would: the broker finds out only from the socket.
// The socket is closed before the lock is taken, so Abort also ends a call
// that another goroutine has blocked in a read.
func (c *Conn) Abort() error {
	err := c.nc.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.err = ErrClosed
	return err
}
