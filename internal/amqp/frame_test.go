package amqp

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestFrameRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	in := frame{typ: frameBody, channel: 513, payload: []byte("payload")}
	if err := writeFrame(&buf, in); err != nil {
		t.Fatal(err)
	}
	want := "\x03\x02\x01\x00\x00\x00\x07payload\xCE"
	if buf.String() != want {
		t.Fatalf("wire bytes %q, want %q", buf.String(), want)
	}
	out, err := readFrame(&buf, 4096)
	if err != nil || out.typ != in.typ || out.channel != in.channel || string(out.payload) != "payload" {
		t.Fatalf("read back %+v, %v", out, err)
	}
}

// countingReader counts what is read from it, to show that an oversized
// frame is refused from its head alone.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestFrameBudget(t *testing.T) {
	// A payload of exactly frame_max-8 bytes is the largest allowed.
	var buf bytes.Buffer
	_ = writeFrame(&buf, frame{typ: frameBody, payload: make([]byte, 4096-8)})
	if _, err := readFrame(&buf, 4096); err != nil {
		t.Fatalf("a frame of exactly frame_max: %v", err)
	}
	// One byte more is refused, and so is a size near 4 GiB, after the
	// 7-byte head and before any allocation for the payload.
	for _, head := range []string{"\x03\x00\x01\x00\x00\x0F\xF9", "\x01\x00\x00\xFF\xFF\xFF\xF0"} {
		r := &countingReader{r: strings.NewReader(head + strings.Repeat("x", 5000))}
		_, err := readFrame(r, 4096)
		if err == nil || !strings.Contains(err.Error(), "frame_max") {
			t.Errorf("head % x: %v, want the frame refused", head, err)
		}
		if r.n != 7 {
			t.Errorf("head % x: read %d bytes, want only the 7 of the head", head, r.n)
		}
	}
}

func TestFrameEndOctet(t *testing.T) {
	_, err := readFrame(strings.NewReader("\x01\x00\x00\x00\x00\x00\x01x\x00"), 4096)
	if err == nil || !strings.Contains(err.Error(), "0xCE") {
		t.Fatalf("frame ending 0x00: %v", err)
	}
	_, err = readFrame(strings.NewReader("\x01\x00\x00\x00\x00\x00\x05ab"), 4096)
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("truncated frame: %v", err)
	}
}
