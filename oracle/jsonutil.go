package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// member is one key/value pair of a JSON object, with the value kept as the
// exact bytes of the input: number text, key order and {} vs [] all survive.
type member struct {
	key   string
	value json.RawMessage
}

// errNotObject marks a JSON text that is valid but not an object.
var errNotObject = errors.New("not a JSON object")

// parseObject returns the members of the JSON object raw, in input order. A
// duplicate key keeps its first position and takes its last value, which is
// what JSON.parse, Python's json and encoding/json all agree on.
func parseObject(raw []byte) ([]member, error) {
	if !json.Valid(raw) {
		var v any // decode again only to get encoding/json's description
		return nil, fmt.Errorf("not valid JSON: %w", json.Unmarshal(raw, &v))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, _ := dec.Token(); tok != json.Delim('{') {
		return nil, errNotObject
	}
	var members []member
	index := map[string]int{} // setMember per key would be quadratic in a wide object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		key := tok.(string)
		if i, seen := index[key]; seen {
			members[i].value = value
			continue
		}
		index[key] = len(members)
		members = append(members, member{key, value})
	}
	return members, nil
}

// setMember replaces the value of key in place, or appends a new member.
func setMember(members []member, key string, value json.RawMessage) []member {
	for i := range members {
		if members[i].key == key {
			members[i].value = value
			return members
		}
	}
	return append(members, member{key, value})
}

// lookup returns the raw value of key, or nil when the object has no such key.
func lookup(members []member, key string) json.RawMessage {
	for _, m := range members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// asString decodes raw as a JSON string; ok is false for any other JSON type.
func asString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}

// asInt reads raw as a JSON integer literal (no fraction, no exponent) that
// fits int64. Envelope integers are typed integers in every SDK, so 1.0 is not
// accepted where an integer is required.
func asInt(raw json.RawMessage) (int64, bool) {
	if len(raw) == 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return n, err == nil
}

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool {
	return len(raw) > 0 && raw[0] == '{'
}

// compact strips insignificant whitespace from the valid JSON value raw. It
// never rewrites strings or numbers, so the value's text is otherwise kept.
func compact(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

// marshal encodes v as compact JSON without HTML escaping: the envelope is not
// embedded in HTML, and "<" must stay "<" for byte-level comparisons.
func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// mustMarshalString encodes a Go string as a JSON string; it cannot fail.
func mustMarshalString(s string) json.RawMessage {
	raw, _ := marshal(s)
	return raw
}

// writeObject renders members as one compact JSON object, in slice order.
func writeObject(members []member) json.RawMessage {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(mustMarshalString(m.key))
		buf.WriteByte(':')
		buf.Write(compact(m.value))
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// pointerEscaper escapes a reference token (RFC 6901 §3); built once.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointer renders an RFC 6901 JSON pointer from reference tokens.
func pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(t))
	}
	return b.String()
}
