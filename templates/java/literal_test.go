package java

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// adversarial are strings that break naive encoders in Java: quotes,
// backslashes, line terminators, comment terminators, unicode-escape traps
// (Java translates \uXXXX before lexing, in strings and comments alike),
// octal traps, NUL, separators, bidi controls, combining marks, emoji and
// non-BMP code points.
var adversarial = []string{
	"",
	`plain`,
	`quote " inside`,
	`back\slash`,
	`trailing backslash \`,
	"line\nfeed", "carriage\rreturn", "crlf\r\n", "tab\tand\bbell\f",
	`*/ closes a comment`, `/* opens one`, `// line comment`,
	`\u000a is a newline to javac`, `\u0022 is a quote to javac`, `\u005c is a backslash`,
	`\\u000a doubled`, `\uuuu000a many u`, `\u002a/ star slash`,
	"nul \x00 then 1 \x001 octal trap", "\x007", "del \x7f", "esc \x1b[31m",
	"line sep \u2028 para sep \u2029", "nel \u0085", "nbsp \u00a0",
	"bidi \u202e override \u2066 isolate", "bom \ufeff", "zwj \u200d",
	"combining e\u0301", "\u0301 leading mark",
	"emoji 😀🚀", "non-BMP 𝄞 𠀋", "tag \U000E0001 char", "private \U000F0000",
	`?> ${x} #{y} """ '''`, "@param <b>&amp;</b> {@code x}",
	"mixed \"\\\n\u2028😀\x00",
}

// TestJavaStringKnownOutputs pins the exact literal for the escapes that
// matter.
func TestJavaStringKnownOutputs(t *testing.T) {
	cases := map[string]string{
		``:                       `""`,
		`a"b`:                    `"a\"b"`,
		`a\b`:                    `"a\\b"`,
		"a\nb\rc\td":             `"a\nb\rc\td"`,
		`\u000a`:                 `"\\u000a"`,
		"\x00":                   `"\000"`,
		"\x001":                  `"\0001"`,
		"\x7f":                   `"\177"`,
		"\u2028":                 `"\u2028"`,
		"\u202e":                 `"\u202e"`,
		"e\u0301":                `"e\u0301"`,
		"\U000E0001":             `"\udb40\udc01"`,
		"Café — naïve ☕ 😀":       `"Caf\u00e9 \u2014 na\u00efve \u2615 \ud83d\ude00"`,
		"*/":                     `"*/"`,
		"emoji-plus-ascii 😀a":    `"emoji-plus-ascii \ud83d\ude00a"`,
		"turkish ğüş":            `"turkish \u011f\u00fc\u015f"`,
		"nbsp\u00a0":             `"nbsp\u00a0"`,
		"\u0085":                 `"\u0085"`,
		"tab\there\x01":          `"tab\there\001"`,
		`quote " and \ together`: `"quote \" and \\ together"`,
	}
	for in, want := range cases {
		if got := javaString(in); got != want {
			t.Errorf("javaString(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestJavaStringRoundTrips decodes every literal the way javac does (the
// unicode-escape pass first, then the lexer) and requires the input back,
// and requires that no unicode escape survives that could turn into a
// quote, a backslash or a line terminator before lexing.
func TestJavaStringRoundTrips(t *testing.T) {
	for _, s := range adversarial {
		lit := javaString(s)
		translated, err := translateUnicodeEscapes(lit)
		if err != nil {
			t.Errorf("javaString(%q) = %s: %v", s, lit, err)
			continue
		}
		if strings.ContainsAny(translated, "\n\r") {
			t.Errorf("javaString(%q) = %s holds a line terminator after unicode translation", s, lit)
		}
		got, err := lexJavaString(translated)
		if err != nil {
			t.Errorf("javaString(%q) = %s: %v", s, lit, err)
		} else if got != s {
			t.Errorf("javaString(%q) = %s lexes back to %q", s, lit, got)
		}
	}
}

// translateUnicodeEscapes is Java's first lexical step (JLS 3.3): a
// backslash preceded by an even number of backslashes, followed by one or
// more 'u' and four hex digits, is replaced by that UTF-16 unit.
func translateUnicodeEscapes(src string) (string, error) {
	var units []uint16
	in := utf16.Encode([]rune(src))
	for i := 0; i < len(in); i++ {
		if in[i] != '\\' || !eligible(in, i) || i+1 >= len(in) || in[i+1] != 'u' {
			units = append(units, in[i])
			continue
		}
		j := i + 1
		for j < len(in) && in[j] == 'u' {
			j++
		}
		if j+4 > len(in) {
			return "", fmt.Errorf("short unicode escape at %d", i)
		}
		n, err := strconv.ParseUint(string(utf16.Decode(in[j:j+4])), 16, 16)
		if err != nil {
			return "", fmt.Errorf("bad unicode escape at %d", i)
		}
		units = append(units, uint16(n))
		i = j + 3
	}
	return string(utf16.Decode(units)), nil
}

// eligible reports whether the backslash at i is preceded by an even
// number of backslashes, which makes it able to start a unicode escape.
func eligible(units []uint16, i int) bool {
	n := 0
	for k := i - 1; k >= 0 && units[k] == '\\'; k-- {
		n++
	}
	return n%2 == 0
}

// lexJavaString reads one Java string literal that must span the whole
// input, with Java's escape sequences (JLS 3.10.7).
func lexJavaString(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("not a quoted literal")
	}
	body := []rune(lit[1 : len(lit)-1])
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		r := body[i]
		if r == '"' {
			return "", fmt.Errorf("unescaped quote at %d", i)
		}
		if r != '\\' {
			b.WriteRune(r)
			continue
		}
		if i+1 >= len(body) {
			return "", fmt.Errorf("dangling backslash")
		}
		i++
		n, err := lexEscape(body, &i)
		if err != nil {
			return "", err
		}
		b.WriteRune(n)
	}
	return b.String(), nil
}

func lexEscape(body []rune, i *int) (rune, error) {
	simple := map[rune]rune{'"': '"', '\\': '\\', 'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'f': '\f', '\'': '\'', 's': ' '}
	if r, ok := simple[body[*i]]; ok {
		return r, nil
	}
	if body[*i] < '0' || body[*i] > '7' {
		return 0, fmt.Errorf("bad escape \\%c", body[*i])
	}
	// An octal escape: up to three digits when the first is 0-3, else two.
	limit := 2
	if body[*i] <= '3' {
		limit = 3
	}
	v := rune(0)
	for n := 0; n < limit && *i < len(body) && body[*i] >= '0' && body[*i] <= '7'; n++ {
		v = v*8 + body[*i] - '0'
		*i++
	}
	*i--
	return v, nil
}

// TestCommentTextCannotEscapeTheComment checks that no escaped text can end
// a comment, break a line, start a unicode escape or a Javadoc tag.
func TestCommentTextCannotEscapeTheComment(t *testing.T) {
	for _, s := range adversarial {
		got := commentText(s)
		for _, bad := range []string{"*/", "\\", "\n", "\r", "@", "<", "\u2028"} {
			if strings.Contains(got, bad) {
				t.Errorf("commentText(%q) = %q contains %q", s, got, bad)
			}
		}
		for _, r := range got {
			if r < 0x20 || r >= 0x7f {
				t.Errorf("commentText(%q) = %q contains %U, outside printable ASCII", s, got, r)
			}
		}
	}
	if got, want := commentText(`*/ \u000a @x <b> & é`), "*&#47; &#92;u000a &#64;x &lt;b&gt; &amp; &#xe9;"; got != want {
		t.Errorf("commentText = %q, want %q", got, want)
	}
}

func TestDocLines(t *testing.T) {
	long := strings.Repeat("word ", 40)
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  \n ", nil},
		{"one line", []string{"one line"}},
		{"first\r\nsecond\rthird\n\nfifth", []string{"first", "second", "third", "", "fifth"}},
		{"ends */ here", []string{"ends *&#47; here"}},
	}
	for _, c := range cases {
		if got := docLines(c.in); strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("docLines(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, line := range docLines(long) {
		if len(line) > docWidth {
			t.Errorf("docLines left a line of %d bytes: %q", len(line), line)
		}
	}
}

func TestJavaLong(t *testing.T) {
	for n, want := range map[int64]string{0: "0L", -42: "-42L", 9007199254740991: "9007199254740991L",
		-9223372036854775808: "-9223372036854775808L"} {
		if got := javaLong(n); got != want {
			t.Errorf("javaLong(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestJSONExpr(t *testing.T) {
	v := mustParse(t, `{"a\"b":[1.50,true,null,{}],"e":1.5e3,"s":"x\u2028y"}`)
	want := `jsonObject(jsonMember("a\"b", jsonArray(jsonNumber("1.50"), jsonBool(true), jsonNull(), jsonObject())), ` +
		`jsonMember("e", jsonNumber("1.5e3")), jsonMember("s", jsonString("x\u2028y")))`
	if got := newJSONBuilder().flat(v); got != want {
		t.Errorf("jsonFlat =\n%s\nwant\n%s", got, want)
	}
	want = `jsonArray(jsonNumber("-0"), jsonString("*/"), jsonArray())`
	if got := jsonExpr(mustParse(t, `[-0,"*/",[]]`), 16); got != want {
		t.Errorf("jsonExpr =\n%s\nwant\n%s", got, want)
	}
	wide := mustParse(t, `{"k1":"`+strings.Repeat("v", 60)+`","k2":{"k3":"`+strings.Repeat("w", 90)+`"}}`)
	got := jsonExpr(wide, 16)
	wantLines := []string{
		`jsonObject(`,
		`                jsonMember("k1", jsonString("` + strings.Repeat("v", 60) + `")),`,
		`                jsonMember("k2", jsonObject(`,
		`                    jsonMember("k3", jsonString("` + strings.Repeat("w", 50) + `"`,
		`                                + "` + strings.Repeat("w", 40) + `")))))`,
	}
	if got != strings.Join(wantLines, "\n") {
		t.Errorf("jsonExpr split =\n%s\nwant\n%s", got, strings.Join(wantLines, "\n"))
	}
}

func mustParse(t *testing.T, s string) model.Value {
	t.Helper()
	v, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestAdversarialStringsAreValidUTF8 keeps the fixture list honest: model
// strings are valid UTF-8, so the encoders never see anything else.
func TestAdversarialStringsAreValidUTF8(t *testing.T) {
	for _, s := range adversarial {
		if !utf8.ValidString(s) {
			t.Errorf("%q is not valid UTF-8", s)
		}
	}
}

// A string over a class file constant's 65,535 bytes becomes a run-time
// String.join of pieces that each fit, split between characters.
func TestJavaStringSplitsWhatNoConstantHolds(t *testing.T) {
	long := strings.Repeat("é", 40000) + "😀" // 80,000 + 6 modified UTF-8 bytes
	got := javaString(long)
	if !strings.HasPrefix(got, `String.join("", "`) || len(constantPieces(long)) != 2 {
		t.Fatalf("javaString(80 kB) = %.60s..., want String.join of two pieces", got)
	}
	for _, p := range constantPieces(long) {
		n := 0
		for _, r := range p {
			n += modifiedUTF8Len(r)
		}
		if n > maxConstantBytes {
			t.Errorf("a piece takes %d bytes", n)
		}
	}
	if strings.Join(constantPieces(long), "") != long {
		t.Error("the pieces do not join back to the string")
	}
	if got := javaString("short"); got != `"short"` {
		t.Errorf("javaString(short) = %s", got)
	}
}

// A literal too wide for its line is split into a concatenation that javac
// reads back as the same string, on lines no wider than maxWidth, never
// inside an escape or a surrogate pair; one that fits is left alone.
func TestSplitLiteral(t *testing.T) {
	long := strings.Join(adversarial, " ") + strings.Repeat("😀", 30) + strings.Repeat("\x00", 40)
	for _, col := range []int{0, 16, 60, 110} {
		for _, s := range []string{long, strings.Repeat("x", 300), strings.Repeat("\u00e9", 100)} {
			lit := javaString(s)
			got := splitLiteral(lit, col, len(");"), 24)
			lines := strings.Split(got, "\n")
			if len(lines) < 2 {
				t.Fatalf("col %d: %d bytes not split", col, len(lit))
			}
			for i, line := range lines {
				width := len(line)
				if i == 0 {
					width += col
				}
				if i == len(lines)-1 {
					width += len(");")
				}
				if width > maxWidth && !(i == 0 && col > maxWidth-12) {
					t.Errorf("col %d: line %d is %d wide: %s", col, i, width, line)
				}
				if i > 0 && !strings.HasPrefix(line, strings.Repeat(" ", 24)+`+ "`) {
					t.Errorf("col %d: continuation %q does not start at the indent with +", col, line)
				}
				if strings.HasSuffix(line, `\"`) && !strings.HasSuffix(line, `\\"`) || strings.Contains(line, `\ud83d"`) {
					t.Errorf("col %d: line %d ends inside an escape or a surrogate pair: %s", col, i, line)
				}
			}
			if joined := concatenation.ReplaceAllString(got, ""); joined != lit {
				t.Errorf("col %d: the pieces join to a different literal", col)
			}
		}
	}
	if got := splitLiteral(`"short"`, 100, 2, 8); got != `"short"` {
		t.Errorf("a literal that fits changed: %s", got)
	}
	call := `jsonString("` + strings.Repeat("y", 200) + `")`
	if got := splitLiteral(call, 8, 1, 16); !strings.HasPrefix(got, `jsonString("y`) || !strings.HasSuffix(got, `y")`) ||
		concatenation.ReplaceAllString(got, "") != call {
		t.Errorf("a one-argument call is split inside its argument: %s", got)
	}
	for _, expr := range []string{`f("a", "` + strings.Repeat("b", 200) + `")`, `String.join("", "` + strings.Repeat("c", 200) + `")`} {
		if got := splitLiteral(expr, 8, 1, 16); got != expr {
			t.Errorf("an expression that is not one literal was split: %.60s", got)
		}
	}
}

// A word wider than a Javadoc line is broken between characters, never
// inside a character reference.
func TestDocLinesBreakLongWords(t *testing.T) {
	word := strings.Repeat("é", 30) + strings.Repeat("a", 100)
	lines := docLines(word)
	if len(lines) < 2 {
		t.Fatalf("a %d-byte word stayed on one line", len(commentText(word)))
	}
	for _, line := range lines {
		if len(line) > docWidth {
			t.Errorf("line of %d bytes: %s", len(line), line)
		}
		if strings.Count(line, "&") != strings.Count(line, ";") {
			t.Errorf("line breaks a character reference: %s", line)
		}
	}
	if strings.Join(lines, "") != commentText(word) {
		t.Error("the pieces do not join back to the word")
	}
}
