package amqp

import (
	"encoding/binary"
	"fmt"
)

// MaxBodySize bounds a fetched message's body: the header frame declares the
// size, and it is the peer's word, so the body is never allocated from it
// beyond one frame at a time and never grown past this.
const MaxBodySize = 64 << 20

// writeContent sends a message's content header (class basic, no
// properties) and its body in frames of at most frame_max-8 bytes.
func (c *Conn) writeContent(ch uint16, body []byte) error {
	head := make([]byte, 14)
	binary.BigEndian.PutUint16(head[0:2], classBasic)
	binary.BigEndian.PutUint16(head[2:4], 0) // weight
	binary.BigEndian.PutUint64(head[4:12], uint64(len(body)))
	binary.BigEndian.PutUint16(head[12:14], 0) // property flags: none
	if err := c.send(frame{typ: frameHeader, channel: ch, payload: head}); err != nil {
		return err
	}
	chunk := int(c.frameMax - frameOverhead)
	for len(body) > 0 {
		n := min(chunk, len(body))
		if err := c.send(frame{typ: frameBody, channel: ch, payload: body[:n]}); err != nil {
			return err
		}
		body = body[n:]
	}
	return nil
}

// readContent reads the content header and body frames that follow a
// basic.get-ok. The properties are skipped: the tests settle messages by
// delivery tag and compare bodies, nothing else.
func (c *Conn) readContent(ch uint16) ([]byte, error) {
	f, err := c.nextOn(ch)
	if err != nil {
		return nil, err
	}
	if f.typ != frameHeader {
		return nil, c.outOfStep(fmt.Errorf("amqp: frame of type %d where a content header was due", f.typ))
	}
	d := newDecoder(f.payload)
	d.short() // class
	d.short() // weight
	size := d.longlong()
	if d.err != nil {
		return nil, c.outOfStep(fmt.Errorf("amqp: content header of %d bytes", len(f.payload)))
	}
	if size > MaxBodySize {
		return nil, c.outOfStep(fmt.Errorf("amqp: message body of %d bytes is over %d", size, MaxBodySize))
	}
	body := make([]byte, 0, min(size, uint64(c.frameMax)))
	for uint64(len(body)) < size {
		f, err := c.nextOn(ch)
		if err != nil {
			return nil, err
		}
		if f.typ != frameBody {
			return nil, c.outOfStep(fmt.Errorf("amqp: frame of type %d inside a message body", f.typ))
		}
		if uint64(len(body)+len(f.payload)) > size {
			return nil, c.outOfStep(fmt.Errorf("amqp: message body runs over its declared %d bytes", size))
		}
		body = append(body, f.payload...)
	}
	return body, nil
}

// outOfStep ends the connection: after a malformed content the next frame
// cannot be trusted to start where it should.
func (c *Conn) outOfStep(err error) error {
	c.fail(err)
	return err
}
