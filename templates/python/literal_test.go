package python

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// adversarialStrings are the texts a case name, description or data string
// may hold that break naive code generation in some language.
var adversarialStrings = []string{
	"", "plain", `"`, `'`, `\`, `\\`, `\"`, `"""`, `'''`, `\N{BULLET}`, `\x41`, `\u0041`,
	"line\nbreak", "cr\rlf\r\n", "tab\there", "nul\x00byte", "bell\x07", "del\x7f",
	"*/", "/*", "?>", "<?php", "${x}", "#{x}", "{x}", "%s", "`cmd`", "# comment",
	"sep\u2028line\u2029para", "nel\u0085", "bom\ufeff", "zwj\u200d", "rtl\u202e",
	"e\u0301", "\u0301leading mark", "😀", "ship it 🚀", "flag 🇹🇷", "𝄞 non-BMP",
	"Café — naïve ☕", "ğüş", "\U0010ffff", "private\ue000", "replacement\ufffd",
	`a"b'c\d` + "\n`${x}`*/?>",
}

func TestPyStringExact(t *testing.T) {
	cases := map[string]string{
		"":                  `""`,
		`"`:                 `"\""`,
		`\`:                 `"\\"`,
		`"""`:               `"\"\"\""`,
		`\N{BULLET}`:        `"\\N{BULLET}"`,
		"line\nbreak":       `"line\nbreak"`,
		"cr\rlf\r\n":        `"cr\rlf\r\n"`,
		"tab\there":         `"tab\there"`,
		"nul\x00byte":       `"nul\u0000byte"`,
		"del\x7f":           `"del\u007f"`,
		"*/ ?> ${x} #{x}":   `"*/ ?> ${x} #{x}"`,
		"sep\u2028\u2029":   `"sep\u2028\u2029"`,
		"e\u0301":           `"e\u0301"`,
		"bom\ufeff":         `"bom\ufeff"`,
		"😀":                 `"😀"`,
		"Café ğüş":          `"Café ğüş"`,
		"\U0010ffff":        `"\U0010ffff"`,
		"private\ue000":     `"private\ue000"`,
		"replacement\ufffd": `"replacement\ufffd"`,
	}
	for in, want := range cases {
		if got := pyString(in); got != want {
			t.Errorf("pyString(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestPyStringIsOneSafeLine checks the properties every literal must have,
// whatever the input: one line, quoted, every quote and backslash escaped,
// and only readable runes left raw.
func TestPyStringIsOneSafeLine(t *testing.T) {
	for _, s := range adversarialStrings {
		lit := pyString(s)
		if !strings.HasPrefix(lit, `"`) || !strings.HasSuffix(lit, `"`) || len(lit) < 2 {
			t.Errorf("pyString(%q) = %s: not a quoted literal", s, lit)
			continue
		}
		checkLiteralBody(t, s, lit[1:len(lit)-1])
	}
}

func checkLiteralBody(t *testing.T, s, body string) {
	t.Helper()
	escaped := false
	for _, r := range body {
		switch {
		case escaped:
			escaped = false
			if !strings.ContainsRune(`\"nrtuU`, r) {
				t.Errorf("pyString(%q): unexpected escape \\%c", s, r)
			}
		case r == '\\':
			escaped = true
		case r == '"':
			t.Errorf("pyString(%q): unescaped quote ends the literal early", s)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && !readableRune(r)):
			t.Errorf("pyString(%q): raw %U in the literal", s, r)
		case unicode.Is(unicode.M, r):
			t.Errorf("pyString(%q): raw combining mark %U", s, r)
		}
	}
	if escaped {
		t.Errorf("pyString(%q): dangling backslash", s)
	}
}

func TestPyValueScalars(t *testing.T) {
	cases := []struct {
		in   model.Value
		want string
	}{
		{model.NullValue(), "None"},
		{model.BoolValue(true), "True"},
		{model.BoolValue(false), "False"},
		{model.NumberValue("0"), "0"},
		{model.NumberValue("-42"), "-42"},
		{model.NumberValue("9007199254740991"), "9007199254740991"},
		{model.NumberValue("123456789012345678901234567890"), "123456789012345678901234567890"},
		{model.NumberValue("1.5e3"), "1.5e3"},
		{model.NumberValue("-0.25"), "-0.25"},
		{model.NumberValue("1E-7"), "1E-7"},
		{model.NumberValue("1.0"), "1.0"},
		{model.StringValue("a\"b"), `"a\"b"`},
	}
	for _, c := range cases {
		got, err := pyValue(c.in)
		if err != nil || got != c.want {
			t.Errorf("pyValue(%+v) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestPyValueRejectsNonJSONNumbers(t *testing.T) {
	for _, text := range []string{"", "01", "1.", ".5", "+1", "1e", "NaN", "Infinity", "0x10", "1_000", "1j", "1; import os"} {
		if got, err := pyValue(model.NumberValue(text)); err == nil {
			t.Errorf("pyValue(number %q) = %q, want an error", text, got)
		}
	}
}

func TestPyValueContainersKeepOrderAndKinds(t *testing.T) {
	v := model.ObjectValue(
		model.Member{Key: "z", Value: model.ArrayValue(model.ObjectValue(), model.ArrayValue(), model.NullValue())},
		model.Member{Key: "10", Value: model.BoolValue(true)},
		model.Member{Key: "2", Value: model.NumberValue("1")},
		model.Member{Key: "a\"\n", Value: model.StringValue("x")},
	)
	got, err := pyValue(v)
	want := `{"z": [{}, [], None], "10": True, "2": 1, "a\"\n": "x"}`
	if err != nil || got != want {
		t.Fatalf("pyValue = %s, %v; want %s", got, err, want)
	}
}

func TestPyBlockBreaksLongContainersOnly(t *testing.T) {
	short := model.ObjectValue(model.Member{Key: "a", Value: model.NumberValue("1")})
	if got, _ := pyBlock(short); got != `{"a": 1}` {
		t.Errorf("short object: %q", got)
	}
	long := model.ObjectValue(
		model.Member{Key: "first", Value: model.StringValue(strings.Repeat("x", 40))},
		model.Member{Key: "second", Value: model.StringValue(strings.Repeat("line\n", 10))},
	)
	got, err := pyBlock(long)
	want := "{\n    \"first\": \"" + strings.Repeat("x", 40) + "\",\n    \"second\": \"" + strings.Repeat(`line\n`, 10) + "\",\n}"
	if err != nil || got != want {
		t.Fatalf("pyBlock =\n%s\nwant\n%s", got, want)
	}
	if got := hang(8, got); !strings.Contains(got, "\n            \"first\"") || !strings.HasSuffix(got, "\n        }") {
		t.Errorf("hang(8) did not indent continuation lines:\n%s", got)
	}
}

func TestPyDoc(t *testing.T) {
	cases := []struct{ summary, body, want string }{
		{"order-created", "", `"""order-created"""`},
		{`say "hi"`, "", `"""say "hi\""""`},
		{"line\nbreak in a name", "", `"""line\nbreak in a name"""`},
		{"name", "A description.", "\"\"\"name\n\nA description.\n\"\"\""},
		{`back\slash and """ quotes`, "", `"""back\\slash and \"\"" quotes"""`},
		{"tab\tand nul\x00", "", `"""tab\tand nul\u0000"""`},
		{"n", "a long line of words that wraps", "\"\"\"n\n\na long line of words\nthat wraps\n\"\"\""},
	}
	for _, c := range cases {
		if got := pyDoc(c.summary, c.body, 20); got != c.want {
			t.Errorf("pyDoc(%q, %q) = %s, want %s", c.summary, c.body, got, c.want)
		}
	}
}

// TestSplitAfterSpacesCutsLongWords: pieces join back to the text, split
// after spaces where the words allow and between runes (never inside one)
// in a word longer than the width, each piece's literal within the width.
func TestSplitAfterSpacesCutsLongWords(t *testing.T) {
	for _, s := range []string{strings.Repeat("x", 130), "a " + strings.Repeat("😀", 40) + " b",
		strings.Repeat("\u00a0\"q\" ", 30), strings.Repeat("w ", 50) + strings.Repeat("\x00", 30)} {
		pieces := splitAfterSpaces(s, 40)
		if strings.Join(pieces, "") != s {
			t.Errorf("%q: pieces %q do not join back", s, pieces)
		}
		for _, p := range pieces {
			if !utf8.ValidString(p) || p == "" {
				t.Errorf("%q: piece %q is empty or cuts a rune", s, p)
			}
			if n := len(escapeString(p)); n > 40+1 { // a kept trailing space may overhang by one
				t.Errorf("%q: piece %q escapes to %d bytes, over 40", s, p, n)
			}
		}
	}
}
