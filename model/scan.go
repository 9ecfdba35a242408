package model

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// scanner is Parse's recursive-descent reader over the document's bytes. It
// builds Values directly (encoding/json's token stream allocates an
// interface per token and was most of a large suite's load time), checks the
// limits as it goes, and keeps the path to the current value as a stack of
// keys, turned into a Pointer only for an error: a pointer per value would
// make memory quadratic in the nesting depth.
type scanner struct {
	src       []byte
	pos       int
	path      []string
	maxDepth  int // MaxDepth, or more for derived JSON (ParseDerived)
	maxString int // MaxStringBytes, or more for derived JSON
}

func (sc *scanner) errorAt(offset int, msg string) *ParseError {
	line, col := LineColumn(sc.src, int64(offset))
	return &ParseError{Line: line, Column: col, Msg: msg}
}

// unexpected reports the byte at the current position (or the end of the
// input) in the words encoding/json uses.
func (sc *scanner) unexpected(context string) *ParseError {
	if sc.pos >= len(sc.src) {
		return sc.errorAt(len(sc.src), "unexpected end of JSON input")
	}
	r, _ := utf8.DecodeRune(sc.src[sc.pos:])
	return sc.errorAt(sc.pos, fmt.Sprintf("invalid character %s %s", quoteChar(r), context))
}

// quoteChar spells a character as encoding/json's syntax errors do.
func quoteChar(r rune) string {
	switch r {
	case '\'', '"':
		return `'\` + string(r) + `'`
	}
	q := strconv.Quote(string(r))
	return "'" + q[1:len(q)-1] + "'"
}

func (sc *scanner) skipSpace() {
	for sc.pos < len(sc.src) {
		switch sc.src[sc.pos] {
		case ' ', '\t', '\n', '\r':
			sc.pos++
		default:
			return
		}
	}
}

// value reads the value starting at the current position (no space before).
func (sc *scanner) value(depth int) (Value, error) {
	start := sc.pos
	if sc.pos >= len(sc.src) {
		return Value{}, sc.unexpected("")
	}
	switch c := sc.src[sc.pos]; {
	case c == '{' || c == '[':
		if depth >= sc.maxDepth {
			return Value{}, sc.errorAt(start, fmt.Sprintf("arrays and objects nest deeper than %d levels", sc.maxDepth))
		}
		sc.pos++
		if c == '{' {
			return sc.object(depth, start)
		}
		return sc.array(depth, start)
	case c == '"':
		text, err := sc.str()
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: String, Text: text, Offset: int64(start)}, nil
	case c == '-' || ('0' <= c && c <= '9'):
		text, err := sc.number()
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: Number, Text: text, Offset: int64(start)}, nil
	case sc.literal("true"):
		return Value{Kind: Bool, Bool: true, Offset: int64(start)}, nil
	case sc.literal("false"):
		return Value{Kind: Bool, Offset: int64(start)}, nil
	case sc.literal("null"):
		return Value{Kind: Null, Offset: int64(start)}, nil
	}
	return Value{}, sc.unexpected("looking for beginning of value")
}

// literal consumes word if the input continues with it.
func (sc *scanner) literal(word string) bool {
	if !strings.HasPrefix(string(sc.src[sc.pos:min(len(sc.src), sc.pos+len(word))]), word) {
		return false
	}
	sc.pos += len(word)
	return true
}

func (sc *scanner) object(depth, start int) (Value, error) {
	v := Value{Kind: Object, Offset: int64(start), Members: []Member{}}
	var seen map[string]struct{}
	sc.skipSpace()
	if sc.pos < len(sc.src) && sc.src[sc.pos] == '}' {
		sc.pos++
		return v, nil
	}
	for {
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != '"' {
			return Value{}, sc.unexpected("looking for beginning of object key string")
		}
		key, err := sc.str()
		if err != nil {
			return Value{}, err
		}
		if seen == nil {
			seen = make(map[string]struct{}, 8)
		}
		if _, dup := seen[key]; dup {
			return Value{}, &ParseError{Pointer: append(append(Pointer{}, sc.path...), key), Msg: fmt.Sprintf("duplicate key %q", key)}
		}
		seen[key] = struct{}{}
		sc.skipSpace()
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != ':' {
			return Value{}, sc.unexpected("after object key")
		}
		sc.pos++
		sc.skipSpace()
		sc.path = append(sc.path, key)
		member, err := sc.value(depth + 1)
		sc.path = sc.path[:len(sc.path)-1]
		if err != nil {
			return Value{}, err
		}
		v.Members = append(v.Members, Member{Key: key, Value: member})
		sc.skipSpace()
		if sc.pos < len(sc.src) && sc.src[sc.pos] == '}' {
			sc.pos++
			return v, nil
		}
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != ',' {
			return Value{}, sc.unexpected("after object key:value pair")
		}
		sc.pos++
		sc.skipSpace()
	}
}

func (sc *scanner) array(depth, start int) (Value, error) {
	v := Value{Kind: Array, Offset: int64(start), Items: []Value{}}
	sc.skipSpace()
	if sc.pos < len(sc.src) && sc.src[sc.pos] == ']' {
		sc.pos++
		return v, nil
	}
	for {
		sc.path = append(sc.path, strconv.Itoa(len(v.Items)))
		item, err := sc.value(depth + 1)
		sc.path = sc.path[:len(sc.path)-1]
		if err != nil {
			return Value{}, err
		}
		v.Items = append(v.Items, item)
		sc.skipSpace()
		if sc.pos < len(sc.src) && sc.src[sc.pos] == ']' {
			sc.pos++
			return v, nil
		}
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != ',' {
			return Value{}, sc.unexpected("after array element")
		}
		sc.pos++
		sc.skipSpace()
	}
}

// number reads a JSON number (RFC 8259 §6) and returns its text as written,
// refusing one beyond the limits of CheckNumber.
func (sc *scanner) number() (string, error) {
	start := sc.pos
	digits := func() int {
		n := 0
		for sc.pos < len(sc.src) && '0' <= sc.src[sc.pos] && sc.src[sc.pos] <= '9' {
			sc.pos++
			n++
		}
		return n
	}
	if sc.src[sc.pos] == '-' {
		sc.pos++
	}
	if sc.pos < len(sc.src) && sc.src[sc.pos] == '0' {
		sc.pos++
	} else if digits() == 0 {
		return "", sc.unexpected("in numeric literal")
	}
	if sc.pos < len(sc.src) && sc.src[sc.pos] == '.' {
		sc.pos++
		if digits() == 0 {
			return "", sc.unexpected("after decimal point in numeric literal")
		}
	}
	if sc.pos < len(sc.src) && (sc.src[sc.pos] == 'e' || sc.src[sc.pos] == 'E') {
		sc.pos++
		if sc.pos < len(sc.src) && (sc.src[sc.pos] == '+' || sc.src[sc.pos] == '-') {
			sc.pos++
		}
		if digits() == 0 {
			return "", sc.unexpected("in exponent of numeric literal")
		}
	}
	text := string(sc.src[start:sc.pos])
	if err := CheckNumber(text); err != nil {
		return "", sc.errorAt(start, err.Error())
	}
	return text, nil
}

// str reads a string literal starting at its opening quote and returns the
// decoded text. The input is valid UTF-8 (checkText ran first).
func (sc *scanner) str() (string, error) {
	start := sc.pos
	sc.pos++
	// Fast path: no escapes.
	for i := sc.pos; i < len(sc.src); i++ {
		c := sc.src[i]
		if c == '"' {
			if i-sc.pos > sc.maxString {
				return "", sc.tooLong(start, i-sc.pos)
			}
			text := string(sc.src[sc.pos:i])
			sc.pos = i + 1
			return text, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	var b strings.Builder
	for {
		if sc.pos >= len(sc.src) {
			return "", sc.errorAt(len(sc.src), "unexpected end of JSON input")
		}
		c := sc.src[sc.pos]
		switch {
		case c == '"':
			sc.pos++
			if b.Len() > sc.maxString {
				return "", sc.tooLong(start, b.Len())
			}
			return b.String(), nil
		case c < 0x20:
			return "", sc.unexpected("in string literal")
		case c == '\\':
			if err := sc.escape(&b); err != nil {
				return "", err
			}
		default:
			b.WriteByte(c)
			sc.pos++
		}
	}
}

func (sc *scanner) tooLong(start, n int) *ParseError {
	return sc.errorAt(start, fmt.Sprintf("a string of %d bytes; the limit is %d", n, sc.maxString))
}

// escape decodes the escape at the current backslash into b. An escaped
// surrogate must be a high one followed by an escaped low one.
func (sc *scanner) escape(b *strings.Builder) error {
	start := sc.pos
	sc.pos++
	if sc.pos >= len(sc.src) {
		return sc.errorAt(len(sc.src), "unexpected end of JSON input")
	}
	if simple, ok := simpleEscapes[sc.src[sc.pos]]; ok {
		b.WriteByte(simple)
		sc.pos++
		return nil
	}
	if sc.src[sc.pos] != 'u' {
		return sc.unexpected("in string escape code")
	}
	r := hex4(sc.src, sc.pos+1)
	if r < 0 {
		sc.pos++
		return sc.unexpected("in \\u hexadecimal character escape")
	}
	sc.pos += 5
	if utf16.IsSurrogate(r) {
		low := rune(-1)
		if r < 0xDC00 && sc.pos+1 < len(sc.src) && sc.src[sc.pos] == '\\' && sc.src[sc.pos+1] == 'u' {
			low = hex4(sc.src, sc.pos+2)
		}
		if low < 0xDC00 || low > 0xDFFF {
			return sc.errorAt(start, "escape of an unpaired UTF-16 surrogate: it is no character, and decoders replace it differently")
		}
		sc.pos += 6
		r = utf16.DecodeRune(r, low)
	}
	b.WriteRune(r)
	return nil
}

var simpleEscapes = map[byte]byte{
	'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t',
}
