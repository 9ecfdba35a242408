package node

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTsString: every string becomes one TypeScript string literal with no
// raw line terminator that reads back as exactly that string.
func FuzzTsString(f *testing.F) {
	for _, s := range adversarial {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		lit := tsString(s)
		if strings.ContainsAny(lit, "\n\r\u2028\u2029") {
			t.Fatalf("tsString(%q) = %q holds a raw line terminator", s, lit)
		}
		got, err := decodeTsString(lit)
		if err != nil || got != s {
			t.Fatalf("tsString(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
	})
}

// decodeTsString reads a double-quoted JavaScript string literal with the
// escapes tsString may write: the single-character ones, \uXXXX and \u{X}.
func decodeTsString(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("not quoted")
	}
	simple := map[byte]rune{'"': '"', '\\': '\\', 'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'f': '\f'}
	body := lit[1 : len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch {
		case body[i] == '"':
			return "", fmt.Errorf("unescaped quote at %d", i)
		case body[i] != '\\':
			b.WriteByte(body[i])
			continue
		case i+1 == len(body):
			return "", fmt.Errorf("dangling backslash")
		}
		i++
		if r, ok := simple[body[i]]; ok {
			b.WriteRune(r)
			continue
		}
		if body[i] != 'u' {
			return "", fmt.Errorf("escape \\%c", body[i])
		}
		hex, width := body[i+1:], 4
		if strings.HasPrefix(hex, "{") {
			end := strings.IndexByte(hex, '}')
			if end < 0 {
				return "", fmt.Errorf("unclosed \\u{")
			}
			hex, width = hex[1:end], end+1
		} else if len(hex) >= 4 {
			hex = hex[:4]
		}
		n, err := strconv.ParseUint(hex, 16, 32)
		if err != nil {
			return "", err
		}
		b.WriteRune(rune(n))
		i += width
	}
	return b.String(), nil
}
