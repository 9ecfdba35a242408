// Package amqp is a small AMQP 0-9-1 client on the standard library alone,
// enough for tests that drive a real RabbitMQ: connect, declare, publish,
// basic.get and settle one message at a time. It is synchronous (no
// goroutine reads behind the caller's back), so every frame it sees is one
// that the current call asked for, and every read has a deadline.
package amqp

import (
	"encoding/binary"
	"fmt"
	"io"
)

// Frame types (AMQP 0-9-1 §4.2.3).
const (
	frameMethod    = 1
	frameHeader    = 2
	frameBody      = 3
	frameHeartbeat = 8
	frameEnd       = 0xCE
)

// frameOverhead is the bytes around a payload: type (1), channel (2), size
// (4) and the end octet (1). frame_max counts them, so a payload is at most
// frame_max-8.
const frameOverhead = 8

// preTuneFrameMax bounds frames before connection.tune has said how large
// they may be. The spec only promises 4096 (frame-min-size); RabbitMQ's
// connection.start is well under that, and a larger budget costs nothing
// but the allocation it allows.
const preTuneFrameMax = 32 * 1024

// frame is one AMQP frame: its type, its channel and its payload.
type frame struct {
	typ     byte
	channel uint16
	payload []byte
}

// readFrame reads one frame, refusing one whose declared size is over
// frameMax-8 before allocating anything for it: the size comes from the
// peer, and trusting it would let a bad peer make us allocate 4 GiB.
func readFrame(r io.Reader, frameMax uint32) (frame, error) {
	var head [7]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return frame{}, err
	}
	f := frame{typ: head[0], channel: binary.BigEndian.Uint16(head[1:3])}
	size := binary.BigEndian.Uint32(head[3:7])
	if size > frameMax-frameOverhead {
		return frame{}, fmt.Errorf("amqp: frame of %d bytes is over the frame_max of %d", size, frameMax)
	}
	buf := make([]byte, int(size)+1)
	if _, err := io.ReadFull(r, buf); err != nil {
		return frame{}, err
	}
	if buf[size] != frameEnd {
		return frame{}, fmt.Errorf("amqp: frame ends with 0x%02X, not 0xCE", buf[size])
	}
	f.payload = buf[:size]
	return f, nil
}

// writeFrame writes f in one Write call, so a frame is never interleaved
// with another even if two writers shared the connection.
func writeFrame(w io.Writer, f frame) error {
	buf := make([]byte, 7, 7+len(f.payload)+1)
	buf[0] = f.typ
	binary.BigEndian.PutUint16(buf[1:3], f.channel)
	binary.BigEndian.PutUint32(buf[3:7], uint32(len(f.payload)))
	buf = append(buf, f.payload...)
	buf = append(buf, frameEnd)
	_, err := w.Write(buf)
	return err
}
