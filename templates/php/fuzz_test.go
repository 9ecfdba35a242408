package php

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzPHPString: every string becomes a PHP literal of visible characters
// that reads back as exactly that string, with no variable interpolation;
// comment text cannot close its comment or break its line.
func FuzzPHPString(f *testing.F) {
	for _, s := range []string{"", "plain", "it's", `back\slash`, "$x {$y} ${z}", "line\nfeed\x00\x1b",
		"Caf\u00e9 😀", "\u2028\u202e", `\u{41}`, "?> <?php", "*/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		lit := phpString(s)
		for _, r := range lit {
			if !visible(r) {
				t.Fatalf("phpString(%q) = %s holds %U, which a reader could not see", s, lit, r)
			}
		}
		got, err := decodePHPString(lit)
		if err != nil || got != s {
			t.Fatalf("phpString(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
		if c := commentText(s); strings.Contains(c, "*/") || strings.Contains(c, "?>") || strings.ContainsAny(c, "\r\n") {
			t.Fatalf("commentText(%q) = %q can end its comment or line", s, c)
		}
	})
}

// decodePHPString reads a PHP single-quoted literal (only \' and \\ are
// escapes), or a double-quoted one, refusing any unescaped "$" that PHP
// would interpolate.
func decodePHPString(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != lit[len(lit)-1] || (lit[0] != '\'' && lit[0] != '"') {
		return "", fmt.Errorf("not quoted")
	}
	body := lit[1 : len(lit)-1]
	if lit[0] == '\'' {
		if strings.ContainsAny(body, `'\`) {
			return "", fmt.Errorf("a quote or backslash in a single-quoted literal")
		}
		return body, nil
	}
	simple := map[byte]string{'\\': `\`, '"': `"`, '$': "$", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v", 'f': "\f", 'e': "\x1b"}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"':
			return "", fmt.Errorf("unescaped quote at %d", i)
		case c == '$':
			return "", fmt.Errorf("unescaped $ at %d would interpolate", i)
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(body) {
			return "", fmt.Errorf("dangling backslash")
		}
		if e, ok := simple[body[i]]; ok {
			b.WriteString(e)
			continue
		}
		switch {
		case body[i] == 'x' && i+2 < len(body):
			n, err := strconv.ParseUint(body[i+1:i+3], 16, 8)
			if err != nil {
				return "", err
			}
			b.WriteByte(byte(n))
			i += 2
		case body[i] == 'u' && i+1 < len(body) && body[i+1] == '{':
			end := strings.IndexByte(body[i:], '}')
			if end < 0 {
				return "", fmt.Errorf("unclosed \\u{")
			}
			n, err := strconv.ParseUint(body[i+2:i+end], 16, 32)
			if err != nil {
				return "", err
			}
			b.WriteRune(rune(n))
			i += end
		default:
			return "", fmt.Errorf("escape \\%c", body[i])
		}
	}
	return b.String(), nil
}
