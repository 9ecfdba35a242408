package amqp

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// errShort is a payload that ends before the field being read: the peer sent
// a truncated or malformed method, and the read fails rather than guessing.
var errShort = errors.New("amqp: payload ends inside a field")

// encoder builds a method's or header's payload. Its methods cannot fail
// except for strings too long for their field, which are caught by err so
// that a chain of writes is checked once at the end.
type encoder struct {
	buf  []byte
	err  error
	bits []bool // pending bit fields, packed into one octet by flushBits
}

func (e *encoder) octet(v byte) { e.flushBits(); e.buf = append(e.buf, v) }
func (e *encoder) short(v uint16) {
	e.flushBits()
	e.buf = binary.BigEndian.AppendUint16(e.buf, v)
}
func (e *encoder) long(v uint32) {
	e.flushBits()
	e.buf = binary.BigEndian.AppendUint32(e.buf, v)
}
func (e *encoder) longlong(v uint64) {
	e.flushBits()
	e.buf = binary.BigEndian.AppendUint64(e.buf, v)
}

// shortstr is a string of at most 255 bytes, its length in one octet.
func (e *encoder) shortstr(s string) {
	e.flushBits()
	if len(s) > 255 {
		e.fail(fmt.Errorf("amqp: short string of %d bytes (at most 255)", len(s)))
		return
	}
	e.buf = append(e.buf, byte(len(s)))
	e.buf = append(e.buf, s...)
}

// longstr is a string with a 32-bit length.
func (e *encoder) longstr(s string) {
	e.long(uint32(len(s)))
	e.buf = append(e.buf, s...)
}

// bit queues one bit field: consecutive bits share an octet, the first in
// the lowest bit (§4.2.5.2), so they are packed when the next non-bit field
// or the end of the payload comes.
func (e *encoder) bit(v bool) {
	if len(e.bits) == 8 {
		e.flushBits()
	}
	e.bits = append(e.bits, v)
}

func (e *encoder) flushBits() {
	if len(e.bits) == 0 {
		return
	}
	var o byte
	for i, b := range e.bits {
		if b {
			o |= 1 << i
		}
	}
	e.bits = e.bits[:0]
	e.buf = append(e.buf, o)
}

func (e *encoder) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// bytes is the payload, with any pending bits packed.
func (e *encoder) bytes() ([]byte, error) {
	e.flushBits()
	return e.buf, e.err
}

// decoder reads a payload field by field. The first short read sets err and
// every later read returns zero values, so a method is decoded in a straight
// line and checked once.
type decoder struct {
	buf     []byte
	err     error
	inBits  bool // the last field read was a bit, from bitByte
	bitByte byte
	bitN    uint // bits already taken from bitByte
}

func newDecoder(b []byte) *decoder { return &decoder{buf: b} }

// take returns the next n bytes, or nil and errShort when there are fewer.
func (d *decoder) take(n int) []byte {
	d.inBits = false
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.buf) {
		d.err = errShort
		return nil
	}
	out := d.buf[:n]
	d.buf = d.buf[n:]
	return out
}

func (d *decoder) octet() byte {
	if b := d.take(1); b != nil {
		return b[0]
	}
	return 0
}
func (d *decoder) short() uint16 {
	if b := d.take(2); b != nil {
		return binary.BigEndian.Uint16(b)
	}
	return 0
}
func (d *decoder) long() uint32 {
	if b := d.take(4); b != nil {
		return binary.BigEndian.Uint32(b)
	}
	return 0
}
func (d *decoder) longlong() uint64 {
	if b := d.take(8); b != nil {
		return binary.BigEndian.Uint64(b)
	}
	return 0
}
func (d *decoder) shortstr() string { return string(d.take(int(d.octet()))) }

// longstr checks its 32-bit length against what is left of the payload
// before slicing, so a lying length is an error, not an allocation.
func (d *decoder) longstr() string {
	n := d.long()
	if d.err == nil && uint64(n) > uint64(len(d.buf)) {
		d.err = errShort
		return ""
	}
	return string(d.take(int(n)))
}

// bit reads the next bit field; consecutive bits come from one octet.
func (d *decoder) bit() bool {
	if !d.inBits || d.bitN == 8 {
		b := d.take(1)
		if b == nil {
			return false
		}
		d.inBits, d.bitByte, d.bitN = true, b[0], 0
	}
	v := d.bitByte&(1<<d.bitN) != 0
	d.bitN++
	return v
}
