package amqp

import (
	"bytes"
	"encoding/binary"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

func dialFake(t *testing.T, frameMax uint32, timeout time.Duration, script func(s *fakeServer)) *Conn {
	t.Helper()
	nc := startFake(t, func(s *fakeServer) {
		s.handshake(frameMax)
		script(s)
	})
	c, err := Handshake(nc, "guest", "guest", timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c.FrameMax() != frameMax {
		t.Fatalf("frame_max %d, want the server's %d", c.FrameMax(), frameMax)
	}
	return c
}

// A publish is a method, a content header (class 60, the body's size, no
// properties) and body frames of at most frame_max-8 bytes.
func TestPublishSplitsTheBody(t *testing.T) {
	body := bytes.Repeat([]byte("abcdefgh"), 1100) // 8800 bytes: 3 frames at 4096
	c := dialFake(t, 4096, time.Second, func(s *fakeServer) {
		s.openChannel(1)
		d := s.expect(1, basicPublish)
		d.short()
		if ex, key := d.shortstr(), d.shortstr(); ex != "ex" || key != "key" {
			s.t.Errorf("publish to %q %q", ex, key)
		}
		h := s.read()
		if h.typ != frameHeader || len(h.payload) != 14 ||
			binary.BigEndian.Uint16(h.payload) != 60 ||
			binary.BigEndian.Uint64(h.payload[4:]) != uint64(len(body)) ||
			binary.BigEndian.Uint16(h.payload[12:]) != 0 {
			s.t.Errorf("content header %d % x", h.typ, h.payload)
		}
		var got []byte
		for len(got) < len(body) {
			f := s.read()
			if f.typ != frameBody || len(f.payload) > 4096-8 {
				s.t.Errorf("body frame of type %d, %d bytes", f.typ, len(f.payload))
			}
			got = append(got, f.payload...)
		}
		if !bytes.Equal(got, body) {
			s.t.Error("the body frames do not add up to the body")
		}
	})
	ch, err := c.Channel()
	if err != nil {
		t.Fatal(err)
	}
	if err := ch.Publish("ex", "key", body); err != nil {
		t.Fatal(err)
	}
}

// basic.get-ok with its content, basic.get-empty, and a channel.close that
// answers a later call: the caller gets the broker's code and text, the
// broker its close-ok, and the channel stays closed.
func TestGetAckAndChannelError(t *testing.T) {
	c := dialFake(t, 4096, time.Second, func(s *fakeServer) {
		s.openChannel(1)
		s.expect(1, basicGet)
		e := newMethod(basicGetOk)
		e.longlong(7)
		e.bit(true) // redelivered
		e.shortstr("")
		e.shortstr("q")
		e.long(0)
		s.send(1, e)
		head := make([]byte, 14)
		binary.BigEndian.PutUint16(head, 60)
		binary.BigEndian.PutUint64(head[4:], 5)
		s.sendFrame(frame{typ: frameHeader, channel: 1, payload: head})
		s.sendFrame(frame{typ: frameBody, channel: 1, payload: []byte("hel")})
		s.sendFrame(frame{typ: frameBody, channel: 1, payload: []byte("lo")})
		s.expect(1, basicGet)
		e = newMethod(basicGetEmpty)
		e.shortstr("")
		s.send(1, e)
		d := s.expect(1, basicAck)
		if tag, multiple := d.longlong(), d.bit(); tag != 7 || multiple {
			s.t.Errorf("ack %d multiple %v", tag, multiple)
		}
		s.expect(1, exchangeDeclare) // Sync's round trip
		s.closeChannel(1, 406, "PRECONDITION_FAILED - unknown delivery tag 7", basicAck)
	})
	ch, _ := c.Channel()
	d, ok, err := ch.Get("q", false)
	if err != nil || !ok || d.Tag != 7 || !d.Redelivered || d.RoutingKey != "q" || string(d.Body) != "hello" {
		t.Fatalf("Get: %+v %v %v", d, ok, err)
	}
	if _, ok, err := ch.Get("q", false); ok || err != nil {
		t.Fatalf("Get on an empty queue: %v %v", ok, err)
	}
	if err := ch.Ack(7); err != nil {
		t.Fatal(err)
	}
	err = ch.Sync()
	var amqpErr *Error
	if !errors.As(err, &amqpErr) || amqpErr.Code != PreconditionFailed ||
		!strings.Contains(amqpErr.Text, "unknown delivery tag 7") || amqpErr.Connection ||
		amqpErr.ClassID != 60 || amqpErr.MethodID != 80 {
		t.Fatalf("Sync: %#v", err)
	}
	if err := ch.Reject(7, true); err != amqpErr || ch.Err() != amqpErr {
		t.Fatalf("after the channel closed: %v, %v", err, ch.Err())
	}
}

// A reply that never comes is a timeout, not a hang.
func TestEveryReadHasADeadline(t *testing.T) {
	c := dialFake(t, 4096, 100*time.Millisecond, func(s *fakeServer) {
		s.expect(1, channelOpen)
		time.Sleep(300 * time.Millisecond)
	})
	began := time.Now()
	_, err := c.Channel()
	var netErr net.Error
	if !errors.As(err, &netErr) || !netErr.Timeout() {
		t.Fatalf("Channel with a silent server: %v, want a timeout", err)
	}
	if waited := time.Since(began); waited > 250*time.Millisecond {
		t.Fatalf("waited %s for a 100 ms deadline", waited)
	}
}

// connection.close from the server ends every call with its reason, after
// close-ok.
func TestServerClosesTheConnection(t *testing.T) {
	c := dialFake(t, 4096, time.Second, func(s *fakeServer) {
		s.expect(1, channelOpen)
		e := newMethod(connectionClose)
		e.short(320)
		e.shortstr("CONNECTION_FORCED - broker forced connection closure")
		e.short(0)
		e.short(0)
		s.send(0, e)
		s.expect(0, connectionCloseOk)
	})
	_, err := c.Channel()
	var amqpErr *Error
	if !errors.As(err, &amqpErr) || amqpErr.Code != 320 || !amqpErr.Connection {
		t.Fatalf("Channel: %v, want the server's 320", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close after the server closed: %v", err)
	}
}
