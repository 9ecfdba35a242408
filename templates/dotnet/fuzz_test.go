package dotnet

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCsString: every string becomes one printable-ASCII C# literal that
// reads back as exactly that string; // comment text is printable ASCII (no
// line break), XML comment text holds no "--", and XML text no markup.
func FuzzCsString(f *testing.F) {
	for _, s := range adversarialStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		lit := string(csString(s))
		if !isPrintableASCII(lit) {
			t.Fatalf("csString(%q) = %s: not printable ASCII", s, lit)
		}
		got, err := decodeCSharpString(lit)
		if err != nil || got != s {
			t.Fatalf("csString(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
		if c := commentText(s); !isPrintableASCII(c) {
			t.Fatalf("commentText(%q) = %q is not one line of printable ASCII", s, c)
		}
		if c := xmlCommentText(s); strings.Contains(c, "--") || !isPrintableASCII(c) {
			t.Fatalf("xmlCommentText(%q) = %q", s, c)
		}
		if x := xmlText(s); strings.ContainsAny(x, "<>\"'") || strings.Contains(strings.ReplaceAll(x, "&amp;", ""), "&") && !strings.Contains(x, ";") {
			t.Fatalf("xmlText(%q) = %q holds markup", s, x)
		}
	})
}
