package python

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzPyString: every string becomes one double-quoted Python literal on
// one line whose escapes (\" \\ \n \r \t \uXXXX \UXXXXXXXX, a subset Go
// reads the same way) give back exactly that string; pyText's adjacent
// literals concatenate to it too.
func FuzzPyString(f *testing.F) {
	for _, s := range []string{"", "plain", `quote " back \ slash`, "line\nfeed\r\ttab", "\x00\x1f\x7f",
		"\u2028\u2029\u0085\ufeff", "e\u0301", "😀 𝄞", "{x} {{y}} \\N{BULLET} f'", `"""`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		lit := pyString(s)
		if strings.ContainsAny(lit, "\n\r\u2028\u2029\u0085\x00") {
			t.Fatalf("pyString(%q) = %q holds a raw line break or NUL", s, lit)
		}
		got, err := strconv.Unquote(lit)
		if err != nil || got != s {
			t.Fatalf("pyString(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
		var joined strings.Builder
		for _, line := range strings.Split(pyText(s, 20), "\n") {
			line = strings.TrimSpace(line)
			if line == "(" || line == ")" {
				continue
			}
			part, err := strconv.Unquote(line)
			if err != nil {
				t.Fatalf("pyText(%q): line %s is not one literal: %v", s, line, err)
			}
			joined.WriteString(part)
		}
		if joined.String() != s {
			t.Fatalf("pyText(%q) concatenates to %q", s, joined.String())
		}
	})
}
