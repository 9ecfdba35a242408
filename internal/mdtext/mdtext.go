// Package mdtext is the one Markdown escaper of bqgen: every string a
// Markdown output (the report, the blocks table, the changes, bqgen diff
// --format md, generate --summary's pull request body) takes from a suite,
// a result file, a history, a merged report or a repository passes Text or
// Item, and what a code span holds passes Visible.
package mdtext

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Text is s as plain text to any CommonMark and GitHub-flavoured Markdown
// renderer, in a table cell, a heading, a list item or a line. It opens no
// tag, comment, link, image, code span, fence or emphasis; it ends no table
// cell or row; and it links nothing, although GitHub turns www., http://
// and e-mail addresses in plain text into links. As in the HTML report, a
// hidden character (quote.Hidden: controls, bidi overrides and isolates,
// zero-width and other invisible characters) shows as ⟨U+XXXX⟩, so a name
// can neither reorder the text around it nor hide part of itself; line
// breaks and tabs become spaces, so it stays on its line.
func Text(s string) string {
	s = Visible(lineBreaks.Replace(s))
	s = punctuation.Replace(s)
	return noAutolink(s)
}

// lineBreaks turns what would end a line (a table row, a list item) into
// spaces.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")

// punctuation backslash-escapes the punctuation Markdown acts on and turns
// HTML's specials into entities.
var punctuation = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "|", `\|`, "~", `\~`, "#", `\#`,
	"!", `\!`, "&", "&amp;", "<", "&lt;", ">", "&gt;",
)

// Visible is s with every hidden character shown as ⟨U+XXXX⟩ and every
// byte that is not UTF-8 as U+FFFD: for a code span, whose text Markdown
// does not escape, as for Text.
func Visible(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, quote.Hidden) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if quote.Hidden(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// autolink is where GitHub's autolink extension would start a link in
// plain text: "www.", a scheme's "://" and an e-mail address's "@".
var autolink = regexp.MustCompile(`(?i)www\.|://|@`)

// noAutolink writes the character that starts an autolink as a numeric
// character reference: the page shows the same text, but the Markdown
// source no longer holds the literal "www.", "://" or "@" the extension
// looks for (it reads the source, before references are decoded), so the
// text is never a link bqgen did not write.
func noAutolink(s string) string {
	return autolink.ReplaceAllStringFunc(s, func(m string) string {
		r, size := utf8.DecodeRuneInString(m)
		return fmt.Sprintf("&#%d;", r) + m[size:]
	})
}

// Item is Text for the start of a list item, where text could open a
// nested list: "- 1. x" or "- + x".
func Item(s string) string {
	out := Text(s)
	if m := listMarker.FindStringIndex(out); m != nil {
		out = out[:m[1]-1] + `\` + out[m[1]-1:]
	}
	return out
}

// listMarker is a list marker at the start of a text: "-", "+", "1." or "1)".
var listMarker = regexp.MustCompile(`^(?:[-+]|\d{1,9}[.)])`)
