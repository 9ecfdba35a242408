package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The "forbidden_keys" block: decoding warns about a non-canonical key and
// re-encoding never emits it.

const expectForbiddenKey = "conformanceExpectForbiddenKey"

func emitForbiddenKeys(v *view, b *fileBuilder) error {
	runs := make([]jen.Code, len(v.suite.ForbiddenKeys.Cases))
	for i, c := range v.suite.ForbiddenKeys.Cases {
		absent := make([]jen.Code, len(c.ExpectAbsentAfterReencode))
		for j, p := range c.ExpectAbsentAfterReencode {
			absent[j] = jen.Lit(p.String())
		}
		runs[i] = subtest(c.Name, call(expectForbiddenKey, jen.Id("t"), jen.Id("subject"), jen.Lit(c.File),
			jen.Lit(c.ForbiddenKey.String()), jen.Index().String().Values(absent...)))
	}
	name := testName(model.BlockForbiddenKeys)
	b.decl(name+" runs forbidden_keys: decode accepts the envelope with a warning naming the key, and re-encoding drops it.",
		testFunc(name, runs...))
	emitForbiddenKeyHelper(b)
	return nil
}

func emitForbiddenKeyHelper(b *fileBuilder) {
	result := func(f string) *jen.Statement { return jen.Id("result").Dot(f) }
	b.decl(expectForbiddenKey+" decodes a fixture carrying a forbidden key, re-encodes it unchanged and checks that no absent pointer resolves; last, since an SDK may have no way to surface them, that a warning names the key.",
		jen.Func().Id(expectForbiddenKey).ParamsFunc(params(expectForbiddenKey, tParam(), subjectParam(), jen.List(jen.Id("fixture"), jen.Id("forbiddenKey")).String(), jen.Id("absent").Index().String())).Block(
			tHelper(),
			jen.Id("envelope").Op(":=").Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture")),
			jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("subject").Dot("Decode").Call(jen.Id("envelope")),
			requireOK("decode"),
			jen.If(jen.Op("!").Add(result("Accepted"))).Block(
				tDo("Fatalf", jen.Lit("decode must accept the envelope and warn, but rejected it: %s"), result("Reason"))),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Reencode").Call(jen.Id("envelope"), jen.Lit(0)),
			requireOK("reencode"),
			jen.Id("document").Op(":=").Id("conformanceParseOutput").Call(jen.Id("t"), jen.Lit("reencode"), jen.Id("encoded")),
			jen.For(jen.List(jen.Id("_"), jen.Id("pointer")).Op(":=").Range().Id("absent")).Block(
				jen.If(jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("pointer")), jen.Id("found")).Block(
					tDo("Errorf", jen.Lit("re-encoding emitted the forbidden %s = %s"), jen.Id("pointer"), jen.Id("conformanceJSONText").Call(jen.Id("got"))))),
			jen.Comment("a subject without warnings skips here, after the checks it can answer"),
			jen.Id("conformanceRequireOK").Call(jen.Id("t"), jen.Lit("decode warnings"), result("WarningsErr")),
			jen.For(jen.List(jen.Id("_"), jen.Id("warning")).Op(":=").Range().Add(result("Warnings"))).Block(
				jen.If(jen.Qual("strings", "Contains").Call(jen.Id("warning"), jen.Id("forbiddenKey"))).Block(jen.Return())),
			tDo("Errorf", jen.Lit("no warning names %s; warnings = %q"), jen.Id("forbiddenKey"), result("Warnings")),
		))
}
