package amqp

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// Table is an AMQP field table: queue arguments, server properties.
type Table = map[string]any

// Decimal is a field table's 'D' value: Value / 10^Scale.
type Decimal struct {
	Scale uint8
	Value int32
}

// maxTableDepth bounds nested tables and arrays when reading, so a peer
// cannot make the decoder recurse as deep as a frame has bytes.
const maxTableDepth = 32

// table writes t with its keys sorted, so one Table always encodes to the
// same bytes (tests compare them). A value of a type the writer does not
// know is an error, not a silent drop: RabbitMQ would then see a different
// queue than the caller declared.
func (e *encoder) table(t Table) {
	var body encoder
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		body.shortstr(k)
		body.value(k, t[k])
	}
	b, err := body.bytes()
	if err != nil {
		e.fail(err)
		return
	}
	e.long(uint32(len(b)))
	e.buf = append(e.buf, b...)
}

func (e *encoder) value(key string, v any) {
	switch v := v.(type) {
	case string:
		e.octet('S')
		e.longstr(v)
	case bool:
		e.octet('t')
		if v {
			e.octet(1)
		} else {
			e.octet(0)
		}
	case int32:
		e.octet('I')
		e.long(uint32(v))
	case int:
		if v >= math.MinInt32 && v <= math.MaxInt32 {
			e.value(key, int32(v))
		} else {
			e.value(key, int64(v))
		}
	case int64:
		e.octet('l')
		e.longlong(uint64(v))
	case Table:
		e.octet('F')
		e.table(v)
	case []byte:
		e.octet('x')
		e.longstr(string(v))
	case nil:
		e.octet('V')
	default:
		e.fail(fmt.Errorf("amqp: field %q: cannot write a %T in a field table", key, v))
	}
}

// table reads a field table. Its length is checked against the payload
// before anything is read from it, and an unknown value type ends the read
// with an error: the types' sizes differ, so nothing after it could be
// trusted.
func (d *decoder) table(depth int) Table {
	sub := d.sized()
	if sub == nil {
		return nil
	}
	t := Table{}
	for len(sub.buf) > 0 && sub.err == nil {
		k := sub.shortstr()
		t[k] = sub.value(depth)
	}
	if sub.err != nil && d.err == nil {
		d.err = sub.err
	}
	return t
}

// sized takes a 32-bit length and that many bytes, as a decoder of their own.
func (d *decoder) sized() *decoder {
	n := d.long()
	if d.err == nil && uint64(n) > uint64(len(d.buf)) {
		d.err = errShort
	}
	b := d.take(int(n))
	if d.err != nil {
		return nil
	}
	return newDecoder(b)
}

func (d *decoder) value(depth int) any {
	typ := d.octet()
	if d.err != nil {
		return nil
	}
	switch typ {
	case 't':
		return d.octet() != 0
	case 'b':
		return int8(d.octet())
	case 'B':
		return d.octet()
	case 's':
		return int16(d.short())
	case 'u':
		return d.short()
	case 'I':
		return int32(d.long())
	case 'i':
		return d.long()
	case 'l':
		return int64(d.longlong())
	case 'f':
		return math.Float32frombits(d.long())
	case 'd':
		return math.Float64frombits(d.longlong())
	case 'D':
		return Decimal{Scale: d.octet(), Value: int32(d.long())}
	case 'S':
		return d.longstr()
	case 'x':
		return []byte(d.longstr())
	case 'T':
		return time.Unix(int64(d.longlong()), 0).UTC()
	case 'V':
		return nil
	case 'F', 'A':
		if depth >= maxTableDepth {
			d.err = fmt.Errorf("amqp: field table nested deeper than %d", maxTableDepth)
			return nil
		}
		if typ == 'F' {
			return d.table(depth + 1)
		}
		return d.array(depth + 1)
	}
	d.err = fmt.Errorf("amqp: unknown field value type 0x%02X", typ)
	return nil
}

// array reads an 'A' value: a sized run of values without names.
func (d *decoder) array(depth int) []any {
	sub := d.sized()
	if sub == nil {
		return nil
	}
	var out []any
	for len(sub.buf) > 0 && sub.err == nil {
		out = append(out, sub.value(depth))
	}
	if sub.err != nil && d.err == nil {
		d.err = sub.err
	}
	return out
}
