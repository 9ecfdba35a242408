package gobackend

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// genSupport builds conformance_subject_gen_test.go: the subject API and the
// helpers the block files share. It is the same for every suite (only the
// header's version differs), so a scaffold compiles against any of them.
// Helpers a block does not use stay in the file: staticcheck's unused check
// skips generated files.
func genSupport(v *view) *fileBuilder {
	b := v.newGenerated(supportPath)
	emitSubjectAPI(b)
	emitCallHelpers(b)
	emitCompareHelpers(b)
	emitJSONHelpers(b)
	return b
}

// emitCallHelpers adds fixture reading and the not-provided → skip rule.
func emitCallHelpers(b *fileBuilder) {
	dir := []jen.Code{}
	for _, part := range strings.Split(vendorDir, "/") {
		dir = append(dir, jen.Lit(part))
	}
	dir = append(dir, jen.Qual("path/filepath", "FromSlash").Call(jen.Id("path")))
	b.decl("conformanceFixture reads a file of the vendored suite exactly as it is.",
		jen.Func().Id("conformanceFixture").Params(tParam(), jen.Id("path").String()).Index().Byte().Block(
			tHelper(),
			jen.List(jen.Id("raw"), jen.Err()).Op(":=").Qual("os", "ReadFile").Call(jen.Qual("path/filepath", "Join").Call(dir...)),
			jen.If(jen.Err().Op("!=").Nil()).Block(tDo("Fatalf", jen.Lit("read the vendored suite: %v"), jen.Err())),
			jen.Return(jen.Id("raw")),
		))
	b.decl("conformanceRequireOK ends the test when an operation did not succeed: it skips when the subject does not provide the operation, and fails otherwise.",
		jen.Func().Id("conformanceRequireOK").Params(tParam(), jen.Id("op").String(), jen.Err().Error()).Block(
			tHelper(),
			jen.If(jen.Qual("errors", "Is").Call(jen.Err(), jen.Id(errNotProvided))).Block(
				tDo("Skipf", jen.Lit("%s: %v"), jen.Id("op"), jen.Err())),
			jen.If(jen.Err().Op("!=").Nil()).Block(tDo("Fatalf", jen.Lit("%s: %v"), jen.Id("op"), jen.Err())),
		))
	b.decl("conformanceExpectVerdict decodes a fixture and checks that the subject accepts it exactly when valid; reason is the suite's explanation.",
		jen.Func().Id("conformanceExpectVerdict").ParamsFunc(params("conformanceExpectVerdict", tParam(), subjectParam(), jen.Id("fixture").String(), jen.Id("valid").Bool(), jen.Id("reason").String())).Block(
			tHelper(),
			jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("subject").Dot("Decode").Call(jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture"))),
			jen.Id("conformanceRequireOK").Call(jen.Id("t"), jen.Lit("decode"), jen.Err()),
			jen.If(jen.Id("result").Dot("Accepted").Op("!=").Id("valid")).Block(
				tDo("Errorf", jen.Lit("accepted = %v, want %v: %s"), jen.Id("result").Dot("Accepted"), jen.Id("valid"), jen.Id("reason"))),
		))
	b.decl("conformancePtr returns a pointer to a copy of value, for optional arguments.",
		jen.Func().Id("conformancePtr").Types(jen.Id("V").Any()).Params(jen.Id("value").Id("V")).Op("*").Id("V").Block(
			jen.Return(jen.Op("&").Id("value"))))
}

// emitCompareHelpers adds the comparisons of Go values.
func emitCompareHelpers(b *fileBuilder) {
	gotWant := func() *jen.Statement { return jen.List(jen.Id("got"), jen.Id("want")) }
	b.decl("conformanceExpectEqual fails the test unless got equals want.",
		jen.Func().Id("conformanceExpectEqual").Types(jen.Id("V").Comparable()).Params(tParam(), jen.Id("what").String(), gotWant().Id("V")).Block(
			tHelper(),
			jen.If(jen.Id("got").Op("!=").Id("want")).Block(
				tDo("Errorf", jen.Lit("%s = %#v, want %#v"), jen.Id("what"), jen.Id("got"), jen.Id("want"))),
		))
	b.decl("conformanceExpectExactMap fails the test unless got has exactly the names of want, each with an equal value.",
		jen.Func().Id("conformanceExpectExactMap").Types(jen.Id("V").Comparable()).Params(tParam(), jen.Id("what").String(), gotWant().Map(jen.String()).Id("V")).Block(
			tHelper(),
			jen.Id("conformanceExpectMapIncludes").Call(jen.Id("t"), jen.Id("what"), jen.Id("got"), jen.Id("want")),
			jen.For(jen.List(jen.Id("_"), jen.Id("name")).Op(":=").Range().Id("conformanceSortedKeys").Call(jen.Id("got"))).Block(
				jen.If(jen.List(jen.Id("_"), jen.Id("expected")).Op(":=").Id("want").Index(jen.Id("name")), jen.Op("!").Id("expected")).Block(
					tDo("Errorf", jen.Lit("%s[%q] = %#v is not expected"), jen.Id("what"), jen.Id("name"), jen.Id("got").Index(jen.Id("name"))))),
		))
	b.decl("conformanceExpectMapIncludes fails the test unless got holds every name of want with an equal value.",
		jen.Func().Id("conformanceExpectMapIncludes").Types(jen.Id("V").Comparable()).Params(tParam(), jen.Id("what").String(), gotWant().Map(jen.String()).Id("V")).Block(
			tHelper(),
			jen.For(jen.List(jen.Id("_"), jen.Id("name")).Op(":=").Range().Id("conformanceSortedKeys").Call(jen.Id("want"))).Block(
				jen.List(jen.Id("value"), jen.Id("found")).Op(":=").Id("got").Index(jen.Id("name")),
				jen.If(jen.Op("!").Id("found")).Block(
					tDo("Errorf", jen.Lit("%s[%q] is missing, want %#v"), jen.Id("what"), jen.Id("name"), jen.Id("want").Index(jen.Id("name"))),
				).Else().If(jen.Id("value").Op("!=").Id("want").Index(jen.Id("name"))).Block(
					tDo("Errorf", jen.Lit("%s[%q] = %#v, want %#v"), jen.Id("what"), jen.Id("name"), jen.Id("value"), jen.Id("want").Index(jen.Id("name"))),
				)),
		))
	b.decl("conformanceSortedKeys returns the keys of m in order, so failures are reported in a stable order.",
		jen.Func().Id("conformanceSortedKeys").Types(jen.Id("V").Any()).Params(jen.Id("m").Map(jen.String()).Id("V")).Index().String().Block(
			jen.Id("keys").Op(":=").Make(jen.Index().String(), jen.Lit(0), jen.Len(jen.Id("m"))),
			jen.For(jen.Id("key").Op(":=").Range().Id("m")).Block(jen.Id("keys").Op("=").Append(jen.Id("keys"), jen.Id("key"))),
			jen.Qual("sort", "Strings").Call(jen.Id("keys")),
			jen.Return(jen.Id("keys")),
		))
	b.decl("conformanceExpectSameBytes fails the test unless got is exactly want, byte for byte.",
		jen.Func().Id("conformanceExpectSameBytes").Params(tParam(), jen.Id("what").String(), gotWant().Index().Byte()).Block(
			tHelper(),
			jen.If(jen.Op("!").Qual("bytes", "Equal").Call(jen.Id("got"), jen.Id("want"))).Block(
				tDo("Errorf", jen.Lit("%s is not the original bytes:\n got %q\nwant %q"), jen.Id("what"), jen.Id("got"), jen.Id("want"))),
		))
}
