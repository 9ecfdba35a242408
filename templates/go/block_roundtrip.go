package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The "roundtrip" block: decode, attempts + 1, encode; unknown keys survive.

const (
	preservedType   = "conformancePreserved"
	expectRoundtrip = "conformanceExpectRoundtrip"
)

func emitRoundtrip(v *view, b *fileBuilder) error {
	runs := make([]jen.Code, len(v.suite.Roundtrip.Cases))
	for i, c := range v.suite.Roundtrip.Cases {
		rows := make([]jen.Code, len(c.ExpectPreserved))
		for j, p := range c.ExpectPreserved {
			rows[j] = row(named("Pointer", jen.Lit(p.Pointer.String())), named("Value", jsonLit(p.Value)))
		}
		runs[i] = subtest(c.Name, jen.Id(expectRoundtrip).Call(jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), intLit(c.ExpectAttempts),
			list(jen.Id(preservedType), rows...)))
	}
	name := testName(model.BlockRoundtrip)
	b.decl(name+" runs roundtrip: re-encoding a decoded envelope with attempts + 1 keeps every unknown key with the same value.",
		testFunc(name, runs...))
	emitRoundtripHelpers(b)
	return nil
}

func emitRoundtripHelpers(b *fileBuilder) {
	b.decl(preservedType+" is a JSON pointer and the value (compact JSON) it must still hold after re-encoding.",
		jen.Type().Id(preservedType).Struct(jen.Id("Pointer").String(), jen.Id("Value").String()))
	b.decl(expectRoundtrip+" re-encodes a fixture with attempts + 1 and checks attempts and every preserved value.",
		jen.Func().Id(expectRoundtrip).ParamsFunc(params(expectRoundtrip, tParam(), subjectParam(), jen.Id("fixture").String(), jen.Id("wantAttempts").Int64(), jen.Id("preserved").Index().Id(preservedType))).Block(
			tHelper(),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Reencode").Call(jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture")), jen.Lit(1)),
			requireOK("reencode"),
			jen.Id("document").Op(":=").Id("conformanceParseOutput").Call(jen.Id("t"), jen.Lit("reencode"), jen.Id("encoded")),
			jen.Id("conformanceExpectAt").Call(jen.Id("t"), jen.Id("document"), jen.Lit("/attempts"),
				jen.Qual("strconv", "FormatInt").Call(jen.Id("wantAttempts"), jen.Lit(10))),
			jen.For(jen.List(jen.Id("_"), jen.Id("p")).Op(":=").Range().Id("preserved")).Block(
				jen.Id("conformanceExpectAt").Call(jen.Id("t"), jen.Id("document"), jen.Id("p").Dot("Pointer"), jen.Id("p").Dot("Value"))),
		))
	b.decl("conformanceExpectAt fails the test unless pointer resolves in document to the same value as want.",
		jen.Func().Id("conformanceExpectAt").Params(tParam(), jen.Id("document").Any(), jen.List(jen.Id("pointer"), jen.Id("want")).String()).Block(
			tHelper(),
			jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("pointer")),
			jen.If(jen.Op("!").Id("found")).Block(
				tDo("Errorf", jen.Lit("%s is missing, want %s"), jen.Id("pointer"), jen.Id("want")),
			).Else().If(jen.Op("!").Id("conformanceJSONEqual").Call(jen.Id("got"), jen.Id("conformanceWant").Call(jen.Id("t"), jen.Id("want")))).Block(
				tDo("Errorf", jen.Lit("%s = %s, want %s"), jen.Id("pointer"), jen.Id("conformanceJSONText").Call(jen.Id("got")), jen.Id("want")),
			),
		))
}
