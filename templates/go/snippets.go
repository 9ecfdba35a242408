package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// Small jen builders for the shapes every emitter uses. Each returns a fresh
// statement: jen statements grow in place, so they are never shared.

// testingT is the type *testing.T.
func testingT() *jen.Statement { return jen.Op("*").Qual("testing", "T") }

// tParam is the parameter "t *testing.T".
func tParam() *jen.Statement { return jen.Id("t").Add(testingT()) }

// tbParam is the parameter "t testing.TB" of a support function: a known
// failure runs its checks against a recorder (conformanceKnownFailure), so
// the helpers take the interface, not *testing.T.
func tbParam() *jen.Statement { return jen.Id("t").Qual("testing", "TB") }

// subjectParam is the parameter "subject ConformanceOperations".
func subjectParam() *jen.Statement { return jen.Id("subject").Id(operationsType) }

// tDo calls a method of t: t.Errorf(...), t.Fatalf(...), t.Helper().
func tDo(method string, args ...jen.Code) *jen.Statement {
	return jen.Id("t").Dot(method).Call(args...)
}

// tHelper marks a support function as a test helper.
func tHelper() *jen.Statement { return tDo("Helper") }

// maxCallWidth is the longest call kept on one line; with the indentation
// of a subtest body, the line stays within 120 columns.
const maxCallWidth = 100

// call is name(args...), with one argument per line, as gofmt keeps them,
// when the call would not fit on one line.
func call(name string, args ...jen.Code) *jen.Statement {
	oneLine := jen.Id(name).Call(args...)
	if len(fmt.Sprintf("%#v", oneLine)) <= maxCallWidth {
		return oneLine
	}
	return jen.Id(name).CallFunc(func(g *jen.Group) {
		for _, a := range args {
			g.Line().Add(a)
		}
		g.Line()
	})
}

// params is a parameter list for ParamsFunc: one parameter per line when
// the signature of func name would not fit on one line.
func params(name string, ps ...jen.Code) func(*jen.Group) {
	long := len(fmt.Sprintf("%#v", jen.Func().Id(name).Params(ps...))) > maxCallWidth
	return func(g *jen.Group) {
		for _, p := range ps {
			if long {
				g.Line().Add(p)
			} else {
				g.Add(p)
			}
		}
		if long {
			g.Line()
		}
	}
}

// subtest is t.Run(name, func(t *testing.T) { body }) for the case name of
// the file's block, its body as the SDK's exemptions say (exempt). The case
// name goes in raw, through textLit: the testing package makes display names
// unique, and the test index computes them as it does (index.go). The
// subtest belongs to the next top-level test b.testFunc builds.
func (b *fileBuilder) subtest(name string, body ...jen.Code) *jen.Statement {
	b.pending = append(b.pending, name)
	return tDo("Run", textLit(name), jen.Func().Params(tParam()).Block(b.exempt(name, body)...))
}

// testFunc is a top-level test that first obtains the subject, running the
// subtests built since the previous top-level test, in that order; it
// indexes them under name.
func (b *fileBuilder) testFunc(name string, body ...jen.Code) *jen.Statement {
	b.indexSubtests(name)
	return topLevelTest(name, body...)
}

// topLevelTest is func name(t *testing.T) { subject := ...; body }.
func topLevelTest(name string, body ...jen.Code) *jen.Statement {
	stmts := append([]jen.Code{jen.Id("subject").Op(":=").Id(subjectFor).Call(jen.Id("t"))}, body...)
	return jen.Func().Id(name).Params(tParam()).Block(stmts...)
}

// caseTest is a top-level test that is one case of the file's block (a
// sub-block with a single check, named caseName), its body as the SDK's
// exemptions say.
func (b *fileBuilder) caseTest(name, caseName string, body ...jen.Code) *jen.Statement {
	b.indexTest(name, caseName)
	return topLevelTest(name, b.exempt(caseName, body)...)
}

// exempt is the body of a case's test as the exemption covering
// "<block>/<name>" says: none, the body; skip, t.Skip with the reason (the
// body stays, unreached, to show what the case checks); fail, the body run
// as a known failure by conformanceKnownFailure, which skips as "known
// failure" while the checks fail and fails with the remedy once they pass.
// The remedy and reason are the SDK's text: they go in as literals.
func (b *fileBuilder) exempt(name string, body []jen.Code) []jen.Code {
	e, ok := b.exemptions.ExemptionFor(b.block, name)
	switch {
	case !ok:
		return body
	case e.Action == backend.ExemptSkip:
		return append([]jen.Code{tDo("Skip", textLit("exempt: "+e.Reason))}, body...)
	}
	return []jen.Code{jen.Id("conformanceKnownFailure").Call(jen.Id("t"), textLit(e.Remedy()), textLit(e.Reason),
		jen.Func().Params(tbParam()).Block(body...))}
}

// field is one keyed element of a composite literal.
type field struct {
	key   jen.Code
	value jen.Code
}

// named is a struct field element "Name: value".
func named(name string, value jen.Code) field { return field{jen.Id(name), value} }

// keyed is a map element "key: value" with a string key.
func keyed(key string, value jen.Code) field { return field{jen.Lit(key), value} }

// composite is a literal of typ with one element per line, in the given
// order (jen.Dict would sort them; manifest order reads better).
func composite(typ jen.Code, fields ...field) *jen.Statement {
	items := make([]jen.Code, len(fields))
	for i, f := range fields {
		items[i] = jen.Add(f.key).Op(":").Add(f.value)
	}
	return jen.Add(typ).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, items...)
}

// row is an element of a slice literal, type elided, on one line.
func row(fields ...field) *jen.Statement {
	items := make([]jen.Code, len(fields))
	for i, f := range fields {
		items[i] = jen.Add(f.key).Op(":").Add(f.value)
	}
	return jen.Values(items...)
}

// list is a slice literal of elemType with one element per line.
func list(elemType jen.Code, items ...jen.Code) *jen.Statement {
	return jen.Index().Add(elemType).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, items...)
}

// stringMap is a map[string]string literal of the entries, in order.
func stringMap(entries []model.StringEntry) *jen.Statement {
	fields := make([]field, len(entries))
	for i, e := range entries {
		fields[i] = keyed(e.Name, jen.Lit(e.Value))
	}
	return composite(jen.Map(jen.String()).String(), fields...)
}

// fixture reads a suite file at test time: conformanceFixture(t, path).
func fixture(path string) *jen.Statement {
	return jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Lit(path))
}

// callOp calls a subject operation: got, err := subject.Op(args...).
func callOp(op protocol.Operation, args ...jen.Code) *jen.Statement {
	return jen.List(jen.Id("got"), jen.Err()).Op(":=").Id("subject").Dot(exported(op.Name)).Call(args...)
}

// requireOK skips or stops the test when an operation failed.
func requireOK(op protocol.Operation) *jen.Statement {
	return jen.Id("conformanceRequireOK").Call(jen.Id("t"), jen.Lit(op.Name), jen.Err())
}

// expectEqual is conformanceExpectEqual(t, what, got, want).
func expectEqual(what string, got, want jen.Code) *jen.Statement {
	return jen.Id("conformanceExpectEqual").Call(jen.Id("t"), jen.Lit(what), got, want)
}

// expectJSON is conformanceExpectJSON(t, what, got, want).
func expectJSON(what string, got jen.Code, want model.Value) *jen.Statement {
	return jen.Id("conformanceExpectJSON").Call(jen.Id("t"), jen.Lit(what), got, jsonLit(want))
}

// testName names a block's (or sub-block's) top-level test. The prefix keeps
// clear of the SDK's hand-written TestConformance* tests in the same package.
func testName(parts ...string) string {
	name := "TestConformanceSuite"
	for _, p := range parts {
		name += exported(p)
	}
	return name
}
