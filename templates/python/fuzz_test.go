package python

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzPyString: every string becomes one double-quoted Python literal on
// one line whose escapes (\" \\ \n \r \t \uXXXX \UXXXXXXXX, a subset Go
// reads the same way) give back exactly that string, and so does its
// triple-quoted docstring.
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
		doc := pyDoc(s, "", 76) // a summary alone: the docstring is s exactly
		if got, err := decodeDocstring(doc); err != nil || got != s {
			t.Fatalf("pyDoc(%q) = %s reads back as %q (%v)", s, doc, got, err)
		}
		doc = pyDoc("name", s, 1<<30) // a body, not wrapped: "name\n\n" + s + "\n"
		if got, err := decodeDocstring(doc); s != "" && (err != nil || got != "name\n\n"+s+"\n") {
			t.Fatalf("pyDoc(name, %q) = %s reads back as %q (%v)", s, doc, got, err)
		}
	})
}

// decodeDocstring reads a triple-quoted literal with the escapes pyDoc
// writes, refusing an unescaped run of three quotes inside it.
func decodeDocstring(lit string) (string, error) {
	if len(lit) < 6 || !strings.HasPrefix(lit, `"""`) || !strings.HasSuffix(lit, `"""`) {
		return "", fmt.Errorf("not triple-quoted")
	}
	body := lit[3 : len(lit)-3]
	var b strings.Builder
	quotes := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"':
			if quotes++; quotes == 3 {
				return "", fmt.Errorf("three quotes at %d end the literal", i)
			}
			b.WriteString(`\"`)
			continue
		case c == '\\' && i+1 < len(body):
			b.WriteString(body[i : i+2])
			i++
		case c == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
		quotes = 0
	}
	return strconv.Unquote(`"` + b.String() + `"`)
}
