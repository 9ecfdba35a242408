package java

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
)

// javaString returns s as a Java string expression that evaluates to
// exactly s, written in ASCII only.
//
// ASCII only, because javac reads a source file in the platform's encoding
// unless told otherwise, and an SDK built under a non-UTF-8 locale must still
// compile. Java translates \uXXXX escapes everywhere in a source file before
// it even splits it into tokens, so an escape that means a quote, a backslash
// or a line terminator breaks the code around it. The encoder therefore never
// writes \uXXXX below U+0080: quotes and backslashes get their short escapes,
// which also doubles every backslash of s so no \u of s survives; control
// characters get three-digit octal escapes, which cannot swallow a digit that
// follows them. Every character from U+0080 up is a \u escape (two, for a
// surrogate pair), which javac reads as that character and nothing else.
//
// A class file holds a string constant of at most 65,535 bytes (in Java's
// modified UTF-8), and javac folds "a" + "b" into one constant, so a longer
// string becomes String.join("", ...) over pieces that each fit: a run-time
// expression, never a constant.
func javaString(s string) string {
	pieces := constantPieces(s)
	if len(pieces) == 1 {
		return javaLiteral(pieces[0])
	}
	quoted := make([]string, len(pieces))
	for i, p := range pieces {
		quoted[i] = javaLiteral(p)
	}
	return `String.join("", ` + strings.Join(quoted, ", ") + ")"
}

// maxConstantBytes is the most modified-UTF-8 bytes one piece may take,
// below the class file's 65,535.
const maxConstantBytes = 65535

// constantPieces splits s, between characters, into pieces whose
// modified UTF-8 encoding fits a class file constant.
func constantPieces(s string) []string {
	var pieces []string
	start, size := 0, 0
	for i, r := range s {
		n := modifiedUTF8Len(r)
		if size+n > maxConstantBytes {
			pieces = append(pieces, s[start:i])
			start, size = i, 0
		}
		size += n
	}
	return append(pieces, s[start:])
}

// modifiedUTF8Len is how many bytes r takes in a class file: U+0000 takes
// two, and a character above U+FFFF is a surrogate pair of three each.
func modifiedUTF8Len(r rune) int {
	switch {
	case r == 0:
		return 2
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r <= 0xFFFF:
		return 3
	}
	return 6
}

// javaLiteral is one string literal for s.
func javaLiteral(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		writeStringRune(&b, r)
	}
	b.WriteByte('"')
	return b.String()
}

// shortEscapes are the escapes Java and C share for the common controls.
var shortEscapes = map[rune]string{
	'"': `\"`, '\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\b': `\b`, '\f': `\f`,
}

func writeStringRune(b *strings.Builder, r rune) {
	if esc, ok := shortEscapes[r]; ok {
		b.WriteString(esc)
		return
	}
	switch {
	case r < 0x20 || r == 0x7f:
		fmt.Fprintf(b, `\%03o`, r)
	case r < 0x7f:
		b.WriteRune(r)
	default:
		for _, unit := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(b, `\u%04x`, unit)
		}
	}
}

// javaLong returns n as a Java long literal. Java accepts the most negative
// long only as the literal operand of unary minus, which is what this is.
func javaLong(n int64) string {
	return strconv.FormatInt(n, 10) + "L"
}

// commentText returns s escaped for one line of a Java comment, Javadoc or
// not, in ASCII only. Nothing in the result can end the comment early: a
// backslash becomes an HTML entity (so no \u escape survives to be
// translated into a line terminator or a "*/"), "*/" loses its slash, and
// line terminators and every character outside printable ASCII become
// character references, which Javadoc renders as the character. "<", ">",
// "&" and "@" are escaped too, so text is never read as HTML or a Javadoc tag.
func commentText(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		writeCommentRune(&b, r, prev)
		prev = r
	}
	return b.String()
}

// commentEntities are the characters Javadoc or the Java lexer would
// otherwise interpret inside a comment.
var commentEntities = map[rune]string{
	'\\': "&#92;", '&': "&amp;", '<': "&lt;", '>': "&gt;", '@': "&#64;",
}

func writeCommentRune(b *strings.Builder, r, prev rune) {
	if ent, ok := commentEntities[r]; ok {
		b.WriteString(ent)
		return
	}
	switch {
	case r == '/' && prev == '*':
		b.WriteString("&#47;")
	case r < 0x20 || r >= 0x7f:
		fmt.Fprintf(b, "&#x%x;", r)
	default:
		b.WriteRune(r)
	}
}

// docWidth is the width Javadoc text is wrapped at, not counting the " * ".
const docWidth = 92

// docLines turns text into escaped lines for a Javadoc comment body: the
// text's own line breaks are kept, long lines are wrapped at spaces, and
// there are no blank lines at either end.
func docLines(text string) []string {
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(strings.TrimSpace(text))
	if text == "" {
		return nil
	}
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		lines = append(lines, wrap(commentText(strings.TrimRight(line, " \t")), docWidth)...)
	}
	return lines
}

// wrap breaks s at spaces into lines of at most width bytes; a word longer
// than width gets a line of its own. An empty s is one empty line.
func wrap(s string, width int) []string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return []string{""}
	}
	lines := []string{words[0]}
	for _, w := range words[1:] {
		last := &lines[len(lines)-1]
		if len(*last)+1+len(w) > width {
			lines = append(lines, w)
		} else {
			*last += " " + w
		}
	}
	return lines
}
