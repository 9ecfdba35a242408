package amqp

import (
	"strings"
	"testing"
	"time"
)

// Close is connection.close and waits for close-ok; Abort just drops the
// socket.
func TestCloseAndAbort(t *testing.T) {
	c := dialFake(t, 4096, time.Second, func(s *fakeServer) {
		s.expect(0, connectionClose)
		s.send(0, newMethod(connectionCloseOk))
	})
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Channel(); err != ErrClosed {
		t.Fatalf("Channel after Close: %v", err)
	}
	gotEOF := make(chan bool, 1)
	c = dialFake(t, 4096, time.Second, func(s *fakeServer) {
		_, err := readFrame(s.nc, s.frameMax)
		gotEOF <- err != nil
	})
	if err := c.Abort(); err != nil {
		t.Fatal(err)
	}
	if !<-gotEOF {
		t.Fatal("the server read a frame after Abort")
	}
}

// A frame over the agreed frame_max is refused (and ends the connection).
func TestOversizedFrameFromServer(t *testing.T) {
	c := dialFake(t, 4096, time.Second, func(s *fakeServer) {
		s.expect(1, channelOpen)
		// Only the frame's head: the client must refuse it from the size
		// alone, before reading (or allocating for) the payload.
		head := []byte{frameMethod, 0, 1, 0, 0, 0x13, 0x88} // 5000 bytes
		if _, err := s.nc.Write(head); err != nil {
			s.t.Errorf("fake server: %v", err)
		}
	})
	if _, err := c.Channel(); err == nil || !strings.Contains(err.Error(), "frame_max") {
		t.Fatalf("Channel: %v, want the oversized frame refused", err)
	}
}
