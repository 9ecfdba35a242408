package report

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// md is the one escaper of every string a Markdown output (the report, the
// blocks table, the changes) takes from a suite, a result file, a history,
// a merged report or a repository: what it returns is plain text to any
// CommonMark and GitHub-flavoured Markdown renderer, in a table cell, a
// heading or a line. It opens no tag, comment, link, image, code span or
// emphasis; it ends no table cell or row; and it links nothing, although
// GitHub turns www., http:// and e-mail addresses in plain text into links.
// As in the HTML report (htmlText), a control or an invisible format
// character (bidi overrides and isolates, zero-width characters) shows as
// ⟨U+XXXX⟩, so a name can neither reorder the text around it nor hide part
// of itself; line breaks and tabs become spaces.
func md(s string) string {
	s = mdVisible(strings.ToValidUTF8(s, "\uFFFD"))
	s = mdPunctuation.Replace(s)
	return mdNoAutolink(s)
}

// mdPunctuation backslash-escapes the punctuation Markdown acts on, turns
// HTML's specials into entities and line breaks (which would end a table
// row) into spaces.
var mdPunctuation = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "|", `\|`, "~", `\~`, "#", `\#`,
	"!", `\!`, "&", "&amp;", "<", "&lt;", ">", "&gt;",
	"\r\n", " ", "\n", " ", "\r", " ", "\t", " ",
)

// mdVisible shows every control character but line breaks and tabs, and
// every format character, as ⟨U+XXXX⟩.
func mdVisible(s string) string {
	if !strings.ContainsFunc(s, mdHidden) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if mdHidden(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func mdHidden(r rune) bool {
	switch {
	case r == '\n' || r == '\r' || r == '\t':
		return false
	case r == utf8.RuneError:
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r >= 0xFFFE && r <= 0xFFFF
}

// mdAutolink is where GitHub's autolink extension would start a link in
// plain text: "www.", a scheme's "://" and an e-mail address's "@".
var mdAutolink = regexp.MustCompile(`(?i)www\.|://|@`)

// mdNoAutolink writes the character that starts an autolink as a
// numeric character reference: the page shows the same text, but the
// Markdown source no longer holds the literal "www.", "://" or "@" the
// extension looks for (it reads the source, before references are
// decoded), so the text is never a link bqgen did not write.
func mdNoAutolink(s string) string {
	return mdAutolink.ReplaceAllStringFunc(s, func(m string) string {
		r, size := utf8.DecodeRuneInString(m)
		return fmt.Sprintf("&#%d;", r) + m[size:]
	})
}

// mdItem is md for the start of a list item, where text could open a
// nested list: "- 1. x" or "- + x".
func mdItem(s string) string {
	out := md(s)
	if m := listMarker.FindStringIndex(out); m != nil {
		out = out[:m[1]-1] + `\` + out[m[1]-1:]
	}
	return out
}

// listMarker is a list marker at the start of a text: "-", "+", "1." or "1)".
var listMarker = regexp.MustCompile(`^(?:[-+]|\d{1,9}[.)])`)
