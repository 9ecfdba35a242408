package model

import (
	"bytes"
	"fmt"
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
// is not UTF-8, escapes of unpaired surrogates (a decoder would turn both
// into U+FFFD, so generated code would differ from the vendored file), a
// byte order mark, and anything past MaxDepth, MaxStringBytes or the number
// limits (MaxNumberDigits, MaxNumberExponent).
func Parse(data []byte) (Value, error) {
	return parse(data, MaxDepth, MaxStringBytes)
}

// derivedDepth is how many levels an answer of the oracle wraps a suite
// value in (result, view, data), with room to spare.
const derivedDepth = 8

// ParseDerived reads JSON that bqgen computed from a suite (an oracle's
// answer), with Parse's rules but two limits raised: a suite file may be
// one of its strings (a re-encoded envelope), and a suite value may sit a
// few levels deeper in it than in the suite. It stays bounded by its
// inputs, which met the suite's limits.
func ParseDerived(data []byte) (Value, error) {
	return parse(data, MaxDepth+derivedDepth, MaxFileBytes)
}

func parse(data []byte, maxDepth, maxString int) (Value, error) {
	if err := checkText(data); err != nil {
		return Value{}, err
	}
	sc := &scanner{src: data, maxDepth: maxDepth, maxString: maxString}
	sc.skipSpace()
	v, err := sc.value(0)
	if err != nil {
		return Value{}, err
	}
	sc.skipSpace()
	if sc.pos < len(data) {
		return Value{}, sc.errorAt(sc.pos, "unexpected data after the JSON value")
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
