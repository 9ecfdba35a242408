package gobackend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

func TestLiteralsRoundTripThroughTheGoParser(t *testing.T) {
	t.Parallel()
	b := (&common{pkg: "p", version: "1.0.0"}).newGenerated("lits_test.go")
	var want []string
	for i, s := range adversarialStrings {
		value := model.ObjectValue(model.Member{Key: s, Value: model.StringValue(s)})
		b.decl("", jen.Var().Id("s"+strconv.Itoa(i)).Op("=").Add(jen.Lit(s)))
		b.decl("", jen.Var().Id("j"+strconv.Itoa(i)).Op("=").Add(jsonLit(value)))
		want = append(want, s, value.Compact())
	}
	src, err := b.render()
	if err != nil {
		t.Fatal(err)
	}
	for _, forbidden := range []string{"\x00", "\u2028", "\u2029", "\ufeff", "\r"} {
		if strings.Contains(string(src), forbidden) {
			t.Errorf("generated source carries a raw %q", forbidden)
		}
	}
	got := stringLiterals(t, src)
	if len(got) != len(want) {
		t.Fatalf("%d string literals, want %d", len(got), len(want))
	}
	for i := range want {
		if i%2 == 1 {
			got[i] = compactJSON(got[i]) // a JSON literal may be indented
		}
		if got[i] != want[i] {
			t.Errorf("literal %d = %q, want %q", i, got[i], want[i])
		}
	}
}

// stringLiterals parses Go source and returns the values of its string
// literals; a concatenation of literals (textLit's pieces) is one value.
func stringLiterals(t *testing.T, src []byte) []string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "lits_test.go", src, 0)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		expr, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if s, ok := stringValue(t, expr); ok {
			out = append(out, s)
			return false
		}
		return true
	})
	return out
}

// stringValue is the value of a string literal or a concatenation of them.
func stringValue(t *testing.T, expr ast.Expr) (string, bool) {
	switch e := expr.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		if err != nil {
			t.Fatal(err)
		}
		return s, true
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, okX := stringValue(t, e.X)
		y, okY := stringValue(t, e.Y)
		return x + y, okX && okY
	}
	return "", false
}

func TestAdversarialSuiteOutputIsWellFormed(t *testing.T) {
	t.Parallel()
	s, _ := adversarialSuite(t)
	for _, binding := range bindings {
		for _, f := range goFiles(generate(t, s, backend.Options{Binding: binding})) {
			checkFormatted(t, f)
			checkHeader(t, f, "9.9.9-adversarial.1+sha.5")
		}
	}
}

// compactJSON is JSON text in its compact form, or the text itself when it
// is not JSON.
func compactJSON(text string) string {
	v, err := model.Parse([]byte(text))
	if err != nil {
		return text
	}
	return v.Compact()
}

// Long suite text (a rejection reason, a case name) becomes a concatenation
// of literals that spells exactly the text, on lines within 120 columns,
// however hostile the text and wherever it has no space to split at.
func TestLongSuiteTextIsSplitIntoShortLiterals(t *testing.T) {
	t.Parallel()
	texts := []string{
		strings.Join(adversarialStrings, " | "),
		strings.Repeat("\ufeff\u0085x", 60),
		strings.Repeat("word ", 40),
		"short",
		"",
	}
	b := (&common{pkg: "p", version: "1.0.0"}).newGenerated("long_test.go")
	for i, s := range texts {
		b.decl("", jen.Func().Id("f"+strconv.Itoa(i)).Params().Block(
			jen.Id("t").Dot("Run").Call(textLit(s), jen.Nil()),
		))
	}
	src, err := b.render()
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if len(line) > 120 {
			t.Errorf("line %d has %d columns: %s", i+1, len(line), line)
		}
	}
	if got := stringLiterals(t, src); !slices.Equal(got, texts) {
		t.Errorf("the literals spell %q, want %q", got, texts)
	}
}
