package amqp

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Bits pack into octets, first bit lowest, and a non-bit field closes the
// octet (§4.2.5.2).
func TestBits(t *testing.T) {
	e := &encoder{}
	for _, b := range []bool{true, false, true, false, false, false, false, false, true} {
		e.bit(b)
	}
	e.short(0xABCD)
	e.bit(true)
	got, _ := e.bytes()
	if want := []byte{0x05, 0x01, 0xAB, 0xCD, 0x01}; !bytes.Equal(got, want) {
		t.Fatalf("encoded % x, want % x", got, want)
	}
	d := newDecoder(got)
	var bits []bool
	for range 9 {
		bits = append(bits, d.bit())
	}
	short, last := d.short(), d.bit()
	if want := []bool{true, false, true, false, false, false, false, false, true}; !reflect.DeepEqual(bits, want) || short != 0xABCD || !last || d.err != nil {
		t.Fatalf("decoded %v %x %v %v", bits, short, last, d.err)
	}
}

func TestStrings(t *testing.T) {
	e := &encoder{}
	e.shortstr("queue")
	e.longstr("\x00guest\x00guest")
	got, err := e.bytes()
	if err != nil || string(got) != "\x05queue\x00\x00\x00\x0c\x00guest\x00guest" {
		t.Fatalf("%q %v", got, err)
	}
	d := newDecoder(got)
	if s, l := d.shortstr(), d.longstr(); s != "queue" || l != "\x00guest\x00guest" || d.err != nil {
		t.Fatalf("%q %q %v", s, l, d.err)
	}
	e = &encoder{}
	e.shortstr(strings.Repeat("x", 256))
	if _, err := e.bytes(); err == nil {
		t.Fatal("a 256-byte short string was written")
	}
	// A long string that claims more bytes than the payload has.
	d = newDecoder([]byte("\xFF\xFF\xFF\xF0abc"))
	if d.longstr(); d.err != errShort {
		t.Fatalf("lying long string length: %v", d.err)
	}
}

// The writer's types, byte for byte, and back.
func TestTableRoundTrip(t *testing.T) {
	in := Table{
		"x-dead-letter-exchange": "dlx",
		"x-expires":              60000,
		"t":                      true,
		"nested":                 Table{"n": int32(-1)},
		"big":                    int64(math.MaxInt64),
		"void":                   nil,
		"bytes":                  []byte{1, 2},
	}
	e := &encoder{}
	e.table(in)
	got, err := e.bytes()
	if err != nil {
		t.Fatal(err)
	}
	out := newDecoder(got).table(0)
	want := Table{
		"x-dead-letter-exchange": "dlx", "x-expires": int32(60000), "t": true,
		"nested": Table{"n": int32(-1)}, "big": int64(math.MaxInt64), "void": nil,
		"bytes": []byte{1, 2},
	}
	if !reflect.DeepEqual(out, want) {
		t.Fatalf("read back %#v\nwant %#v", out, want)
	}
	e = &encoder{}
	e.table(Table{"a": "b", "t": true, "f": Table{"i": int32(1)}})
	got, _ = e.bytes()
	wire := "\x00\x00\x00\x1a" + "\x01aS\x00\x00\x00\x01b" + "\x01fF\x00\x00\x00\x07\x01iI\x00\x00\x00\x01" + "\x01tt\x01"
	if string(got) != wire {
		t.Fatalf("wire bytes %q, want %q (keys sorted)", got, wire)
	}
}

func TestTableRefusesUnknownGoTypes(t *testing.T) {
	e := &encoder{}
	e.table(Table{"f": 1.5})
	if _, err := e.bytes(); err == nil || !strings.Contains(err.Error(), `"f"`) {
		t.Fatalf("a float64 value: %v", err)
	}
}

// Every type RabbitMQ sends is read; an unknown one, a lying length or
// nesting past the limit fails cleanly.
func TestTableReading(t *testing.T) {
	body := "\x01bb\xFF" + "\x01BB\x07" + "\x01ss\xFF\xFE" + "\x01uu\x00\x02" + "\x01ii\x00\x00\x00\x03" +
		"\x01ff\x3f\xc0\x00\x00" + "\x01dd\x3f\xf8\x00\x00\x00\x00\x00\x00" + "\x01DD\x02\x00\x00\x01\x2c" +
		"\x01TT\x00\x00\x00\x00\x00\x00\x00\x3c" + "\x01AA\x00\x00\x00\x04t\x01t\x00"
	d := newDecoder([]byte(lengthPrefixed(body)))
	got := d.table(0)
	want := Table{"b": int8(-1), "B": uint8(7), "s": int16(-2), "u": uint16(2), "i": uint32(3),
		"f": float32(1.5), "d": 1.5, "D": Decimal{Scale: 2, Value: 300},
		"T": time.Unix(60, 0).UTC(), "A": []any{true, false}}
	if d.err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read %#v (%v)\nwant %#v", got, d.err, want)
	}
	for name, payload := range map[string]string{
		"unknown type": "\x00\x00\x00\x03\x01a?",
		"lying length": "\x00\x00\x01\x00\x01aSb",
		"cut value":    "\x00\x00\x00\x06\x01aS\x00\x00\x01",
		"cut in array": "\x00\x00\x00\x08\x01AA\x00\x00\x00\x01t",
	} {
		d := newDecoder([]byte(payload))
		d.table(0)
		if d.err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
	deep := ""
	for range maxTableDepth + 2 {
		deep = "\x01nF" + lengthPrefixed(deep)
	}
	d = newDecoder([]byte(lengthPrefixed(deep)))
	if d.table(0); d.err == nil || !strings.Contains(d.err.Error(), "deeper") {
		t.Fatalf("tables nested %d deep: %v", maxTableDepth+2, d.err)
	}
	if errors.Is(d.err, errShort) {
		t.Fatal("depth error reported as a short payload")
	}
}

func lengthPrefixed(s string) string {
	e := &encoder{}
	e.longstr(s)
	b, _ := e.bytes()
	return string(b)
}
