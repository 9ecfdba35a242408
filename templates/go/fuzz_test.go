package gobackend

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/babelqueue/bqgen/model"
)

// FuzzGoLiterals: a string, as a Go literal and as a key and value of a
// JSON expectation, goes through the real renderer (jennifer and gofmt) and
// the Go parser gives back exactly what went in, with no raw NUL, BOM, CR
// or line separator in the source.
func FuzzGoLiterals(f *testing.F) {
	for _, s := range adversarialStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("suite strings are UTF-8")
		}
		value := model.ObjectValue(model.Member{Key: s, Value: model.StringValue(s)})
		b := (&common{pkg: "p", version: "1.0.0"}).newGenerated("lits_test.go")
		b.decl("", jen.Var().Id("s").Op("=").Add(jen.Lit(s)))
		b.decl("", jen.Var().Id("j").Op("=").Add(jsonLit(value)))
		src, err := b.render()
		if err != nil {
			t.Fatalf("render %q: %v", s, err)
		}
		for _, forbidden := range []string{"\x00", "\u2028", "\u2029", "\ufeff", "\r"} {
			if strings.Contains(string(src), forbidden) {
				t.Fatalf("the source for %q carries a raw %q", s, forbidden)
			}
		}
		got := stringLiterals(t, src)
		if len(got) != 2 || got[0] != s || compactJSON(got[1]) != value.Compact() {
			t.Fatalf("literals of %q read back as %q", s, got)
		}
	})
}
