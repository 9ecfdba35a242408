package php

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// phpString encodes s as a PHP string literal that evaluates to exactly the
// bytes of s, keeping readable text as it is written (PHP source is UTF-8).
// Visible text without a quote or backslash goes into a single-quoted
// literal, which PHP never interpolates. Anything else becomes a
// double-quoted literal in which every character that could mean something
// to PHP is escaped: \\, \", \$ (so "$x" and "{$x}" stay text), the common
// control escapes, and every character a reader could not see (controls,
// line and paragraph separators, bidi and other format characters,
// combining marks, unassigned code points) as \u{...}, or \xHH for a byte
// that is not valid UTF-8. So no newline, NUL, U+2028 or bidi control ever
// reaches the generated source.
func phpString(s string) string {
	if isPlainText(s) {
		return "'" + s + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			fmt.Fprintf(&b, `\x%02X`, s[i])
			i++
			continue
		}
		b.WriteString(escapeRune(r))
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// isPlainText reports whether s can be written between single quotes as is:
// visible characters only, and no quote or backslash.
func isPlainText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == '\'' || r == '\\' || !visible(r) {
			return false
		}
	}
	return true
}

// visible reports whether r may stand in the source as itself: printable
// ASCII, or a printable non-ASCII character that is not a combining mark
// (which would merge into the character before it).
func visible(r rune) bool {
	if r < 0x80 {
		return r >= 0x20 && r <= 0x7E
	}
	return r != utf8.RuneError && unicode.IsPrint(r) && !unicode.Is(unicode.M, r)
}

// doubleQuotedEscapes are the characters with a short escape inside a PHP
// double-quoted string.
var doubleQuotedEscapes = map[rune]string{
	'\\': `\\`, '"': `\"`, '$': `\$`, '\n': `\n`, '\r': `\r`, '\t': `\t`,
	'\v': `\v`, '\f': `\f`, 0x1B: `\e`,
}

// escapeRune writes one character for a double-quoted PHP literal. \u{...}
// takes the code point between braces, so the next character can never
// extend the escape (unlike \x or octal escapes).
func escapeRune(r rune) string {
	if e, ok := doubleQuotedEscapes[r]; ok {
		return e
	}
	if visible(r) {
		return string(r)
	}
	return fmt.Sprintf(`\u{%X}`, r)
}

// jsonNumber is the JSON number grammar (RFC 8259). Every such text is also a
// valid PHP numeric literal meaning the same number, with a leading minus
// read as unary negation.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// phpNumber writes a JSON number as a PHP literal, keeping its text: an
// integer spelling stays an int and a fraction or exponent a float, as
// json_decode would read it.
func phpNumber(text string) (string, error) {
	if !jsonNumber.MatchString(text) {
		return "", fmt.Errorf("%q is not a JSON number", text)
	}
	return text, nil
}

// phpValue writes a JSON value as a PHP expression of the JSON model the
// generated support code uses: objects are stdClass ((object) [...], so {}
// and [] stay apart), arrays are lists, and scalars are PHP scalars. The
// first line starts at the caller's position; continuation lines are
// indented from indent, the indentation of the line the value starts on.
func phpValue(v model.Value, indent string) (string, error) {
	if inline, err := phpInline(v); err != nil || fitsInline(v, inline) {
		return inline, err
	}
	var b strings.Builder
	if err := writeBlock(&b, v, indent); err != nil {
		return "", err
	}
	return b.String(), nil
}

// maxInline is the longest literal written on one line.
const maxInline = 72

// fitsInline reports whether a value is small enough for one line: short,
// and nested at most two containers deep, so a line never hides structure.
func fitsInline(v model.Value, inline string) bool {
	return len(inline) <= maxInline && nesting(v) <= 2
}

// nesting is how deep non-empty containers nest in v: 0 for a scalar or an
// empty container.
func nesting(v model.Value) int {
	deepest := -1
	for _, child := range children(v) {
		deepest = max(deepest, nesting(child))
	}
	return deepest + 1
}

// children lists the items of an array or the member values of an object.
func children(v model.Value) []model.Value {
	switch v.Kind {
	case model.Array:
		return v.Items
	case model.Object:
		out := make([]model.Value, len(v.Members))
		for i, m := range v.Members {
			out[i] = m.Value
		}
		return out
	}
	return nil
}

// phpInline writes a JSON value on one line.
func phpInline(v model.Value) (string, error) {
	switch v.Kind {
	case model.Array, model.Object:
		parts := make([]string, 0, len(children(v)))
		for i, child := range children(v) {
			s, err := phpInline(child)
			if err != nil {
				return "", err
			}
			parts = append(parts, memberPrefix(v, i)+s)
		}
		return openBracket(v) + strings.Join(parts, ", ") + "]", nil
	}
	return phpScalar(v)
}

// writeBlock writes a container with one item or member per line.
func writeBlock(b *strings.Builder, v model.Value, indent string) error {
	if v.Kind != model.Array && v.Kind != model.Object {
		s, err := phpScalar(v)
		b.WriteString(s)
		return err
	}
	inner := indent + "    "
	b.WriteString(openBracket(v))
	for i, child := range children(v) {
		b.WriteString("\n" + inner + memberPrefix(v, i))
		s, err := phpValue(child, inner)
		if err != nil {
			return err
		}
		b.WriteString(s + ",")
	}
	if len(children(v)) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteString("]")
	return nil
}

// openBracket opens an array literal; an object is that array cast to
// stdClass. PHP turns integer-like keys ("10") into int array keys, and the
// cast turns them back into the property names "10", so any key survives.
func openBracket(v model.Value) string {
	if v.Kind == model.Object {
		return "(object) ["
	}
	return "["
}

// memberPrefix is "'key' => " for the i-th member of an object, "" for an array item.
func memberPrefix(v model.Value, i int) string {
	if v.Kind != model.Object {
		return ""
	}
	return phpString(v.Members[i].Key) + " => "
}

// phpScalar writes null, a boolean, a number or a string.
func phpScalar(v model.Value) (string, error) {
	switch v.Kind {
	case model.Null:
		return "null", nil
	case model.Bool:
		if v.Bool {
			return "true", nil
		}
		return "false", nil
	case model.Number:
		return phpNumber(v.Text)
	case model.String:
		return phpString(v.Text), nil
	}
	return "", fmt.Errorf("%s is not a scalar", v.Kind)
}

// phpInt writes an integer.
func phpInt(n int64) string { return fmt.Sprintf("%d", n) }

// phpBool writes a boolean.
func phpBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// commentText makes text safe inside a /* */ or /** */ PHP comment and a
// single line of it: it cannot close the comment (*/), leave PHP mode (?>),
// or start a new line. Generated comments only ever carry bqgen's own words
// and the suite version, but the version comes from a file.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7F || r == 0x2028 || r == 0x2029:
			b.WriteString(" ")
		default:
			b.WriteRune(r)
		}
	}
	out := strings.ReplaceAll(b.String(), "*/", "* /")
	return strings.ReplaceAll(out, "?>", "? >")
}

// xmlCommentText makes text safe inside an XML comment, where "--" may not
// appear (a SemVer pre-release such as 1.0.0-a--b has one).
func xmlCommentText(s string) string {
	out := commentText(s)
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "- -")
	}
	return out
}

// xmlInstructionText makes text safe inside an XML processing instruction
// and a single line of it: it cannot end the instruction (?>) or hold a
// character XML forbids. Unlike a comment, an instruction may hold "--", so
// a command line keeps its options as typed.
func xmlInstructionText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7F || r == 0x2028 || r == 0x2029 || r == 0xFFFE || r == 0xFFFF:
			b.WriteString(" ")
		default:
			b.WriteRune(r)
		}
	}
	return strings.ReplaceAll(b.String(), "?>", "? >")
}

// maxText is the longest literal of phpText on one line, in characters of
// PHP source: prose that starts well into a line (throw new NotProvided().
const maxText = 80

// maxMessage is the longest literal of a string from the suite on one line
// (a case name, a reason in an assertion message), in characters of PHP
// source: after "$case = " or "$case . " in a method body, or after the
// " . " of a continuation line, it ends within maxLine.
const maxMessage = 96

// phpText writes prose (its runs of white space read as one space) as a PHP
// string expression: one literal, or literals of at most maxText characters
// joined by " . " on continuation lines, so a long message stays readable.
func phpText(text string) string {
	return phpLongString(strings.Join(strings.Fields(text), " "), maxText)
}

// continuation starts a continuation line of a concatenation in a test
// method body (or a method of the scaffold): one level in from the
// statement, so a call's argument list wrapping it indents it once more.
const continuation = "\n" + bodyIndent + "    . "

// phpLongString writes s as a PHP string expression that evaluates to
// exactly the bytes of s: one literal when it is at most width characters
// of source, otherwise literals of at most width characters joined by
// " . " on continuation lines. It breaks before a run of spaces where it
// can, inside a word only where a word alone is too long (between
// characters, never inside one), and escapes every piece with phpString.
func phpLongString(s string, width int) string {
	if utf8.RuneCountInString(phpString(s)) <= width {
		return phpString(s)
	}
	var pieces []string
	piece := ""
	for _, segment := range spaceSegments(s) {
		if utf8.RuneCountInString(phpString(piece+segment)) <= width {
			piece += segment
			continue
		}
		if piece != "" {
			pieces = append(pieces, piece)
			piece = ""
		}
		for _, r := range splitRunes(segment) {
			if piece != "" && utf8.RuneCountInString(phpString(piece+r)) > width {
				pieces = append(pieces, piece)
				piece = ""
			}
			piece += r
		}
	}
	if piece != "" {
		pieces = append(pieces, piece)
	}
	lits := make([]string, len(pieces))
	for i, p := range pieces {
		lits[i] = phpString(p)
	}
	return strings.Join(lits, continuation)
}

// spaceSegments cuts s before every run of spaces: "a b  c" is "a", " b",
// "  c". The segments join back into s.
func spaceSegments(s string) []string {
	var out []string
	start := 0
	for i := 1; i < len(s); i++ {
		if s[i] == ' ' && s[i-1] != ' ' {
			out = append(out, s[start:i])
			start = i
		}
	}
	return append(out, s[start:])
}

// splitRunes cuts s into its characters, and a byte that is not valid UTF-8
// into a piece of its own. The pieces join back into s.
func splitRunes(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		out = append(out, s[i:i+size])
		i += size
	}
	return out
}
