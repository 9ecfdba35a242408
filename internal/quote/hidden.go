package quote

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether r would not show as itself wherever bqgen's text
// is read — a terminal, a CI log, a pull request, a page: every control
// character (C0 with CR, LF and tab, DEL, C1), every format character
// (bidi marks, embeddings, overrides and isolates, zero-width spaces and
// joiners, the soft hyphen, the byte order mark, tags), the line and
// paragraph separators, private-use, surrogate and unassigned code points
// (a newer Unicode may make any of those a format character), and the
// default-ignorable letters and marks that render as nothing (Hangul
// fillers, variation selectors). Spaces other than U+0020 show as blanks
// and are not hidden. It is the one definition of hidden text for every
// output format: the gate, Text, Value, JSON, Markdown and HTML.
func Hidden(r rune) bool {
	return !unicode.IsGraphic(r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

// Value is s as one line with every hidden character visible: each is
// written as a Go escape (\n, \r, \t, \x1b, \u202e, \U000e0001) and each
// byte that is not UTF-8 as \xNN. For a value from input inside a message
// whose lines are bqgen's: a key holding a newline shows as "a\nb".
func Value(s string) string {
	return escape(s, false)
}

// escape is s with every hidden character escaped; but line feeds and
// tabs, which a message uses for its own layout, when keepLayout is set.
func escape(s string, keepLayout bool) string {
	if !needsEscape(s, keepLayout) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(byteEscape(s[i]))
		case keepLayout && (r == '\n' || r == '\t'), !Hidden(r):
			b.WriteString(s[i : i+size])
		default:
			b.WriteString(RuneEscape(r))
		}
		i += size
	}
	return b.String()
}

// needsEscape reports whether escape has anything to do in s.
func needsEscape(s string, keepLayout bool) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || Hidden(r) && !(keepLayout && (r == '\n' || r == '\t')) {
			return true
		}
		i += size
	}
	return false
}

// RuneEscape is how a hidden rune shows: as in a Go string literal.
func RuneEscape(r rune) string {
	if i := strings.IndexRune("\a\b\f\n\r\t\v", r); i >= 0 {
		return `\` + "abfnrtv"[i:i+1]
	}
	switch {
	case r < utf8.RuneSelf:
		return byteEscape(byte(r))
	case r <= 0xFFFF:
		return string(appendHex([]byte(`\u`), r, 4))
	}
	return string(appendHex([]byte(`\U`), r, 8))
}

// byteEscape is a byte that is not UTF-8 (or an ASCII control), as \xNN.
func byteEscape(c byte) string {
	return string(appendHex([]byte(`\x`), rune(c), 2))
}

// appendHex appends v's last digits hexadecimal digits, lower case.
func appendHex(out []byte, v rune, digits int) []byte {
	const hex = "0123456789abcdef"
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		out = append(out, hex[v>>uint(shift)&15])
	}
	return out
}
