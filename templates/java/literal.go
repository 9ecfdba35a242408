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
// than width is broken into pieces that fit, between characters (never
// inside a character reference), so no line of a comment grows past the
// page. An empty s is one empty line.
func wrap(s string, width int) []string {
	var words []string
	for _, w := range strings.Fields(s) {
		words = append(words, breakWord(w, width)...)
	}
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

// literalUnits splits the body of a Java string literal (between its
// quotes) into the units no line break may fall inside: an escape
// (\uXXXX, with its low surrogate when it is a high one, \NNN, \n...) or one
// character. ok is false when lit is not one plain literal as javaLiteral
// writes it.
func literalUnits(lit string) (units []string, ok bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, false
	}
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		n := 1
		switch {
		case body[i] == '"':
			return nil, false // a quote of its own ends the literal: not one literal
		case body[i] != '\\':
		case i+1 >= len(body):
			return nil, false
		case body[i+1] == 'u':
			n = 6
			if i+12 <= len(body) && isHighSurrogateEscape(body[i:i+6]) && body[i+6:i+8] == `\u` {
				n = 12 // a surrogate pair stays on one line
			}
		case body[i+1] >= '0' && body[i+1] <= '7':
			n = 4 // javaLiteral writes octal escapes with three digits
		default:
			n = 2
		}
		if i+n > len(body) {
			return nil, false
		}
		units = append(units, body[i:i+n])
		i += n
	}
	return units, true
}

// isHighSurrogateEscape reports whether esc, a \uXXXX escape, is a high
// surrogate.
func isHighSurrogateEscape(esc string) bool {
	u, err := strconv.ParseUint(esc[2:], 16, 16)
	return err == nil && u >= 0xD800 && u <= 0xDBFF
}

// maxWidth is the width no generated line passes: a string literal that
// would is split (splitLiteral).
const maxWidth = 120

// splitLiteral returns lit, a string expression starting at column col with
// tail more characters after it on its line, unchanged when it fits
// maxWidth. A longer plain literal (or a call of one argument that is one,
// such as jsonString("...")) becomes a concatenation of literals, each
// continuation line starting "+ " at indent; javac folds it back into one
// constant, on lines filled to lineWidth. Lines break after a space where
// one is near, never inside an escape.
func splitLiteral(lit string, col, tail, indent int) string {
	if col+len(lit)+tail <= maxWidth {
		return lit
	}
	if open := strings.Index(lit, `("`); open > 0 && strings.HasSuffix(lit, `")`) && isCallName(lit[:open]) {
		head := lit[:open+1]
		return head + splitLiteral(lit[open+1:len(lit)-1], col+len(head), tail+1, indent) + ")"
	}
	units, ok := literalUnits(lit)
	if !ok {
		return lit
	}
	var lines []string
	width := lineWidth - col - len(`""`) // room on the first line
	for len(units) > 0 {
		n, size := 0, 0
		for n < len(units) && size+len(units[n]) <= width {
			size += len(units[n])
			n++
		}
		if n == len(units) && size+tail > width && n > 1 {
			n-- // leave room for the tail on the last line
		}
		if n < len(units) {
			for k := n; k > n/2; k-- {
				if units[k-1] == " " {
					n = k // break after the last space of the line's second half
					break
				}
			}
		}
		if n == 0 {
			n = 1 // one unit wider than the line still goes somewhere
		}
		lines = append(lines, `"`+strings.Join(units[:n], "")+`"`)
		units = units[n:]
		width = lineWidth - indent - len(`+ ""`)
	}
	return strings.Join(lines, "\n"+strings.Repeat(" ", indent)+"+ ")
}

// isCallName reports whether s is a plain method name.
func isCallName(s string) bool {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// breakWord splits w, text escaped by commentText, into pieces of at most
// width bytes; a character reference ("&#x1f600;") stays whole.
func breakWord(w string, width int) []string {
	var pieces []string
	for len(w) > width {
		cut := 0
		for cut < len(w) {
			n := 1
			if w[cut] == '&' {
				if end := strings.IndexByte(w[cut:], ';'); end > 0 {
					n = end + 1
				}
			}
			if cut+n > width && cut > 0 {
				break
			}
			cut += n
		}
		pieces, w = append(pieces, w[:cut]), w[cut:]
	}
	return append(pieces, w)
}
