package java

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// javaString returns s as a Java string literal that compiles to exactly s.
//
// Java translates \uXXXX escapes everywhere in a source file before it even
// splits it into tokens, so an escape that means a quote, a backslash or a
// line terminator breaks the code around it. The encoder therefore never
// writes \uXXXX below U+0080: quotes and backslashes get their short escapes,
// which also doubles every backslash of s so no \u of s survives; control
// characters get three-digit octal escapes, which cannot swallow a digit that
// follows them. Invisible characters (line and paragraph separators, bidi
// controls, combining marks, unassigned code points) are written as \u
// escapes so a reviewer sees them; everything else is written as UTF-8.
func javaString(s string) string {
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
	case isInvisible(r):
		for _, unit := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(b, `\u%04x`, unit)
		}
	default:
		b.WriteRune(r)
	}
}

// isInvisible reports whether r is a character a reader of the generated
// source could not see or would misread: anything unprintable (controls,
// separators such as U+2028, format characters such as bidi overrides and
// U+FEFF, private and unassigned code points) and combining marks, which
// would silently merge with the character before them.
func isInvisible(r rune) bool {
	return !unicode.IsPrint(r) || unicode.Is(unicode.M, r)
}

// javaLong returns n as a Java long literal. Java accepts the most negative
// long only as the literal operand of unary minus, which is what this is.
func javaLong(n int64) string {
	return strconv.FormatInt(n, 10) + "L"
}

// commentText returns s escaped for one line of a Java comment, Javadoc or
// not. Nothing in the result can end the comment early: a backslash becomes
// an HTML entity (so no \u escape survives to be translated into a line
// terminator or a "*/"), "*/" loses its slash, and line terminators and
// every other invisible character become character references. "<", ">",
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
	case r < 0x20 || r == 0x7f || isInvisible(r):
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
