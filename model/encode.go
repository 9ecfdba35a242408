package model

import (
	"bytes"
	"encoding/json"
)

// Compact renders the value as compact JSON. Number literals keep their text
// and object members their order, so Parse(Compact(v)) gives v back.
func (v Value) Compact() string {
	var b bytes.Buffer
	v.writeCompact(&b)
	return b.String()
}

func (v Value) writeCompact(b *bytes.Buffer) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		if v.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case Number:
		b.WriteString(v.Text)
	case String:
		writeJSONString(b, v.Text)
	case Array:
		b.WriteByte('[')
		for i, item := range v.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			item.writeCompact(b)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, m.Key)
			b.WriteByte(':')
			m.Value.writeCompact(b)
		}
		b.WriteByte('}')
	}
}

// writeJSONString quotes s without HTML escaping: the output is meant to be
// embedded in source code, where "<" needs no protection.
func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	b.Truncate(b.Len() - 1)
}

// Indented renders the value as JSON with one member or item per line,
// nested levels indented by indent, keeping number text and member order as
// Compact does. Empty arrays and objects stay "[]" and "{}".
func (v Value) Indented(indent string) string {
	var b bytes.Buffer
	v.writeIndented(&b, indent, "")
	return b.String()
}

func (v Value) writeIndented(b *bytes.Buffer, indent, prefix string) {
	switch {
	case v.Kind == Array && len(v.Items) > 0:
		b.WriteString("[\n")
		for i, item := range v.Items {
			b.WriteString(prefix + indent)
			item.writeIndented(b, indent, prefix+indent)
			writeSeparator(b, i, len(v.Items))
		}
		b.WriteString(prefix + "]")
	case v.Kind == Object && len(v.Members) > 0:
		b.WriteString("{\n")
		for i, m := range v.Members {
			b.WriteString(prefix + indent)
			writeJSONString(b, m.Key)
			b.WriteString(": ")
			m.Value.writeIndented(b, indent, prefix+indent)
			writeSeparator(b, i, len(v.Members))
		}
		b.WriteString(prefix + "}")
	default:
		v.writeCompact(b)
	}
}

func writeSeparator(b *bytes.Buffer, i, n int) {
	if i < n-1 {
		b.WriteByte(',')
	}
	b.WriteByte('\n')
}
