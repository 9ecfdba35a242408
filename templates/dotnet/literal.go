package dotnet

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/babelqueue/bqgen/model"
)

// csExpr is a C# expression rendered from model data by one of the encoders
// below. Views hold suite data only as csExpr, so a template can print data
// only after it went through an encoder: escaping is by construction.
type csExpr string

// csString renders s as a regular C# string literal. The output is pure
// printable ASCII: quotes and backslashes are escaped, and every other
// character outside 0x20..0x7E becomes \uXXXX (or \UXXXXXXXX beyond the BMP).
// That covers NUL, newlines, and U+0085/U+2028/U+2029, which C# treats as line
// breaks inside a literal. `{` and `}` need nothing: the literal is never
// interpolated, and `*/` is inert inside a string. \x is never used because
// it takes a variable number of hex digits and would swallow a following one.
func csString(s string) csExpr {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		writeStringRune(&b, r)
	}
	b.WriteByte('"')
	return csExpr(b.String())
}

// shortEscapes are the C# simple escape sequences used for readability.
var shortEscapes = map[rune]string{
	'"': `\"`, '\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`,
}

func writeStringRune(b *strings.Builder, r rune) {
	if esc, ok := shortEscapes[r]; ok {
		b.WriteString(esc)
		return
	}
	switch {
	case r >= 0x20 && r <= 0x7E:
		b.WriteRune(r)
	default:
		writeEscapedRune(b, r)
	}
}

// writeEscapedRune writes r as a C# Unicode escape: \uXXXX, or \UXXXXXXXX
// beyond the Basic Multilingual Plane (one escape, not a surrogate pair).
func writeEscapedRune(b *strings.Builder, r rune) {
	if r > 0xFFFF {
		fmt.Fprintf(b, `\U%08X`, r)
		return
	}
	fmt.Fprintf(b, `\u%04X`, r)
}

// csLong renders an integer as a C# long literal. -9223372036854775808L is
// valid C#: the unary minus applies to the literal as a special case.
func csLong(n int64) csExpr {
	return csExpr(strconv.FormatInt(n, 10) + "L")
}

// csBool renders a boolean.
func csBool(b bool) csExpr {
	if b {
		return "true"
	}
	return "false"
}

// csNullableString renders a string or null.
func csNullableString(v model.Value) (csExpr, error) {
	switch v.Kind {
	case model.Null:
		return "null", nil
	case model.String:
		return csString(v.Text), nil
	}
	return "", fmt.Errorf("want a string or null, not %s", v.Kind)
}

// csNullableLong renders an integer or null.
func csNullableLong(v model.Value) (csExpr, error) {
	if v.Kind == model.Null {
		return "null", nil
	}
	return csRequiredLong(v)
}

// csRequiredLong renders an integer number value.
func csRequiredLong(v model.Value) (csExpr, error) {
	n, ok := v.Int64()
	if !ok {
		return "", fmt.Errorf("want an integer, not %s %s", v.Kind, v.Text)
	}
	return csLong(n), nil
}

// jsonExpr renders a JSON value as a System.Text.Json.Nodes expression:
// JsonNode.Parse of the value's JSON text (see jsonText). Parsing keeps what
// the contract distinguishes: the exact number text (1.0 stays 1.0), member
// order, and null (a null JsonNode). Its type is JsonNode?.
func jsonExpr(v model.Value) csExpr {
	return csExpr("JsonNode.Parse(" + string(jsonText(v)) + ")")
}

// jsonObjectExpr renders a JSON object as a non-null JsonObject expression.
func jsonObjectExpr(v model.Value) (csExpr, error) {
	if v.Kind != model.Object {
		return "", fmt.Errorf("want an object, not %s", v.Kind)
	}
	return csExpr("JsonNode.Parse(" + string(jsonText(v)) + ")!.AsObject()"), nil
}

// jsonText renders a JSON value as a C# literal of its JSON text: a raw
// string literal, pretty-printed over several lines when it is long, for
// JSON with strings in it (which a regular literal would fill with \"), a
// regular literal for the rest ("1.0", "[1, 2]"). Strings in the JSON text
// escape everything outside printable ASCII as JSON \u escapes, so the
// literal is printable ASCII and means the same value. A JSON line that a
// raw literal cannot hold within maxLine (a long string or number) makes
// the text a concatenation of regular literals instead (see jsonPieces).
func jsonText(v model.Value) csExpr {
	lines := jsonLines(v)
	for _, line := range lines {
		if len(line) > jsonRawWidth {
			return jsonPieces(v)
		}
	}
	if len(lines) == 1 && !strings.Contains(lines[0], `"`) {
		return csString(lines[0])
	}
	return csRaw(lines)
}

// jsonRawWidth is the longest JSON line a raw literal holds: a test body's
// line, indented by rawIndent.
const jsonRawWidth = maxLine - bodyIndent - len(rawIndent)

// jsonPieceWidth is the longest piece of jsonPieces, quotes included: a
// line of its own after "+ ", leaving room for what follows the literal on
// its last line (such as ")!.AsObject();").
const jsonPieceWidth = jsonRawWidth - len("+ ") - 24

// jsonPieces renders v's JSON text on one line (as jsonInline spells it)
// as C# literals of whole words joined by +, each on a line of its own
// indented by rawIndent, starting on the line after the one the expression
// starts on: a constant concatenation, the same text however it is cut.
func jsonPieces(v model.Value) csExpr {
	pieces := csStringPieces(jsonInline(v), jsonPieceWidth)
	return csExpr("\n" + rawIndent + strings.Join(pieces, "\n"+rawIndent+"+ "))
}

// rawIndent is how far a raw literal's content is indented beyond the line
// the literal starts on; its closing delimiter has the same indentation.
const rawIndent = "    "

// csRaw renders lines of printable ASCII text as a multi-line C# raw string
// literal: the opening quotes end the current line, every content line and
// the closing quotes are indented by rawIndent (which the compiler strips),
// and the delimiter has one quote more than the longest run of quotes in the
// text, at least three, so no content can end the literal early.
func csRaw(lines []string) csExpr {
	delim := strings.Repeat(`"`, max(3, longestQuoteRun(lines)+1))
	var b strings.Builder
	b.WriteString(delim + "\n")
	for _, line := range lines {
		b.WriteString(rawIndent + line + "\n")
	}
	b.WriteString(rawIndent + delim)
	return csExpr(b.String())
}

func longestQuoteRun(lines []string) int {
	longest := 0
	for _, line := range lines {
		run := 0
		for i := 0; i < len(line); i++ {
			if line[i] != '"' {
				run = 0
				continue
			}
			run++
			longest = max(longest, run)
		}
	}
	return longest
}

// rawSafe reports whether text can be a raw literal's only content line
// unchanged: printable ASCII, not empty, no leading or trailing blank (a
// whitespace-only or indented line would change under indentation
// stripping).
func rawSafe(text string) bool {
	if text == "" || text != strings.TrimSpace(text) {
		return false
	}
	for i := 0; i < len(text); i++ {
		if text[i] < 0x20 || text[i] > 0x7E {
			return false
		}
	}
	return true
}

// csText renders exact text, such as a JSON document compared byte for
// byte: as a raw literal when it holds a quote and can be one unchanged,
// else as a regular literal.
func csText(text string) csExpr {
	if strings.Contains(text, `"`) && rawSafe(text) {
		return csRaw([]string{text})
	}
	return csString(text)
}

// jsonWidth is the longest JSON line jsonLines keeps on one line.
const jsonWidth = 80

// jsonLines renders v as JSON text lines: on one line when it fits in
// jsonWidth, else one member or item per line, nested values indented by
// two spaces and themselves on one line when they fit.
func jsonLines(v model.Value) []string {
	var lines []string
	writeJSONLines(&lines, v, "", "", "")
	return lines
}

// writeJSONLines appends v, starting with prefix (indent plus a member
// name) and followed by suffix (a comma or nothing).
func writeJSONLines(lines *[]string, v model.Value, indent, prefix, suffix string) {
	inline := jsonInline(v)
	open, close, n := "[", "]", len(v.Items)
	if v.Kind == model.Object {
		open, close, n = "{", "}", len(v.Members)
	}
	if len(prefix)+len(inline)+len(suffix) <= jsonWidth || n == 0 || (v.Kind != model.Array && v.Kind != model.Object) {
		*lines = append(*lines, prefix+inline+suffix)
		return
	}
	*lines = append(*lines, prefix+open)
	inner := indent + "  "
	for i := 0; i < n; i++ {
		comma := ","
		if i == n-1 {
			comma = ""
		}
		if v.Kind == model.Object {
			m := v.Members[i]
			writeJSONLines(lines, m.Value, inner, inner+jsonString(m.Key)+": ", comma)
		} else {
			writeJSONLines(lines, v.Items[i], inner, inner, comma)
		}
	}
	*lines = append(*lines, indent+close+suffix)
}

// jsonInline renders v on one line, with a space after each comma and colon.
func jsonInline(v model.Value) string {
	switch v.Kind {
	case model.Null:
		return "null"
	case model.Bool:
		return string(csBool(v.Bool))
	case model.Number:
		return v.Text
	case model.String:
		return jsonString(v.Text)
	case model.Array:
		items := make([]string, len(v.Items))
		for i, item := range v.Items {
			items[i] = jsonInline(item)
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	members := make([]string, len(v.Members))
	for i, m := range v.Members {
		members[i] = jsonString(m.Key) + ": " + jsonInline(m.Value)
	}
	return "{" + strings.Join(members, ", ") + "}"
}

// jsonString renders s as a JSON string of printable ASCII: quote and
// backslash escaped, everything outside 0x20..0x7E as \uXXXX (a surrogate
// pair beyond the Basic Multilingual Plane).
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r <= 0x7E:
			b.WriteRune(r)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// stringEntriesObject turns name/value string pairs into a JSON object value,
// for comparing them with a subject's typed JSON map.
func stringEntriesObject(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// commentText makes text safe inside a C# // comment: only printable ASCII
// survives, anything else (a line break above all) becomes \uXXXX.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x20 && r <= 0x7E {
			b.WriteRune(r)
			continue
		}
		writeEscapedRune(&b, r)
	}
	return b.String()
}

// xmlCommentText makes text safe inside an XML comment: commentText, with
// "--" (which XML forbids in a comment) broken up.
func xmlCommentText(s string) string {
	return strings.ReplaceAll(commentText(s), "--", "-\\u002D")
}

// xmlText escapes s as XML character data.
func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			writeXMLRune(&b, r)
		}
	}
	return b.String()
}

// writeXMLRune writes a rune XML 1.0 allows as a character reference, or
// U+FFFD for the control characters XML cannot carry at all.
func writeXMLRune(b *strings.Builder, r rune) {
	switch {
	case r >= 0x20 && r <= 0x7E:
		b.WriteRune(r)
	case r == '\t' || r == '\n' || r == '\r' || (r >= 0xA0 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || r >= 0x10000:
		fmt.Fprintf(b, "&#x%X;", r)
	default:
		b.WriteString("&#xFFFD;")
	}
}

// bodyIndent is the indentation of a test body's statements in its class.
const bodyIndent = 8

// csCall renders a call statement's expression for a test body: on one line
// when that fits in maxLine, else with each argument on its own line,
// indented by four more spaces.
func csCall(fn string, args ...csExpr) csExpr {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = string(a)
	}
	if line := fn + "(" + strings.Join(parts, ", ") + ");"; bodyIndent+len(line) <= maxLine && !strings.Contains(line, "\n") {
		return csExpr(fn + "(" + strings.Join(parts, ", ") + ")")
	}
	return csExpr(fn + "(\n    " + strings.Join(parts, ",\n    ") + ")")
}

// csMessage renders a failure message as a C# string expression: one
// literal, or when that is longer than fits an argument line, literals of
// whole words (see csStringPieces) joined by + on lines of their own.
func csMessage(s string) csExpr {
	const width = maxLine - bodyIndent - 4 - len(" + ") - len(");")
	return csExpr(strings.Join(csStringPieces(s, width), "\n    + "))
}

// csStringStatement renders the statement prefix + a C# literal of text +
// suffix for a test body: on one line when it fits in maxLine, else with the
// literal on lines of its own, indented by four more spaces and split into
// pieces joined by + where it is long (a constant concatenation is the same
// string).
func csStringStatement(prefix, text, suffix string) csExpr {
	lit := string(csString(text))
	if bodyIndent+len(prefix)+len(lit)+len(suffix) <= maxLine {
		return csExpr(prefix + lit + suffix)
	}
	return csExpr(strings.TrimRight(prefix, " ") + "\n    " + string(csStringAt(text, bodyIndent+4, len(suffix))) + suffix)
}

// csStringAt renders text as a C# string expression that starts at column
// col of a test body and has tail more characters after it on its last
// line: one literal when that fits in maxLine, else pieces joined by + on
// lines of their own, starting at the same column.
func csStringAt(text string, col, tail int) csExpr {
	lit := csString(text)
	if col+len(lit)+tail <= maxLine {
		return lit
	}
	pieces := csStringPieces(text, maxLine-col-len("+ ")-tail)
	return csExpr(strings.Join(pieces, "\n"+strings.Repeat(" ", col-bodyIndent)+"+ "))
}

// csStringPieces splits text into C# literals of at most width characters
// each (quotes included) that concatenate back to text: whole words (each
// with the spaces after it) while they fit, whole characters within a word
// longer than a piece. An empty text is one empty literal.
func csStringPieces(text string, width int) []string {
	width = max(width, len(`"\U0001F600"`)) // room for the longest escape
	var pieces []string
	piece := ""
	for _, word := range strings.SplitAfter(text, " ") {
		if len(csString(piece+word)) <= width {
			piece += word
			continue
		}
		if piece != "" {
			pieces = append(pieces, string(csString(piece)))
			piece = ""
		}
		for _, r := range word { // only a word longer than a piece is cut
			if piece != "" && len(csString(piece+string(r))) > width {
				pieces = append(pieces, string(csString(piece)))
				piece = ""
			}
			piece += string(r)
		}
	}
	return append(pieces, string(csString(piece)))
}
