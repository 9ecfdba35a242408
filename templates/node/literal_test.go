package node

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
)

// adversarial are strings that break naive escaping in one language or
// another; every encoder must carry each of them unchanged.
var adversarial = []string{
	"",
	`double " quote`,
	`single ' quote`,
	`back\slash \\ and \u0041 and \n spelled out`,
	"new\nline, carriage\rreturn, crlf\r\n, tab\t, vtab\v, formfeed\f, backspace\b",
	"comment */ closer /* opener // line",
	"php ?> <?php and html </script>",
	"template ${interpolation} `backtick` #{ruby} \"\"\"triple\"\"\"",
	"NUL \x00 then digit \x001",
	"DEL \x7f, C1 \u0085, nbsp \u00a0",
	"line separator \u2028 paragraph separator \u2029",
	"bidi \u202e override \u2066 isolate, zero width \u200b, BOM \ufeff",
	"emoji 🚀 family 👨‍👩‍👧 flag 🇹🇷",
	"non-BMP 𝄞 𐍈 and tag \U000E0041",
	"combining e\u0301 and Türkçe ğüş",
	"__proto__",
}

func TestTsStringEscapes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{`a"b`, `"a\"b"`},
		{`a\b`, `"a\\b"`},
		{"a\nb\rc\td", `"a\nb\rc\td"`},
		{"\b\f", `"\b\f"`},
		{"\x001", `"\u00001"`}, // never \01, a legacy octal escape
		{"\x7f", `"\u007F"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"\u202e", `"\u202E"`},
		{"\ufeff", `"\uFEFF"`},
		{"\U000E0041", `"\u{E0041}"`},
		{"*/ ?> ${x} `y`", "\"*/ ?> ${x} `y`\""},
		{"🚀 𝄞 é ğ", `"🚀 𝄞 é ğ"`},
		{"bad \xff byte", `"bad \uFFFD byte"`},
	}
	for _, tt := range tests {
		if got := tsString(tt.in); got != tt.want {
			t.Errorf("tsString(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestTsStringHasNoRawLineTerminator(t *testing.T) {
	for _, s := range adversarial {
		lit := tsString(s)
		if strings.ContainsAny(lit, "\n\r\u2028\u2029\x00") {
			t.Errorf("tsString(%q) = %q carries a raw line terminator or NUL", s, lit)
		}
	}
}

func TestTsValue(t *testing.T) {
	tests := []struct{ json, want string }{
		{`null`, `null`},
		{`[true, false]`, `[true, false]`},
		{`{}`, `{}`},
		{`[]`, `[]`},
		{`{"a": [{}, [], null]}`, `{ "a": [{}, [], null] }`},
		{`{"__proto__": 1}`, `{ ["__proto__"]: 1 }`},
		{`[1.5e3, -0.25, 9007199254740993, 1E+2]`, `[1.5e3, -0.25, 9007199254740993, 1E+2]`},
		{`{"k\"ey": "v\u2028"}`, `{ "k\"ey": "v\u2028" }`},
	}
	for _, tt := range tests {
		got, err := tsValue(parse(t, tt.json), "")
		if err != nil || got != tt.want {
			t.Errorf("tsValue(%s) = %s, %v; want %s", tt.json, got, err, tt.want)
		}
	}
}

func TestTsValueSpreadsLongValues(t *testing.T) {
	v := parse(t, `{"a": "`+strings.Repeat("x", 80)+`", "b": {"c": 1}}`)
	got, err := tsValue(v, "  ")
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n    \"a\": \"" + strings.Repeat("x", 80) + "\",\n    \"b\": { \"c\": 1 },\n  }"
	if got != want {
		t.Errorf("tsValue = %s\nwant %s", got, want)
	}
}

func TestTsValueRejectsNonJSONNumbers(t *testing.T) {
	for _, text := range []string{"01", "NaN", "Infinity", "0x10", "1_000", "+1", ".5", "1.", "1e", "1;alert(1)"} {
		if got, err := tsValue(model.NumberValue(text), ""); err == nil {
			t.Errorf("tsValue(number %q) = %s, want an error", text, got)
		}
	}
}

func TestTsComment(t *testing.T) {
	tests := []struct{ in, want string }{
		{"one line", "// one line\n"},
		{"a\nb", "// a\n// b\n"},
		{"a\r\nb\rc\u2028d\u2029e", "// a\n// b\n// c\n// d\n// e\n"},
		{"ends */ here /*", "// ends */ here /*\n"},
		{"rlo \u202e nul \x00", "// rlo \\u202E nul \\u0000\n"},
	}
	for _, tt := range tests {
		if got := tsComment(tt.in, ""); got != tt.want {
			t.Errorf("tsComment(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTsCommentWraps(t *testing.T) {
	got := tsComment(strings.Repeat("word ", 60), "  ")
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(line, "  // ") || len(line) > commentWidth {
			t.Errorf("comment line %q is not an indented comment within %d columns", line, commentWidth)
		}
	}
}

func TestJsonString(t *testing.T) {
	if got := jsonString("a\"b\u2028<"); got != `"a\"b\u2028<"` {
		t.Errorf("jsonString = %s", got)
	}
}

// TestLiteralsRoundTripThroughNode proves the encoders with a JavaScript
// engine: each string literal, whole or split into a concatenation, equals
// JSON.parse of the same string's JSON text, each value literal has the same members as JSON.parse of the value
// (a "__proto__" key included), and no comment lets the code in it run.
func TestLiteralsRoundTripThroughNode(t *testing.T) {
	node := lookNode(t)
	var prog strings.Builder
	prog.WriteString("const bad = [];\n")
	for _, s := range adversarial {
		prog.WriteString("if (" + tsString(s) + " !== JSON.parse(" + tsString(jsonString(s)) + ")) bad.push(" + tsString(s) + ");\n")
		prog.WriteString(tsComment(s+"\nbad.push(\"comment leaked\");", ""))
		long := strings.Repeat(s+" ", 12)
		prog.WriteString("if ((" + splitLiteral(tsString(long), "  ") + ") !== JSON.parse(" + tsString(jsonString(long)) + ")) " +
			"bad.push(\"split \" + " + tsString(s) + ");\n")
	}
	for _, text := range literalValues() {
		lit, err := tsValue(parse(t, text), "")
		if err != nil {
			t.Fatal(err)
		}
		prog.WriteString("if (!same(" + lit + ", JSON.parse(" + tsString(text) + "))) bad.push(" + tsString(text) + ");\n")
	}
	prog.WriteString(sameJS + "process.stdout.write(JSON.stringify(bad));\n")
	out := runNode(t, node, prog.String())
	if out != "[]" {
		t.Errorf("literals that node reads differently: %s", out)
	}
}

// sameJS compares two values by their own members, recursively.
const sameJS = `function same(a, b) {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b) || a === b;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(a[k], b[k]));
}
`

// literalValues are JSON texts whose literals must evaluate to what
// JSON.parse gives.
func literalValues() []string {
	var members []string
	for _, s := range adversarial {
		members = append(members, jsonString(s)+": "+jsonString(s))
	}
	return []string{
		"{" + strings.Join(members, ", ") + "}",
		`{"__proto__": {"polluted": true}, "constructor": 1, "toString": null}`,
		`[1.5e3, -0.25, 0, -0, 9007199254740991, 9007199254740993, 1E+2, 1e-7]`,
		`{"10": "a", "2": "b", "z": {}, "a": [[], {}, null, false]}`,
	}
}

func parse(t *testing.T, text string) model.Value {
	t.Helper()
	v, err := model.Parse([]byte(text))
	if err != nil {
		t.Fatalf("parse %s: %v", text, err)
	}
	return v
}

// lookNode finds node, skipping the test where it is not installed.
func lookNode(t *testing.T) string {
	t.Helper()
	tier.Toolchain(t, "node")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	return node
}

// runNode runs an ES module with node and returns its standard output.
func runNode(t *testing.T, node, program string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "literals.mjs")
	if err := os.WriteFile(file, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, file).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, program)
	}
	return string(out)
}
