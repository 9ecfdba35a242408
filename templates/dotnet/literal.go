package dotnet

import (
	"fmt"
	"strconv"
	"strings"

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
// JsonNode.Parse of the value's compact JSON text, the text escaped as a C#
// literal. Parsing keeps what the contract distinguishes: the exact number
// text (1.0 stays 1.0), member order, and null (a null JsonNode). Its type is
// JsonNode?.
func jsonExpr(v model.Value) csExpr {
	return csExpr("JsonNode.Parse(" + string(csString(v.Compact())) + ")")
}

// jsonObjectExpr renders a JSON object as a non-null JsonObject expression.
func jsonObjectExpr(v model.Value) (csExpr, error) {
	if v.Kind != model.Object {
		return "", fmt.Errorf("want an object, not %s", v.Kind)
	}
	return csExpr("JsonNode.Parse(" + string(csString(v.Compact())) + ")!.AsObject()"), nil
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
