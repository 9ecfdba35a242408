package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
	// Valid JSON, so a walk over its bytes finds each member: encoding/json's
	// tokens cost an allocation per token, and every request and envelope
	// goes through here. The members alias a copy, never the caller's bytes.
	text := bytes.Clone(bytes.TrimSpace(raw))
	if text[0] != '{' {
		return nil, errNotObject
	}
	var members []member
	index := map[string]int{} // setMember per key would be quadratic in a wide object
	for i := skipSpace(text, 1); text[i] != '}'; {
		keyEnd := stringEnd(text, i)
		key := unquoteKey(text[i:keyEnd])
		valueStart := skipSpace(text, skipSpace(text, keyEnd)+1) // past the colon
		valueEnd := jsonValueEnd(text, valueStart)
		value := json.RawMessage(text[valueStart:valueEnd:valueEnd])
		if at, seen := index[key]; seen {
			members[at].value = value
		} else {
			index[key] = len(members)
			members = append(members, member{key, value})
		}
		if i = skipSpace(text, valueEnd); text[i] == ',' {
			i = skipSpace(text, i+1)
		}
	}
	return members, nil
}

// unquoteKey decodes a key of valid JSON, quotes included, as encoding/json
// does: escapes resolved, bytes that are not UTF-8 each replaced by U+FFFD.
func unquoteKey(quoted []byte) string {
	inner := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var key string
	json.Unmarshal(quoted, &key) // valid JSON: it cannot fail
	return key
}

// skipSpace is the index of the first byte at or after i that is not JSON
// whitespace.
func skipSpace(text []byte, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	return i
}

// stringEnd is the index just past the JSON string that starts at
// text[start], its opening quote; len(text) when nothing closes it.
func stringEnd(text []byte, start int) int {
	for i := start + 1; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(text)
}

// jsonValueEnd is the index just past the value of valid JSON that starts
// at text[start].
func jsonValueEnd(text []byte, start int) int {
	switch text[start] {
	case '"':
		return stringEnd(text, start)
	case '{', '[':
		depth := 0
		for i := start; i < len(text); i++ {
			switch text[i] {
			case '"':
				i = stringEnd(text, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(text)
	}
	i := start // a number, true, false or null
	for i < len(text) && strings.IndexByte(",}] \t\n\r", text[i]) < 0 {
		i++
	}
	return i
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
