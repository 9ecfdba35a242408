package java

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzJavaString: every string becomes ASCII Java source that, after javac's
// unicode-escape translation and lexing, is exactly that string; comment
// text can neither end its comment nor start a line or an escape.
func FuzzJavaString(f *testing.F) {
	for _, s := range adversarial {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		lit := javaString(s)
		for i := 0; i < len(lit); i++ {
			if lit[i] < 0x20 || lit[i] >= 0x7f {
				t.Fatalf("javaString(%q) = %s: byte 0x%02X is not printable ASCII", s, lit, lit[i])
			}
		}
		translated, err := translateUnicodeEscapes(lit)
		if err != nil {
			t.Fatalf("javaString(%q) = %s: %v", s, lit, err)
		}
		got, err := lexJavaString(translated)
		if err != nil || got != s {
			t.Fatalf("javaString(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
		c := commentText(s)
		for _, bad := range []string{"*/", "\\", "\n", "\r", "@"} {
			if strings.Contains(c, bad) {
				t.Fatalf("commentText(%q) = %q contains %q", s, c, bad)
			}
		}
	})
}
