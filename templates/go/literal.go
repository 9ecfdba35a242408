package gobackend

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The literals of generated code. Every untrusted string (case names,
// descriptions, values) becomes Go source only through jen.Lit or jsonLit,
// so escaping holds by construction.

// rawJSON is the type json.RawMessage.
func rawJSON() *jen.Statement { return jen.Qual("encoding/json", "RawMessage") }

// intLit is an integer literal without a conversion, so it adapts to the
// int64 or int it is assigned to (jen renders an int64 as int64(n)). The
// int64 fallback only matters on a 32-bit generator host.
func intLit(n int64) *jen.Statement {
	if int64(int(n)) == n {
		return jen.Lit(int(n))
	}
	return jen.Lit(n)
}

// jsonLit is a JSON value as a Go string literal, keeping number spelling
// and member order. It reads as JSON does in hand-written Go tests: a raw
// string, on one line when short, else indented over several lines (every
// helper that takes it parses it, so the whitespace means nothing). Text a
// raw string cannot hold, or would hide (a backquote, a carriage return, an
// invisible or bidi character), falls back to an escaped literal (textLit).
func jsonLit(v model.Value) *jen.Statement {
	text := v.Compact()
	if !rawSafe(text) {
		return textLit(text)
	}
	if len(text) > maxInlineJSON {
		text = v.Indented("\t")
	}
	return jen.Id("`" + text + "`")
}

// maxInlineJSON is the longest JSON kept on its call's line.
const maxInlineJSON = 60

// rawSafe reports whether text can be a raw string literal that shows every
// character it holds: printable runes only (line feeds come from Indented).
func rawSafe(text string) bool {
	for _, r := range text {
		if r == '`' || !unicode.IsPrint(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// stringObject is the JSON object of string entries, in order.
func stringObject(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// maxLitWidth is the longest string literal textLit keeps on one line.
const maxLitWidth = 72

// textLit is a string literal of suite text (a case name, a rejection
// reason). Text whose literal would be longer than maxLitWidth becomes a
// concatenation of literals, one per line, split after spaces where it can
// be and between runes where it cannot; every piece is escaped by jen.Lit,
// and together they spell exactly s.
func textLit(s string) *jen.Statement {
	pieces := splitText(s)
	lit := jen.Lit(pieces[0])
	for _, p := range pieces[1:] {
		lit = lit.Op("+").Line().Lit(p)
	}
	return lit
}

// splitText cuts s into pieces whose Go literals fit maxLitWidth.
func splitText(s string) []string {
	var pieces []string
	piece := ""
	for _, word := range wordsWithSpace(s) {
		if piece != "" && litWidth(piece+word) > maxLitWidth {
			pieces, piece = append(pieces, piece), ""
		}
		for _, r := range word {
			if piece != "" && litWidth(piece+string(r)) > maxLitWidth {
				pieces, piece = append(pieces, piece), ""
			}
			piece += string(r)
		}
	}
	return append(pieces, piece)
}

// wordsWithSpace cuts s after each space, so the pieces join back to s.
func wordsWithSpace(s string) []string {
	var words []string
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return append(words, s)
		}
		words, s = append(words, s[:i+1]), s[i+1:]
	}
	return words
}

// litWidth is the width of s as a Go string literal.
func litWidth(s string) int { return len(strconv.Quote(s)) }

// commentText makes text safe inside a // line comment above the package
// clause: a character that is not printable (a newline above all, which
// would end the comment and start code) becomes a \u escape, and "+build"
// is spelt "+\u0062uild", since go vet reads any "+build" in a comment above
// the package clause as a malformed build constraint. A backslash is kept:
// the text is a command for a reader, not a literal.
func commentText(text string) string {
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == unicode.ReplacementChar || !unicode.IsPrint(r) && r != ' ':
			if r > 0xFFFF {
				b.WriteString(`\U` + fmt.Sprintf("%08X", r))
			} else {
				b.WriteString(`\u` + fmt.Sprintf("%04X", r))
			}
		default:
			b.WriteRune(r)
		}
	}
	return strings.ReplaceAll(b.String(), "+build", `+\u0062uild`)
}
