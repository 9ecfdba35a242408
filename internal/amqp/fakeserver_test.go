package amqp

import (
	"io"
	"net"
	"testing"
	"time"
)

// fakeServer is the far end of a net.Pipe, scripted by a test: it reads
// the client's frames and writes the broker's, so the client's framing and
// handshake are checked byte by byte without a broker.
type fakeServer struct {
	t        *testing.T
	nc       net.Conn
	frameMax uint32
}

// startFake runs script as the server and returns the client's end. The
// test waits for the script to finish before it ends.
func startFake(t *testing.T, script func(s *fakeServer)) net.Conn {
	t.Helper()
	client, server := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer server.Close()
		_ = server.SetDeadline(time.Now().Add(5 * time.Second))
		run(func() { script(&fakeServer{t: t, nc: server, frameMax: preTuneFrameMax}) })
	}()
	t.Cleanup(func() {
		client.Close()
		<-done
	})
	return client
}

func (s *fakeServer) read() frame {
	f, err := readFrame(s.nc, s.frameMax)
	if err != nil {
		s.t.Errorf("fake server: reading a frame: %v", err)
		panic(stopScript{})
	}
	return f
}

// expect reads a method frame on channel ch and checks it is m.
func (s *fakeServer) expect(ch uint16, m method) *decoder {
	f := s.read()
	got, d, err := decodeMethod(f.payload)
	if err != nil || f.typ != frameMethod || f.channel != ch || got != m {
		s.t.Errorf("fake server: got frame type %d channel %d method %v, want %v on channel %d", f.typ, f.channel, got, m, ch)
		panic(stopScript{})
	}
	return d
}

func (s *fakeServer) send(ch uint16, e *encoder) {
	b, err := e.bytes()
	if err == nil {
		err = writeFrame(s.nc, frame{typ: frameMethod, channel: ch, payload: b})
	}
	if err != nil {
		s.t.Errorf("fake server: sending: %v", err)
		panic(stopScript{})
	}
}

func (s *fakeServer) sendFrame(f frame) {
	if err := writeFrame(s.nc, f); err != nil {
		s.t.Errorf("fake server: sending: %v", err)
		panic(stopScript{})
	}
}

// stopScript ends a script early after it has reported why.
type stopScript struct{}

// run calls script, treating stopScript as a normal end.
func run(script func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopScript); !ok {
				panic(r)
			}
		}
	}()
	script()
}

// handshake plays RabbitMQ's side of the opening handshake, offering
// frameMax, and checks what the client says.
func (s *fakeServer) handshake(frameMax uint32) {
	header := make([]byte, 8)
	if _, err := io.ReadFull(s.nc, header); err != nil || string(header) != protocolHeader {
		s.t.Errorf("fake server: protocol header %q (%v)", header, err)
		panic(stopScript{})
	}
	e := newMethod(connectionStart)
	e.octet(0)
	e.octet(9)
	e.table(Table{"product": "fake", "capabilities": Table{"basic.nack": true}})
	e.longstr("AMQPLAIN PLAIN")
	e.longstr("en_US")
	s.send(0, e)
	d := s.expect(0, connectionStartOk)
	props := d.table(0)
	mech, resp, locale := d.shortstr(), d.longstr(), d.shortstr()
	caps, _ := props["capabilities"].(Table)
	if d.err != nil || mech != "PLAIN" || resp != "\x00guest\x00guest" || locale == "" || caps["authentication_failure_close"] != true {
		s.t.Errorf("fake server: start-ok %v %q %q %q (%v)", props, mech, resp, locale, d.err)
	}
	e = newMethod(connectionTune)
	e.short(2047)
	e.long(frameMax)
	e.short(60)
	s.send(0, e)
	d = s.expect(0, connectionTuneOk)
	if cm, fm, hb := d.short(), d.long(), d.short(); cm != 2047 || fm != frameMax || hb != 0 {
		s.t.Errorf("fake server: tune-ok %d %d %d, want 2047 %d 0", cm, fm, hb, frameMax)
	}
	s.frameMax = frameMax
	d = s.expect(0, connectionOpen)
	if vhost := d.shortstr(); vhost != "/" {
		s.t.Errorf("fake server: open vhost %q", vhost)
	}
	e = newMethod(connectionOpenOk)
	e.shortstr("")
	s.send(0, e)
}

// openChannel answers the client's channel.open for channel ch.
func (s *fakeServer) openChannel(ch uint16) {
	s.expect(ch, channelOpen)
	e := newMethod(channelOpenOk)
	e.longstr("")
	s.send(ch, e)
}

// closeChannel closes channel ch as a broker does on a channel error, and
// checks the client's close-ok.
func (s *fakeServer) closeChannel(ch uint16, code uint16, text string, cause method) {
	e := newMethod(channelClose)
	e.short(code)
	e.shortstr(text)
	e.short(uint16(cause >> 16))
	e.short(uint16(cause))
	s.send(ch, e)
	s.expect(ch, channelCloseOk)
}
