package python

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/model"
)

// docLineWidth is the longest one-line docstring of a protocol doc: it
// stays within lineWidth at the deepest indentation it is placed at (8).
const docLineWidth = lineWidth - 8

// compactWidth is the longest literal kept on one line; longer arrays and
// objects are laid out one item per line so expectations stay reviewable.
const compactWidth = 72

// jsonNumber is RFC 8259's number grammar. Every text it matches is also a
// valid Python int or float literal (JSON forbids leading zeros, which Python
// rejects), so the number text is emitted exactly as the suite wrote it.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

// pyString returns s as a double-quoted Python str literal that evaluates to
// exactly s. It is escaped by construction: quotes and backslashes are
// escaped, so the literal cannot end early or form an escape of its own; the
// result never holds a line break, a control or format character, a
// combining mark or a line/paragraph separator (those become \n, \r, \t or
// \u/\U escapes). Printable non-ASCII text stays readable. It is never
// prefixed, so f-string braces and \N{...} have no meaning in it.
func pyString(s string) string { return `"` + escapeString(s) + `"` }

// pyStringLines is pyString for a text that may not fit a line: the text
// split after spaces into literals of at most width characters, one a line
// (Python joins adjacent literals). Continuation lines start at column 0.
func pyStringLines(s string, width int) string {
	whole := pyString(s)
	if len(whole) <= width {
		return whole
	}
	var lines []string
	for _, piece := range splitAfterSpaces(s, width-2) {
		lines = append(lines, pyString(piece))
	}
	return strings.Join(lines, "\n")
}

// splitAfterSpaces cuts s after spaces into pieces whose escaped form is
// at most width bytes where the words allow, and a word longer than that
// between two runes; the pieces join back to s.
func splitAfterSpaces(s string, width int) []string {
	var pieces []string
	start, afterSpace, size := 0, -1, 0 // size: the escaped length of s[start:i]
	for i, r := range s {
		if r == ' ' {
			afterSpace = i + 1
		}
		w := len(escapeRune(r))
		if size+w > width {
			switch {
			case afterSpace > start:
				pieces = append(pieces, s[start:afterSpace])
				start = afterSpace
				size = len(escapeString(s[start : i+len(string(r))]))
				continue
			case i > start:
				pieces = append(pieces, s[start:i])
				start, size = i, 0
			}
		}
		size += w
	}
	return append(pieces, s[start:])
}

// escapeString is the body of s's literal, escaped rune by rune, so the
// escapes of two strings concatenated are the escape of their concatenation.
func escapeString(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteString(escapeRune(r))
	}
	return b.String()
}

// pyDoc is a docstring as Python code is written (PEP 257): triple-quoted,
// a summary line, and when there is a body, a blank line, the body with its
// own line breaks and each line wrapped at width after a space, and the
// closing quotes on their own line. The summary (a case's raw name) is kept
// exactly: on the line of the opening quotes, its line breaks escaped, never
// wrapped, so the docstring of a test with no body is its name to the byte.
// Backslashes, invisible characters and carriage returns are escaped as in
// pyString; a double quote only where it would join another (or the
// closing quotes), so prose with quotes stays readable. Continuation lines
// start at column 0; templates shift them with hang.
func pyDoc(summary, body string, width int) string {
	head := strings.ReplaceAll(escapeDoc(summary), "\n", `\n`)
	if body == "" {
		return `"""` + head + `"""`
	}
	var lines []string
	for _, line := range strings.Split(body, "\n") {
		lines = append(lines, wrapWords(line, width)...)
	}
	return `"""` + head + "\n\n" + escapeDoc(strings.Join(lines, "\n")) + "\n" + `"""`
}

// escapeDoc escapes the body of a triple-quoted literal: line feeds stay.
func escapeDoc(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case r == '\n':
			b.WriteByte('\n')
		case r == '"' && (i+1 == len(runes) || runes[i+1] == '"'):
			b.WriteString(`\"`)
		case r == '"':
			b.WriteByte('"')
		default:
			b.WriteString(escapeRune(r))
		}
	}
	return b.String()
}

// wrapWords breaks a line at spaces so each piece is at most width bytes
// where the words allow; a space it breaks at becomes the line break, every
// other space is kept.
func wrapWords(line string, width int) []string {
	words := strings.Split(line, " ")
	var out []string
	cur := words[0]
	for _, w := range words[1:] {
		if cur != "" && len(cur)+1+len(w) > width {
			out, cur = append(out, cur), w
			continue
		}
		cur += " " + w
	}
	return append(out, cur)
}

// escapeRune is the text of one rune inside a double-quoted literal.
func escapeRune(r rune) string {
	switch r {
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	if r >= 0x20 && r < 0x7f {
		return string(r)
	}
	if r >= 0x80 && readableRune(r) {
		return string(r)
	}
	if r > 0xffff {
		return fmt.Sprintf(`\U%08x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// readableRune reports whether a non-ASCII rune may appear raw in source: a
// printable letter, number, punctuation or symbol. Marks are escaped because
// a combining mark would render onto the quote or the rune before it and hide
// what the data holds; unicode.IsPrint already excludes controls, format
// characters, separators other than U+0020, private use and unassigned runes.
func readableRune(r rune) bool {
	return r != unicode.ReplacementChar && unicode.IsPrint(r) && !unicode.Is(unicode.M, r)
}

// pyBool is a Python bool literal.
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// pyInt is a Python int literal.
func pyInt(n int64) string { return strconv.FormatInt(n, 10) }

// pyNumber returns a JSON number's text as a Python literal: an int for an
// integer spelling, a float otherwise (1.5e3 stays the float literal 1.5e3).
func pyNumber(text string) (string, error) {
	if !jsonNumber.MatchString(text) {
		return "", fmt.Errorf("%q is not a JSON number", text)
	}
	return text, nil
}

// pyValue returns a JSON value as a one-line Python literal: None, True,
// False, an int or float literal with the suite's exact number text, a str
// literal from pyString, a list, or a dict in the suite's key order.
func pyValue(v model.Value) (string, error) {
	switch v.Kind {
	case model.Null:
		return "None", nil
	case model.Bool:
		return pyBool(v.Bool), nil
	case model.Number:
		return pyNumber(v.Text)
	case model.String:
		return pyString(v.Text), nil
	case model.Array:
		items, err := pyItems(v)
		return "[" + strings.Join(items, ", ") + "]", err
	case model.Object:
		members, err := pyMembers(v)
		return "{" + strings.Join(members, ", ") + "}", err
	}
	return "", fmt.Errorf("value of unknown kind %d", v.Kind)
}

// pyItems renders the items of an array, one literal each.
func pyItems(v model.Value) ([]string, error) {
	out := make([]string, len(v.Items))
	for i, item := range v.Items {
		lit, err := pyValue(item)
		if err != nil {
			return nil, err
		}
		out[i] = lit
	}
	return out, nil
}

// pyMembers renders the members of an object as "key": value, in order.
func pyMembers(v model.Value) ([]string, error) {
	out := make([]string, len(v.Members))
	for i, m := range v.Members {
		lit, err := pyValue(m.Value)
		if err != nil {
			return nil, err
		}
		out[i] = pyString(m.Key) + ": " + lit
	}
	return out, nil
}

// pyBlock is pyValue laid out for reading: a literal longer than
// compactWidth that is a non-empty array or object gets one item per line,
// indented four spaces per level, recursively. Continuation lines are
// indented relative to column 0; templates shift them with hang. Line breaks
// only ever fall between items, never inside a string literal.
func pyBlock(v model.Value) (string, error) {
	compact, err := pyValue(v)
	if err != nil || len(compact) <= compactWidth {
		return compact, err
	}
	var parts []string
	open, close := "[", "]"
	switch {
	case v.Kind == model.Array && len(v.Items) > 0:
		parts, err = blockItems(v)
	case v.Kind == model.Object && len(v.Members) > 0:
		open, close = "{", "}"
		parts, err = blockMembers(v)
	default:
		return compact, nil
	}
	if err != nil {
		return "", err
	}
	return open + "\n" + indentLines(strings.Join(parts, ",\n")+",", "    ") + "\n" + close, nil
}

func blockItems(v model.Value) ([]string, error) {
	out := make([]string, len(v.Items))
	for i, item := range v.Items {
		lit, err := blockValue(item)
		if err != nil {
			return nil, err
		}
		out[i] = lit
	}
	return out, nil
}

func blockMembers(v model.Value) ([]string, error) {
	out := make([]string, len(v.Members))
	for i, m := range v.Members {
		key := pyStringLines(m.Key, compactWidth) + ":"
		lead := len(key) - strings.LastIndex(key, "\n") // the last line of the key and a space
		lit, err := blockValue(m.Value)
		if err != nil {
			return nil, err
		}
		if m.Value.Kind == model.String && strings.Contains(lit, "\n") {
			if lead > maxLead { // a split text under a long key starts on a line of its own
				out[i] = key + "\n    " + hang(4, lit)
				continue
			}
			lit = hang(lead, lit)
		}
		out[i] = key + " " + lit
	}
	return out, nil
}

// blockValue is an item of a laid-out array or object: pyBlock, and a text
// longer than compactWidth split after spaces into adjacent literals, one a
// line (the brackets join them into one str). Continuation lines start at
// column 0.
func blockValue(v model.Value) (string, error) {
	if v.Kind != model.String {
		return pyBlock(v)
	}
	return pyStringLines(v.Text, compactWidth), nil
}

// maxLead is the longest key the pieces of a split text line up after.
const maxLead = 24

// indentLines puts prefix in front of every line of s.
func indentLines(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// hang indents every line of s but the first by n spaces, so a multi-line
// literal built at column 0 lines up where a template places it. Empty
// lines stay empty: no trailing whitespace.
func hang(n int, s string) string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = strings.Repeat(" ", n) + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// pyDocText is the docstring of a text bqgen writes itself (a protocol
// doc): on one line when it is one line and fits docLineWidth, else every
// line wrapped at width after a space (an indented line's continuations
// four spaces deeper) and the closing quotes on their own line.
// Continuation lines start at column 0; templates shift them with hang.
func pyDocText(text string, width int) string {
	if !strings.Contains(text, "\n") && len(text)+len(`""""""`) <= docLineWidth {
		return `"""` + escapeDoc(text) + `"""`
	}
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		rest := strings.TrimLeft(line, " ")
		lead := line[:len(line)-len(rest)]
		for i, piece := range wrapWords(rest, width-len(lead)) {
			if i == 1 && lead != "" {
				lead += "    "
			}
			lines = append(lines, strings.TrimRight(lead+piece, " "))
		}
	}
	return `"""` + escapeDoc(strings.Join(lines, "\n")) + "\n" + `"""`
}

// commentText is s as the text of a # comment, escaped by construction: a
// comment ends at a line break, so every rune that could end or hide the
// line (line feeds, carriage returns, NUL and every other control or
// format character, the line and paragraph separators) is spelt as the
// escape pyString would use; printable text, backslashes and quotes stay.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if (r >= 0x20 && r < 0x7f) || (r >= 0x80 && readableRune(r)) {
			b.WriteRune(r)
		} else {
			b.WriteString(escapeRune(r))
		}
	}
	return b.String()
}
