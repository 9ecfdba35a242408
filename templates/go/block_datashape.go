package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The "data_shape" block: data is always an object. Encode cases build an
// envelope with the producer API and read back the raw data text; decode
// cases check the verdict.

const (
	makeRequestType   = "conformanceMakeRequest"
	expectEncodedData = "conformanceExpectEncodedData"
)

func emitDataShape(v *view, b *fileBuilder) error {
	runs := make([]jen.Code, len(v.suite.DataShape.Cases))
	encodes := false
	for i, c := range v.suite.DataShape.Cases {
		switch c.Mode {
		case model.ModeEncode:
			encodes = true
			runs[i] = subtest(c.Name, jen.Id(expectEncodedData).Call(jen.Id("t"), jen.Id("subject"), composite(jen.Id(makeRequestType),
				named("URN", jen.Lit(c.URN)), named("Queue", jen.Lit(c.Queue)), named("Data", jsonLit(c.Data))),
				jen.Lit(c.ExpectEncodedDataJSON)))
		case model.ModeDecode:
			runs[i] = subtest(c.Name, call("conformanceExpectVerdict", jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), jen.Lit(c.Valid), jen.Lit(c.Reason)))
		default:
			return locationError(c.At, fmt.Errorf("unknown data_shape mode %q", c.Mode))
		}
	}
	name := testName(model.BlockDataShape)
	b.decl(name+" runs data_shape: the producer emits data as an object ({} never []) and decode rejects non-object data.",
		testFunc(name, runs...))
	if encodes {
		emitEncodedDataHelpers(b)
	}
	return nil
}

func emitEncodedDataHelpers(b *fileBuilder) {
	b.decl(makeRequestType+" is the producer input of an encode case; Data is a compact JSON object.",
		jen.Type().Id(makeRequestType).Struct(jen.List(jen.Id("URN"), jen.Id("Queue"), jen.Id("Data")).String()))
	b.decl(expectEncodedData+" builds an envelope with the producer API and compares the raw text of its data member, insignificant whitespace removed, with want.",
		jen.Func().Id(expectEncodedData).ParamsFunc(params(expectEncodedData, tParam(), subjectParam(), jen.Id("request").Id(makeRequestType), jen.Id("want").String())).Block(
			tHelper(),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Make").Call(
				jen.Id("request").Dot("URN"), jen.Id("request").Dot("Queue"), rawJSON().Parens(jen.Id("request").Dot("Data"))),
			requireOK("make"),
			jen.List(jen.Id("got"), jen.Err()).Op(":=").Id("conformanceCompactMember").Call(jen.Id("encoded"), jen.Lit("data")),
			jen.If(jen.Err().Op("!=").Nil()).Block(tDo("Fatalf", jen.Lit("make emitted %s: %v"), jen.Id("encoded"), jen.Err())),
			jen.If(jen.Id("got").Op("!=").Id("want")).Block(tDo("Errorf", jen.Lit("data encoded as %s, want %s"), jen.Id("got"), jen.Id("want"))),
		))
	b.decl("conformanceCompactMember returns the raw text of a member of the top-level object in document, insignificant whitespace removed.",
		jen.Func().Id("conformanceCompactMember").Params(jen.Id("document").Index().Byte(), jen.Id("name").String()).Params(jen.String(), jen.Error()).Block(
			jen.Var().Id("members").Map(jen.String()).Add(rawJSON()),
			jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("document"), jen.Op("&").Id("members")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Lit(""), jen.Err())),
			jen.List(jen.Id("raw"), jen.Id("found")).Op(":=").Id("members").Index(jen.Id("name")),
			jen.If(jen.Op("!").Id("found")).Block(jen.Return(jen.Lit(""), jen.Qual("fmt", "Errorf").Call(jen.Lit("no member %q"), jen.Id("name")))),
			jen.Var().Id("compact").Qual("bytes", "Buffer"),
			jen.If(jen.Err().Op(":=").Qual("encoding/json", "Compact").Call(jen.Op("&").Id("compact"), jen.Id("raw")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Lit(""), jen.Err())),
			jen.Return(jen.Id("compact").Dot("String").Call(), jen.Nil()),
		))
}
