package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// ParseError is a JSON document that cannot be read: a syntax error (with
// its line and column) or a duplicate object key (with its pointer).
type ParseError struct {
	Line, Column int     // 1-based; 0 when the error has no position
	Pointer      Pointer // the object holding a duplicate key, else nil
	Msg          string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Pointer, e.Msg)
}

// The limits of a suite's JSON, checked while parsing: a suite comes from a
// pull request, and a hostile one must get an error, not exhaust the machine.
// Real suites stay far below them (a manifest is about ten levels deep).
const (
	// MaxDepth is how deeply arrays and objects may nest.
	MaxDepth = 256
	// MaxStringBytes is the longest string (key or value), in UTF-8 bytes.
	MaxStringBytes = 1 << 20
)

// byteOrderMark is UTF-8's encoding of U+FEFF.
var byteOrderMark = []byte{0xEF, 0xBB, 0xBF}

// Parse reads one JSON document into a Value, keeping number text and member
// order. Duplicate keys are an error: JSON leaves their meaning open, and a
// suite must not mean different things to different SDKs. So are text that
// is not UTF-8, escapes of unpaired surrogates (the decoder would turn both
// into U+FFFD, so generated code would differ from the vendored file), a
// byte order mark, and anything past MaxDepth or MaxStringBytes.
func Parse(data []byte) (Value, error) {
	if err := checkText(data); err != nil {
		return Value{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &parser{dec: dec, src: data}
	v, err := p.value(0)
	if err != nil {
		return Value{}, p.wrap(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Value{}, p.positioned(dec.InputOffset(), "unexpected data after the JSON value")
	}
	if offset, ok := unpairedSurrogate(data); ok {
		return Value{}, p.positioned(offset, "escape of an unpaired UTF-16 surrogate: it is no character, and decoders replace it differently")
	}
	return v, nil
}

// checkText rejects a byte order mark and bytes that are not UTF-8, naming
// the line and column.
func checkText(data []byte) error {
	if bytes.HasPrefix(data, byteOrderMark) {
		return &ParseError{Line: 1, Column: 1, Msg: "the file starts with a UTF-8 byte order mark, which JSON text must not (RFC 8259 §8.1): save it without one"}
	}
	if utf8.Valid(data) {
		return nil
	}
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			line, col := LineColumn(data, int64(i))
			return &ParseError{Line: line, Column: col, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02X): suite files must be UTF-8", data[i])}
		}
		i += size
	}
	return nil
}

// unpairedSurrogate finds a \uD800-\uDFFF escape that is not a high surrogate
// followed by a low one. It runs on text that parsed, where a backslash only
// occurs inside strings and starts an escape.
func unpairedSurrogate(data []byte) (int64, bool) {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if i+1 < len(data) && data[i+1] != 'u' {
			i++ // a two-character escape such as \\ or \"
			continue
		}
		r := hex4(data, i+2)
		switch {
		case r >= 0xD800 && r <= 0xDBFF:
			if i+11 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
				if low := hex4(data, i+8); low >= 0xDC00 && low <= 0xDFFF {
					i += 11
					continue
				}
			}
			return int64(i), true
		case r >= 0xDC00 && r <= 0xDFFF:
			return int64(i), true
		}
		i += 5
	}
	return 0, false
}

// hex4 reads the four hex digits at data[i:], or -1.
func hex4(data []byte, i int) rune {
	if i+4 > len(data) {
		return -1
	}
	var r rune
	for _, c := range data[i : i+4] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(d)
	}
	return r
}

// parser builds Values from the decoder's tokens. It keeps the path to the
// current value as a stack of keys, turned into a Pointer only for an error:
// a pointer per value would make memory quadratic in the nesting depth.
type parser struct {
	dec  *json.Decoder
	src  []byte
	path []string
}

func (p *parser) value(depth int) (Value, error) {
	offset := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxDepth && (t == '{' || t == '[') {
			return Value{}, p.positioned(offset, fmt.Sprintf("arrays and objects nest deeper than %d levels", MaxDepth))
		}
		if t == '{' {
			return p.object(depth, offset)
		}
		if t == '[' {
			return p.array(depth, offset)
		}
		return Value{}, p.positioned(p.dec.InputOffset(), fmt.Sprintf("unexpected %q", rune(t)))
	case json.Number:
		return Value{Kind: Number, Text: string(t), Offset: offset}, nil
	case string:
		if len(t) > MaxStringBytes {
			return Value{}, p.positioned(offset, fmt.Sprintf("a string of %d bytes; the limit is %d", len(t), MaxStringBytes))
		}
		return Value{Kind: String, Text: t, Offset: offset}, nil
	case bool:
		return Value{Kind: Bool, Bool: t, Offset: offset}, nil
	default:
		return Value{Kind: Null, Offset: offset}, nil
	}
}

func (p *parser) object(depth int, offset int64) (Value, error) {
	v := Value{Kind: Object, Offset: offset, Members: []Member{}}
	seen := map[string]bool{}
	for p.dec.More() {
		keyOffset := p.dec.InputOffset()
		tok, err := p.dec.Token()
		if err != nil {
			return Value{}, err
		}
		key, _ := tok.(string) // the decoder only yields strings as object keys
		if len(key) > MaxStringBytes {
			return Value{}, p.positioned(keyOffset, fmt.Sprintf("a key of %d bytes; the limit is %d", len(key), MaxStringBytes))
		}
		if seen[key] {
			return Value{}, &ParseError{Pointer: p.pointer(key), Msg: fmt.Sprintf("duplicate key %q", key)}
		}
		seen[key] = true
		p.path = append(p.path, key)
		member, err := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return Value{}, err
		}
		v.Members = append(v.Members, Member{Key: key, Value: member})
	}
	_, err := p.dec.Token() // the closing brace
	return v, err
}

func (p *parser) array(depth int, offset int64) (Value, error) {
	v := Value{Kind: Array, Offset: offset, Items: []Value{}}
	for p.dec.More() {
		p.path = append(p.path, strconv.Itoa(len(v.Items)))
		item, err := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return Value{}, err
		}
		v.Items = append(v.Items, item)
	}
	_, err := p.dec.Token() // the closing bracket
	return v, err
}

// pointer is the path to the current value's member key.
func (p *parser) pointer(key string) Pointer {
	return append(append(Pointer{}, p.path...), key)
}

// wrap turns the decoder's errors into ParseErrors with a line and column.
func (p *parser) wrap(err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return p.positioned(se.Offset, se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.positioned(int64(len(p.src)), "unexpected end of JSON input")
	}
	return p.positioned(p.dec.InputOffset(), err.Error())
}

func (p *parser) positioned(offset int64, msg string) *ParseError {
	line, col := LineColumn(p.src, offset)
	return &ParseError{Line: line, Column: col, Msg: msg}
}

// LineColumn converts a byte offset into a 1-based line and column; the column
// counts characters, as editors do.
func LineColumn(src []byte, offset int64) (int, int) {
	if offset > int64(len(src)) {
		offset = int64(len(src))
	}
	before := src[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	col := len([]rune(string(before[lineStart:]))) + 1
	return line, col
}
