package node

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// Every piece of suite data reaches a generated TypeScript file through one of
// the encoders below; templates never substitute raw data. tsString is the
// only way a string becomes source text, tsValue the only way a JSON value
// does, and tsComment the only way prose does.

// tsString is s as a double-quoted TypeScript string literal whose value is
// exactly s. Quotes, backslashes and every character a reader could not see
// or that would end the line are escaped; other characters, emoji included,
// are written as themselves so the literal stays readable.
func tsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		b.WriteString(escapeRune(r))
	}
	b.WriteByte('"')
	return b.String()
}

// shortEscapes are the single-character escapes JavaScript shares with JSON.
var shortEscapes = map[rune]string{
	'"': `\"`, '\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\b': `\b`, '\f': `\f`,
}

// escapeRune is r as it appears inside a double-quoted literal. NUL becomes
// \u0000, never \0, which a following digit would turn into a legacy octal
// escape. U+2028 and U+2029 are escaped because older parsers end a line at
// them, and invisible or bidirectional-control characters because a reviewer
// could not see them. An invalid UTF-8 byte (model strings have none) becomes
// U+FFFD, as Go's range does.
func escapeRune(r rune) string {
	if e, ok := shortEscapes[r]; ok {
		return e
	}
	if r == utf8.RuneError || r == '\u2028' || r == '\u2029' || !unicode.IsPrint(r) {
		return unicodeEscape(r)
	}
	return string(r)
}

// unicodeEscape spells r as \uXXXX, or \u{X} beyond the Basic Multilingual
// Plane, so no surrogate pairs are needed.
func unicodeEscape(r rune) string {
	if r > 0xFFFF {
		return fmt.Sprintf(`\u{%X}`, r)
	}
	return fmt.Sprintf(`\u%04X`, r)
}

// tsKey is an object key as TypeScript source. A key spelled "__proto__" in
// an object literal would set the prototype instead of creating a member
// (JSON.parse creates the member), so that one key is written as a computed
// key, which always creates a member.
func tsKey(key string) string {
	if key == "__proto__" {
		return "[" + tsString(key) + "]"
	}
	return tsString(key)
}

// jsonNumber is RFC 8259's number grammar: the model keeps a number's text,
// and a text outside this grammar must never reach generated code.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

// tsNumber is a JSON number's text as a TypeScript numeric literal. Every
// JSON number is also a JavaScript one with the same meaning; an integer
// beyond 2^53 loses precision exactly as JSON.parse loses it, which is what a
// JavaScript SDK sees.
func tsNumber(text string) (string, error) {
	if !jsonNumber.MatchString(text) {
		return "", fmt.Errorf("%q is not a JSON number", text)
	}
	return text, nil
}

// lineWidth is the length under which an array or object stays on one line.
const lineWidth = 72

// tsValue is v as a TypeScript expression that evaluates to what JSON.parse
// gives for v: null, true/false, numbers, strings, arrays and plain objects
// with their members in manifest order. A short value stays on one line;
// a longer one is spread over lines, indented from indent.
func tsValue(v model.Value, indent string) (string, error) {
	flat, err := flatValue(v)
	if err != nil || len(flat) <= lineWidth || (len(v.Items) == 0 && len(v.Members) == 0) {
		return flat, err
	}
	return spreadValue(v, indent)
}

// flatValue is v on a single line.
func flatValue(v model.Value) (string, error) {
	parts, err := elementTexts(v, func(item model.Value) (string, error) { return flatValue(item) })
	switch {
	case err != nil:
		return "", err
	case v.Kind == model.Array:
		return "[" + strings.Join(parts, ", ") + "]", nil
	case v.Kind == model.Object && len(parts) == 0:
		return "{}", nil
	case v.Kind == model.Object:
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return scalar(v)
}

// spreadValue is an array or object with one element per line.
func spreadValue(v model.Value, indent string) (string, error) {
	inner := indent + "  "
	parts, err := elementTexts(v, func(item model.Value) (string, error) { return tsValue(item, inner) })
	if err != nil {
		return "", err
	}
	open, closing := "[", "]"
	if v.Kind == model.Object {
		open, closing = "{", "}"
	}
	return open + "\n" + inner + strings.Join(parts, ",\n"+inner) + ",\n" + indent + closing, nil
}

// elementTexts renders the items of an array or the "key: value" members of
// an object with render; it returns nothing for a scalar.
func elementTexts(v model.Value, render func(model.Value) (string, error)) ([]string, error) {
	var out []string
	for _, item := range v.Items {
		text, err := render(item)
		if err != nil {
			return nil, err
		}
		out = append(out, text)
	}
	for _, m := range v.Members {
		text, err := render(m.Value)
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", tsString(m.Key), err)
		}
		out = append(out, tsKey(m.Key)+": "+text)
	}
	return out, nil
}

// scalar is a null, boolean, number or string.
func scalar(v model.Value) (string, error) {
	switch v.Kind {
	case model.Null:
		return "null", nil
	case model.Bool:
		return strconv.FormatBool(v.Bool), nil
	case model.Number:
		return tsNumber(v.Text)
	case model.String:
		return tsString(v.Text), nil
	}
	return "", fmt.Errorf("unknown JSON kind %d", v.Kind)
}

// jsonString is s as a JSON string, for the generated JSON files.
func jsonString(s string) string { return model.StringValue(s).Compact() }

// tsInt is an integer as a TypeScript numeric literal.
func tsInt(n int64) string { return strconv.FormatInt(n, 10) }

// commentWidth is where tsComment wraps prose.
const commentWidth = 96

// tsComment is text as "//" line comments, each line starting with indent.
// A line comment ends only at a line terminator, so every terminator in text
// (\n, \r, U+2028, U+2029) starts a new comment line, and every other
// invisible character is spelled as an escape: nothing in text can end the
// comment or hide code. Long paragraphs are wrapped at spaces.
func tsComment(text, indent string) string {
	var b strings.Builder
	for _, para := range splitLines(text) {
		for _, line := range wrap(visible(para), commentWidth-len(indent)-3) {
			b.WriteString(strings.TrimRight(indent+"// "+line, " ") + "\n")
		}
	}
	return b.String()
}

// splitLines splits text at every ECMAScript line terminator.
func splitLines(text string) []string {
	return strings.FieldsFunc(strings.ReplaceAll(text, "\r\n", "\n"), func(r rune) bool {
		return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
	})
}

// visible escapes the characters of a comment line a reader could not see.
func visible(line string) string {
	var b strings.Builder
	for _, r := range line {
		if r == utf8.RuneError || (!unicode.IsPrint(r) && r != '\t') {
			b.WriteString(unicodeEscape(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// wrap breaks a line at spaces so each piece is at most width runes, when
// words allow.
func wrap(line string, width int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(line) {
		if cur != "" && utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) > width {
			out = append(out, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += word
	}
	if cur != "" || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// literalTokens splits a string literal as tsString writes it into the
// source text of its characters, each escape sequence one token; ok is false
// when text is not one such literal (a concatenation, a template, code).
func literalTokens(text string) (tokens []string, ok bool) {
	if len(text) < 2 || text[0] != '"' || text[len(text)-1] != '"' {
		return nil, false
	}
	body := text[1 : len(text)-1]
	for i := 0; i < len(body); {
		n := 0
		switch {
		case body[i] == '"':
			return nil, false // the literal ends here: text is more than one
		case strings.HasPrefix(body[i:], `\u{`):
			n = strings.IndexByte(body[i:], '}') + 1
		case strings.HasPrefix(body[i:], `\u`):
			n = len(`\uXXXX`)
		case body[i] == '\\':
			n = 2
		default:
			_, n = utf8.DecodeRuneInString(body[i:])
		}
		if n <= 0 || i+n > len(body) {
			return nil, false
		}
		tokens = append(tokens, body[i:i+n])
		i += n
	}
	return tokens, true
}

// splitLiteral lays out a string literal that would not fit on a line
// starting with indent as a concatenation of literals, its continuation
// lines indented one level further, each line with room for the " +" or ","
// that ends it. It breaks after a space where one is near the end of a
// piece, else between two characters, never inside an escape sequence.
// Anything but a single string literal, or one that fits, is returned as it
// is.
func splitLiteral(text, indent string) string {
	tokens, ok := literalTokens(text)
	if !ok || len(indent)+utf8.RuneCountInString(text)+len(",") <= lineLimit {
		return text
	}
	width := lineLimit - len(indent+"  ") - len(`""`) - len(" +")
	var pieces []string
	for len(tokens) > 0 {
		n, size, space := 0, 0, -1
		for n < len(tokens) && size+utf8.RuneCountInString(tokens[n]) <= width {
			if tokens[n] == " " {
				space = n
			}
			size += utf8.RuneCountInString(tokens[n])
			n++
		}
		switch {
		case n == 0:
			n = 1 // no room for even one character: it goes on a line of its own
		case n < len(tokens) && space >= n/2:
			n = space + 1
		}
		pieces = append(pieces, `"`+strings.Join(tokens[:n], "")+`"`)
		tokens = tokens[n:]
	}
	return strings.Join(pieces, " +\n"+indent+"  ")
}
