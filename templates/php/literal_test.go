package php

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// adversarialStrings are strings that break naive PHP string literals,
// comments or PHP mode itself.
var adversarialStrings = []string{
	"", "plain", "it's", `back\slash`, `trailing\`, `say "hi"`, "$var", "{$x}", "${x}", "\\$var",
	"new\nline", "cr\rlf", "tab\tend", "nul\x00byte", "\x00" + "1", "*/ closes a comment", "?> leaves PHP mode",
	"<?php echo 1; ?>", "line\u2028separator", "para\u2029separator", "bidi\u202eoverride", "emoji 🚀",
	"non-BMP 𝄞 and 😀", "e\u0301", "\x7f delete", "\x1b escape", "\v\f", "'; system('id'); '",
	"\"; system(\"id\"); \"", "\xff\xfe invalid UTF-8", "\\u{41}", `\x41`, "\\101", "heredoc <<<EOT",
}

func TestPHPStringLiterals(t *testing.T) {
	cases := map[string]string{
		"":           `''`,
		"abc":        `'abc'`,
		"*/":         `'*/'`,
		"?>":         `'?>'`,
		"it's":       `"it's"`,
		`a\b`:        `"a\\b"`,
		`say "hi"`:   `'say "hi"'`,
		`"it's"`:     `"\"it's\""`,
		"$var":       `'$var'`,
		"{$x}\n":     `"{\$x}\n"`,
		"\x00" + "1": `"\u{0}1"`,
		"\u2028":     `"\u{2028}"`,
		"🚀":          `'🚀'`,
		"\xff":       `"\xFF"`,
		"\x1b\v\f\r": `"\e\v\f\r"`,
		"café":       `'café'`,
		"Café\n":     `"Café\n"`,
		"e\u0301":    `"e\u{301}"`,
		"bidi\u202e": `"bidi\u{202E}"`,
	}
	for in, want := range cases {
		if got := phpString(in); got != want {
			t.Errorf("phpString(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestPHPStringShowsEveryCharacter checks that no literal can carry a raw
// newline, NUL, U+2028, bidi control or other invisible character into the
// generated source.
func TestPHPStringShowsEveryCharacter(t *testing.T) {
	for _, s := range adversarialStrings {
		lit := phpString(s)
		for _, r := range lit {
			if !visible(r) {
				t.Errorf("phpString(%q) = %q holds %U", s, lit, r)
				break
			}
		}
	}
}

// TestPHPStringRoundTrip runs PHP on every literal, with variables defined
// that an unwanted interpolation would pull in, and compares the bytes.
func TestPHPStringRoundTrip(t *testing.T) {
	var script strings.Builder
	script.WriteString("<?php\n$var = 'INTERPOLATED'; $x = 'INTERPOLATED';\n")
	for _, s := range adversarialStrings {
		fmt.Fprintf(&script, "echo bin2hex(%s), \"\\n\";\n", phpString(s))
	}
	lines := runPHP(t, script.String())
	for i, s := range adversarialStrings {
		if lines[i] != hex.EncodeToString([]byte(s)) {
			t.Errorf("PHP evaluates phpString(%q) to %q", s, mustUnhex(t, lines[i]))
		}
	}
}

// longStrings are texts phpLongString must split: prose, a word longer than
// a line, escapes and multi-byte characters across every possible cut, and
// runs of spaces.
var longStrings = append([]string{
	strings.Repeat("a reason from the suite ", 12), strings.Repeat("x", 250), strings.Repeat("\u3000", 70),
	strings.Repeat("it's \"$x\" ", 20), strings.Repeat("🚀𝄞e\u0301\x00\n", 25), "word" + strings.Repeat(" ", 150) + "end",
	strings.Repeat("\xff\xfe ok ", 30),
}, adversarialStrings...)

// phpLongString keeps one literal when it fits and otherwise splits into
// literals of at most width characters, each a valid literal on its own
// continuation line, and PHP evaluates the concatenation to the exact bytes.
func TestPHPLongStringRoundTrip(t *testing.T) {
	var script strings.Builder
	script.WriteString("<?php\n$var = 'INTERPOLATED'; $x = 'INTERPOLATED';\n")
	for _, width := range []int{12, maxMessage} {
		for _, s := range longStrings {
			lit := phpLongString(s, width)
			pieces := strings.Split(lit, continuation)
			if utf8.RuneCountInString(phpString(s)) <= width && len(pieces) != 1 {
				t.Errorf("width %d: %q fits but was split: %s", width, s, lit)
			}
			for _, p := range pieces {
				if utf8.RuneCountInString(p) > width || strings.ContainsAny(p, "\n\r") {
					t.Errorf("width %d: piece %s of %q", width, p, s)
				}
			}
			fmt.Fprintf(&script, "echo bin2hex(%s), \"\\n\";\n", lit)
		}
	}
	lines := runPHP(t, script.String())
	for i := range 2 * len(longStrings) {
		s := longStrings[i%len(longStrings)]
		if lines[i] != hex.EncodeToString([]byte(s)) {
			t.Errorf("PHP evaluates phpLongString(%q) to %q", s, mustUnhex(t, lines[i]))
		}
	}
}

// adversarialValues are JSON texts whose PHP literals must come back as the
// same JSON value: {} vs [], integer-like and empty keys, number spellings.
var adversarialValues = []string{
	`{}`, `[]`, `{"a":{}}`, `{"a":[]}`, `[{},[],null]`, `{"10":"x","2":"y","-5":1,"08":2,"":3}`,
	`{"$x":"{$x}","a'b":"c\"d","k\\":"\n\u2028\u0000"}`, `{"nested":{"deep":{"deeper":[1,2,{"z":true}]}}}`,
	`[1,1.0,-0.25,1.5e3,1E-2,9007199254740991,-42,0]`, `[true,false,null,"true","1",1]`,
	`"🚀 non-BMP 𝄞"`, `{"*/":"?>","<?php":"${x}"}`,
}

func TestPHPValueRoundTrip(t *testing.T) {
	var script strings.Builder
	script.WriteString("<?php\n$x = 'INTERPOLATED';\n")
	values := make([]model.Value, len(adversarialValues))
	for i, text := range adversarialValues {
		v, err := model.Parse([]byte(text))
		if err != nil {
			t.Fatalf("parse %s: %v", text, err)
		}
		values[i] = v
		lit, err := phpValue(v, "")
		if err != nil {
			t.Fatalf("phpValue(%s): %v", text, err)
		}
		fmt.Fprintf(&script, "echo json_encode(%s, JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION), \"\\n\";\n", lit)
	}
	lines := runPHP(t, script.String())
	for i, text := range adversarialValues {
		got, err := model.Parse([]byte(lines[i]))
		if err != nil || !got.Equal(values[i]) {
			t.Errorf("%s came back from PHP as %s", text, lines[i])
		}
	}
}

func TestPHPValueLayout(t *testing.T) {
	v, _ := model.Parse([]byte(`{"a":{"b":{"c":[1]}},"e":[]}`))
	got, err := phpValue(v, "    ")
	if err != nil {
		t.Fatal(err)
	}
	want := "(object) [\n        'a' => (object) [\n            'b' => (object) ['c' => [1]],\n        ],\n        'e' => [],\n    ]"
	if got != want {
		t.Errorf("phpValue layout:\n%s\nwant:\n%s", got, want)
	}
	small, _ := phpValue(model.ObjectValue(model.Member{Key: "k", Value: model.ArrayValue()}), "")
	if small != "(object) ['k' => []]" {
		t.Errorf("small value not inline: %s", small)
	}
}

func TestPHPNumberRejectsWhatJSONDoesNot(t *testing.T) {
	for _, bad := range []string{"0x1F", "1_000", "NaN", "01", "+1", "1.", ".5", "1e", "INF", "1;exit"} {
		if _, err := phpNumber(bad); err == nil {
			t.Errorf("phpNumber(%q) accepted", bad)
		}
	}
	if _, err := phpValue(model.NumberValue("1;system('id')"), ""); err == nil {
		t.Error("phpValue wrote a number that is not JSON")
	}
}

func TestCommentTextCannotCloseOrBreak(t *testing.T) {
	for _, s := range adversarialStrings {
		got := commentText(s)
		if strings.Contains(got, "*/") || strings.Contains(got, "?>") || strings.ContainsAny(got, "\n\r\u2028\u2029\x00") {
			t.Errorf("commentText(%q) = %q", s, got)
		}
		if x := xmlCommentText(s + "--" + s); strings.Contains(x, "--") {
			t.Errorf("xmlCommentText kept -- in %q", x)
		}
	}
}

func mustUnhex(t *testing.T, s string) string {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		return "(not hex: " + s + ")"
	}
	return string(b)
}
