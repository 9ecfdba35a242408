package dotnet

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/babelqueue/bqgen/model"
)

// adversarialStrings are texts a suite may carry that break naive escaping in
// C#: quotes, backslashes, line breaks (including the Unicode ones C# also
// treats as line breaks), comment terminators, interpolation braces, NUL,
// emoji and other non-BMP characters, and text that looks like an escape.
var adversarialStrings = []string{
	"",
	`plain`,
	`quote " and backslash \`,
	`\"`,
	"new\nline\r\ncarriage\rtab\t",
	"comment */ end /* start // line",
	"interpolation {0} {{x}} ${x} #{x} {",
	"nul \x00 byte \x00",
	"bell \a backspace \b formfeed \f vtab \v escape \x1b del \x7f",
	"line separator \u2028 paragraph \u2029 next line \u0085",
	"emoji 😀 clef 𝄞 flag 🇪🇺",
	`literal \u0041 \U0001F600 \x41 \n text`,
	`"""triple""" and ''' and @"verbatim"`,
	`?> <?php <!-- -- --> ]]>`,
	"bom \ufeff and replacement \ufffd and max \U0010FFFF",
	"ğüş é (decomposed)",
}

func TestCsStringRoundTrips(t *testing.T) {
	for _, s := range adversarialStrings {
		lit := string(csString(s))
		if !isPrintableASCII(lit) {
			t.Errorf("csString(%q) = %s: not printable ASCII", s, lit)
		}
		got, err := decodeCSharpString(lit)
		if err != nil {
			t.Errorf("csString(%q) = %s: not a C# literal: %v", s, lit, err)
			continue
		}
		if got != s {
			t.Errorf("csString(%q) = %s decodes to %q", s, lit, got)
		}
	}
}

func TestCsStringNeverUsesVariableLengthEscape(t *testing.T) {
	// \x takes up to four hex digits, so "\x0" followed by "1" would read as one
	// character. The encoder must use fixed-length escapes only.
	for _, s := range adversarialStrings {
		if lit := string(csString(s + "1a")); strings.Contains(strings.ReplaceAll(lit, `\\`, ""), `\x`) {
			t.Errorf("csString(%q) = %s uses \\x", s, lit)
		}
	}
}

func TestCsStringExamples(t *testing.T) {
	cases := map[string]string{
		"a\"b":      `"a\"b"`,
		"a\\b":      `"a\\b"`,
		"\x00":      `"\u0000"`,
		"\u2028":    `"\u2028"`,
		"😀":         `"\U0001F600"`,
		"{x}":       `"{x}"`,
		"*/":        `"*/"`,
		"tab\there": `"tab\there"`,
	}
	for in, want := range cases {
		if got := string(csString(in)); got != want {
			t.Errorf("csString(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestJSONExprKeepsTheValue(t *testing.T) {
	for _, s := range adversarialStrings {
		v := model.ObjectValue(
			model.Member{Key: s, Value: model.StringValue(s)},
			model.Member{Key: "n", Value: model.ArrayValue(model.NumberValue("1.0"), model.NumberValue("-0"), model.NumberValue("1e400"))},
			model.Member{Key: "e", Value: model.ObjectValue()},
			model.Member{Key: "a", Value: model.ArrayValue()},
			model.Member{Key: "z", Value: model.NullValue()},
		)
		expr := string(jsonExpr(v))
		inner := strings.TrimSuffix(strings.TrimPrefix(expr, "JsonNode.Parse("), ")")
		if !isPrintableASCII(strings.ReplaceAll(inner, "\n", "")) {
			t.Fatalf("jsonExpr: %s is not printable ASCII", expr)
		}
		text, err := decodeCSharpLiteral(inner)
		if strings.HasPrefix(inner, "\n") { // a JSON line too long for a raw literal
			text, err = concatenation(t, inner), nil
		}
		if err != nil {
			t.Fatalf("jsonExpr: %s: %v", expr, err)
		}
		back, err := model.Parse([]byte(text))
		if err != nil {
			t.Fatalf("jsonExpr text %q is not JSON: %v", text, err)
		}
		if back.Compact() != v.Compact() {
			t.Errorf("jsonExpr changed the value: %s -> %s", v.Compact(), back.Compact())
		}
	}
}

// A raw literal's delimiter outgrows every run of quotes in its content, and
// the literal reads back as its lines; text is raw only when it can be
// exactly.
func TestCsRawDelimiterOutgrowsTheContent(t *testing.T) {
	for _, lines := range [][]string{
		{`{"": ""}`},
		{`"""`, `a """" b`},
		{strings.Repeat(`"`, 9)},
		{`x`, `  "indented"`, `}`},
	} {
		lit := string(csRaw(lines))
		got, err := decodeCSharpLiteral(lit)
		if err != nil || got != strings.Join(lines, "\n") {
			t.Errorf("csRaw(%q) = %s reads back as %q (%v)", lines, lit, got, err)
		}
	}
	for _, s := range append(adversarialStrings, ` padded `, `{"a":"""}`, `""""""`) {
		lit := string(csText(s))
		if !isPrintableASCII(strings.ReplaceAll(lit, "\n", "")) {
			t.Errorf("csText(%q) = %s: not printable ASCII", s, lit)
		}
		got, err := decodeCSharpLiteral(lit)
		if err != nil || got != s {
			t.Errorf("csText(%q) = %s reads back as %q (%v)", s, lit, got, err)
		}
	}
}

// Long JSON breaks over lines that all fit, and still means the same value.
func TestJSONTextPrettyPrintsLongValues(t *testing.T) {
	var members []model.Member
	for i := range 12 {
		members = append(members, model.Member{Key: fmt.Sprintf("key-%d", i), Value: model.ArrayValue(model.StringValue("v"), model.NumberValue("1.50"))})
	}
	v := model.ObjectValue(model.Member{Key: "nested", Value: model.ObjectValue(members...)})
	lit := string(jsonText(v))
	lines := strings.Split(lit, "\n")
	if len(lines) < 5 {
		t.Fatalf("a long value stays on %d lines:\n%s", len(lines), lit)
	}
	for _, line := range lines {
		if len(line) > jsonWidth+len(rawIndent)+4 {
			t.Errorf("line of %d characters: %s", len(line), line)
		}
	}
	text, err := decodeCSharpLiteral(lit)
	if err != nil {
		t.Fatal(err)
	}
	back, err := model.Parse([]byte(text))
	if err != nil || back.Compact() != v.Compact() {
		t.Errorf("pretty JSON changed the value: %v\n%s", err, text)
	}
}

// A long failure message breaks into literals of whole words that join back.
func TestCsMessageBreaksLongText(t *testing.T) {
	msg := strings.Repeat("the envelope must be rejected because ", 6) + "\u2014 done"
	expr := string(csMessage(msg))
	var joined strings.Builder
	for _, part := range strings.Split(expr, "\n    + ") {
		if len(part) > maxLine-bodyIndent-4 {
			t.Errorf("part of %d characters: %s", len(part), part)
		}
		s, err := decodeCSharpString(part)
		if err != nil {
			t.Fatalf("%s: %v", part, err)
		}
		joined.WriteString(s)
	}
	if joined.String() != msg {
		t.Errorf("csMessage(%q) = %s", msg, expr)
	}
}

func TestNullableRenderers(t *testing.T) {
	if got, _ := csNullableString(model.NullValue()); got != "null" {
		t.Errorf("null string = %s", got)
	}
	if got, _ := csNullableLong(model.NumberValue("-9223372036854775808")); got != "-9223372036854775808L" {
		t.Errorf("min long = %s", got)
	}
	if _, err := csNullableLong(model.NumberValue("1.5")); err == nil {
		t.Error("1.5 rendered as a long")
	}
	if _, err := csNullableString(model.NumberValue("1")); err == nil {
		t.Error("a number rendered as a string")
	}
	if _, err := jsonObjectExpr(model.ArrayValue()); err == nil {
		t.Error("an array rendered as a JsonObject")
	}
}

func TestCommentTextIsOneSafeLine(t *testing.T) {
	for _, s := range adversarialStrings {
		if c := commentText(s); !isPrintableASCII(c) {
			t.Errorf("commentText(%q) = %q", s, c)
		}
		if c := xmlCommentText(s); !isPrintableASCII(c) || strings.Contains(c, "--") {
			t.Errorf("xmlCommentText(%q) = %q", s, c)
		}
	}
}

func TestXMLTextRoundTrips(t *testing.T) {
	for _, s := range adversarialStrings {
		var got struct {
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal([]byte("<v>"+xmlText(s)+"</v>"), &got); err != nil {
			t.Errorf("xmlText(%q) is not XML: %v", s, err)
			continue
		}
		if want := xmlExpected(s); got.Text != want {
			t.Errorf("xmlText(%q) reads back as %q, want %q", s, got.Text, want)
		}
	}
}

// xmlExpected is s as XML can carry it: the control characters XML 1.0
// forbids become U+FFFD, and CR LF / CR are kept (they are references).
func xmlExpected(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= 0x7F && r < 0xA0 || r == 0xFFFE || r == 0xFFFF {
			b.WriteRune(0xFFFD)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// decodeCSharpString reads a C# regular string literal the way the C#
// specification defines it (§6.4.5.6): no raw line breaks (CR, LF, U+0085,
// U+2028, U+2029), simple escapes, \x with 1-4 hex digits, \u with 4, \U
// with 8. Escapes yield UTF-16 code units, as in C#.
// decodeCSharpLiteral reads a regular or a multi-line raw string literal.
func decodeCSharpLiteral(lit string) (string, error) {
	if !strings.HasPrefix(lit, `"""`) {
		return decodeCSharpString(lit)
	}
	n := len(lit) - len(strings.TrimLeft(lit, `"`))
	delim := lit[:n]
	lines := strings.Split(lit, "\n")
	last := lines[len(lines)-1]
	indent := strings.TrimSuffix(last, delim)
	if lines[0] != delim || len(lines) < 3 || strings.Trim(indent, " ") != "" {
		return "", fmt.Errorf("not a multi-line raw literal: %s", lit)
	}
	content := lines[1 : len(lines)-1]
	for i, line := range content {
		if !strings.HasPrefix(line, indent) {
			return "", fmt.Errorf("content line %q does not start with the closing indentation", line)
		}
		if strings.Contains(line, delim) {
			return "", fmt.Errorf("content line %q holds the delimiter %s", line, delim)
		}
		content[i] = strings.TrimPrefix(line, indent)
	}
	return strings.Join(content, "\n"), nil
}

func decodeCSharpString(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("not quoted")
	}
	var units []uint16
	body := []rune(lit[1 : len(lit)-1])
	for i := 0; i < len(body); i++ {
		r := body[i]
		switch {
		case r == '"':
			return "", fmt.Errorf("unescaped quote at %d", i)
		case r == '\r' || r == '\n' || r == 0x85 || r == 0x2028 || r == 0x2029:
			return "", fmt.Errorf("line break at %d", i)
		case r != '\\':
			units = utf16.AppendRune(units, r)
			continue
		}
		n, consumed, err := decodeEscape(body[i+1:])
		if err != nil {
			return "", fmt.Errorf("at %d: %w", i, err)
		}
		units = append(units, n...)
		i += consumed
	}
	return string(utf16.Decode(units)), nil
}

var simpleEscapes = map[rune]uint16{'\'': '\'', '"': '"', '\\': '\\', '0': 0, 'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}

// decodeEscape reads the escape after a backslash: its code units and how
// many runes it used.
func decodeEscape(rest []rune) ([]uint16, int, error) {
	if len(rest) == 0 {
		return nil, 0, fmt.Errorf("dangling backslash")
	}
	if u, ok := simpleEscapes[rest[0]]; ok {
		return []uint16{u}, 1, nil
	}
	switch rest[0] {
	case 'x':
		n := 0
		for n < 4 && n+1 < len(rest) && strings.ContainsRune("0123456789abcdefABCDEF", rest[n+1]) {
			n++
		}
		v, err := strconv.ParseUint(string(rest[1:1+n]), 16, 16)
		return []uint16{uint16(v)}, 1 + n, err
	case 'u':
		v, err := hexDigits(rest, 4)
		return []uint16{uint16(v)}, 5, err
	case 'U':
		v, err := hexDigits(rest, 8)
		if err == nil && v > 0x10FFFF {
			err = fmt.Errorf("\\U%08X is beyond Unicode", v)
		}
		return utf16.AppendRune(nil, rune(v)), 9, err
	}
	return nil, 0, fmt.Errorf("unknown escape \\%c", rest[0])
}

func hexDigits(rest []rune, n int) (uint64, error) {
	if len(rest) < n+1 {
		return 0, fmt.Errorf("short \\%c escape", rest[0])
	}
	return strconv.ParseUint(string(rest[1:1+n]), 16, 32)
}

// A JSON value with a string or number too long for a raw literal's line
// becomes a concatenation of regular literals on lines that fit, which
// reads back as the same value; a value that fits stays a raw literal.
func TestJSONTextSplitsLongLines(t *testing.T) {
	long := strings.Repeat("quote \" backslash \\ emoji 😀 ", 10)
	nested := model.NumberValue("-" + strings.Repeat("9", 96) + "e-400") // the longest number a suite may hold
	for i := 0; i < 10; i++ {
		nested = model.ArrayValue(nested) // so it is too long for its raw literal's line, indented
	}
	for _, v := range []model.Value{
		model.StringValue(long),
		model.ObjectValue(model.Member{Key: long, Value: model.ArrayValue(model.StringValue(long), model.NumberValue("1.0"))}),
		nested,
	} {
		text := string(jsonText(v))
		if !strings.HasPrefix(text, "\n"+rawIndent+`"`) {
			t.Errorf("%s is not a concatenation on lines of its own:\n%s", v.Compact(), text)
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			if bodyIndent+len(line)+len(")!.AsObject();") > maxLine {
				t.Errorf("line of %d columns: %s", bodyIndent+len(line), line)
			}
		}
		back, err := model.Parse([]byte(concatenation(t, text)))
		if err != nil || back.Compact() != v.Compact() {
			t.Errorf("%s reads back as %s (%v)", v.Compact(), back.Compact(), err)
		}
	}
	if text := string(jsonText(model.ArrayValue(model.StringValue("short")))); !strings.HasPrefix(text, `"""`) {
		t.Errorf("a short value is not a raw literal: %s", text)
	}
}
