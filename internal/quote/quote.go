// Package quote prints names that come from a suite or a checkout — file
// names, case names, paths from bqgen.yaml — so that no control character
// in them reaches a terminal: a name that prints as it is stays as it is,
// any other is printed as a Go string literal, as git quotes unusual paths.
package quote

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Name is s unchanged when strconv.Quote would escape nothing in it, and
// strconv.Quote(s) otherwise: "\x1b[31mred.json", "a\nb", "" all come out
// quoted, README.md does not.
func Name(s string) string {
	q := strconv.Quote(s)
	if s != "" && q[1:len(q)-1] == s {
		return s
	}
	return q
}

// Text is a message that may hold names already formatted into it: every
// character that is not printable is escaped as in a Go string, except
// newlines and tabs, which a message uses for its own layout. It is the last
// line of defence for errors from packages that print names as they are.
func Text(s string) string {
	if plainText(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' || r == '\t' || strconv.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// plainText reports whether Text has nothing to escape in s.
func plainText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || (r != '\n' && r != '\t' && !strconv.IsPrint(r)) {
			return false
		}
	}
	return true
}
