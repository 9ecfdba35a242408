package quote

import (
	"bytes"
	"unicode/utf8"
)

// JSON is JSON text b, as encoding/json wrote it, with every hidden
// character that is not JSON's own layout written as a \uXXXX escape (a
// surrogate pair above U+FFFF), every byte that is not UTF-8 as \ufffd,
// and the bracket of "##[" (a workflow command anywhere in a line of a CI
// log) as \u005b. The encoder escapes the C0 controls in strings but
// writes DEL, C1, bidi and invisible characters as they are; outside a
// string JSON holds only ASCII and never "#", so each of those is inside a
// string, where the escape means the same character: a reader decodes
// what it did, a log or a terminal shows no hidden character and runs no
// command (a JSON line never opens with "::").
func JSON(b []byte) []byte {
	if !jsonNeedsEscape(b) {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '[' && bytes.HasSuffix(out, []byte("##")):
			out = append(out, `\u005b`...)
		case jsonLayout(r) || !Hidden(r):
			out = append(out, b[i:i+size]...)
		case r > 0xFFFF:
			r -= 0x10000
			out = appendU4(appendU4(out, 0xD800+r>>10), 0xDC00+r&0x3FF)
		default:
			out = appendU4(out, r)
		}
		i += size
	}
	return out
}

// jsonLayout is the whitespace JSON text may hold outside strings.
func jsonLayout(r rune) bool { return r == '\n' || r == '\t' }

func jsonNeedsEscape(b []byte) bool {
	if bytes.Contains(b, []byte("##[")) {
		return true
	}
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || !jsonLayout(r) && Hidden(r) {
			return true
		}
		i += size
	}
	return false
}

// appendU4 appends the JSON escape \uXXXX of the UTF-16 unit u.
func appendU4(out []byte, u rune) []byte {
	return appendHex(append(out, `\u`...), u, 4)
}
