package gobackend

import "github.com/dave/jennifer/jen"

// The JSON half of the support file: a type-preserving parse, the suite's
// equality, RFC 6901 pointers, and the comparisons built on them.
// Expectations are compact JSON string literals that bqgen wrote; the
// subject's JSON arrives as bytes. Both are parsed the same way at test time.

// anyType is the type any.
func anyType() *jen.Statement { return jen.Any() }

// emitJSONHelpers adds the JSON helpers.
func emitJSONHelpers(b *fileBuilder) {
	emitParseJSON(b)
	emitJSONEqual(b)
	emitJSONExpectations(b)
	emitPointer(b)
}

func emitParseJSON(b *fileBuilder) {
	b.decl("conformanceParseJSON parses one JSON document keeping what the suite's equality tells apart: numbers keep their text (json.Number), {} is a map and [] a slice, null is nil.",
		jen.Func().Id("conformanceParseJSON").Params(jen.Id("raw").Index().Byte()).Params(anyType(), jen.Error()).Block(
			jen.Id("decoder").Op(":=").Qual("encoding/json", "NewDecoder").Call(jen.Qual("bytes", "NewReader").Call(jen.Id("raw"))),
			jen.Id("decoder").Dot("UseNumber").Call(),
			jen.Var().Id("value").Add(anyType()),
			jen.If(jen.Err().Op(":=").Id("decoder").Dot("Decode").Call(jen.Op("&").Id("value")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Nil(), jen.Err())),
			jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("decoder").Dot("Token").Call(), jen.Err().Op("!=").Qual("io", "EOF")).Block(
				jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit("data after the JSON value")))),
			jen.Return(jen.Id("value"), jen.Nil()),
		))
	b.decl("conformanceWant parses an expectation bqgen wrote; it is valid JSON by construction.",
		jen.Func().Id("conformanceWant").Params(tParam(), jen.Id("want").String()).Add(anyType()).Block(
			tHelper(),
			jen.List(jen.Id("value"), jen.Err()).Op(":=").Id("conformanceParseJSON").Call(jen.Index().Byte().Parens(jen.Id("want"))),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				tDo("Fatalf", jen.Lit("bqgen wrote an expectation that is not JSON (%v): %s"), jen.Err(), jen.Id("want"))),
			jen.Return(jen.Id("value")),
		))
	b.decl("conformanceParseOutput parses JSON the subject emitted, ending the test when it is not JSON.",
		jen.Func().Id("conformanceParseOutput").Params(tParam(), jen.Id("op").String(), jen.Id("raw").Index().Byte()).Add(anyType()).Block(
			tHelper(),
			jen.List(jen.Id("value"), jen.Err()).Op(":=").Id("conformanceParseJSON").Call(jen.Id("raw")),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				tDo("Fatalf", jen.Lit("%s emitted invalid JSON (%v): %s"), jen.Id("op"), jen.Err(), jen.Id("raw"))),
			jen.Return(jen.Id("value")),
		))
	b.decl("conformanceShow is JSON bytes for a failure message; nil is an absent value.",
		jen.Func().Id("conformanceShow").Params(jen.Id("raw").Index().Byte()).String().Block(
			jen.If(jen.Id("raw").Op("==").Nil()).Block(jen.Return(jen.Lit("absent"))),
			jen.Return(jen.String().Parens(jen.Id("raw"))),
		))
	b.decl("conformanceJSONText renders a parsed JSON value for a failure message.",
		jen.Func().Id("conformanceJSONText").Params(jen.Id("value").Add(anyType())).String().Block(
			jen.List(jen.Id("text"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("value")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit("%#v"), jen.Id("value")))),
			jen.Return(jen.String().Parens(jen.Id("text"))),
		))
}

func emitJSONEqual(b *fileBuilder) {
	recurse := func(x, y jen.Code) *jen.Statement { return jen.Id("conformanceJSONEqual").Call(x, y) }
	b.decl("conformanceJSONEqual is the suite's \"same value\": JSON deep equality with type distinction (true is not 1, {} is not [], null is not absent), numbers equal by exact value (1 is 1.0), object member order ignored.",
		jen.Func().Id("conformanceJSONEqual").Params(jen.List(jen.Id("a"), jen.Id("b")).Add(anyType())).Bool().Block(
			jen.Switch(jen.Id("x").Op(":=").Id("a").Assert(jen.Type())).Block(
				jen.Case(jen.Map(jen.String()).Add(anyType())).Block(
					jen.List(jen.Id("y"), jen.Id("ok")).Op(":=").Id("b").Assert(jen.Map(jen.String()).Add(anyType())),
					jen.If(jen.Op("!").Id("ok").Op("||").Len(jen.Id("x")).Op("!=").Len(jen.Id("y"))).Block(jen.Return(jen.False())),
					jen.For(jen.List(jen.Id("key"), jen.Id("value")).Op(":=").Range().Id("x")).Block(
						jen.List(jen.Id("other"), jen.Id("found")).Op(":=").Id("y").Index(jen.Id("key")),
						jen.If(jen.Op("!").Id("found").Op("||").Op("!").Add(recurse(jen.Id("value"), jen.Id("other")))).Block(jen.Return(jen.False())),
					),
					jen.Return(jen.True()),
				),
				jen.Case(jen.Index().Add(anyType())).Block(
					jen.List(jen.Id("y"), jen.Id("ok")).Op(":=").Id("b").Assert(jen.Index().Add(anyType())),
					jen.If(jen.Op("!").Id("ok").Op("||").Len(jen.Id("x")).Op("!=").Len(jen.Id("y"))).Block(jen.Return(jen.False())),
					jen.For(jen.Id("i").Op(":=").Range().Id("x")).Block(
						jen.If(jen.Op("!").Add(recurse(jen.Id("x").Index(jen.Id("i")), jen.Id("y").Index(jen.Id("i"))))).Block(jen.Return(jen.False())),
					),
					jen.Return(jen.True()),
				),
				jen.Case(jen.Qual("encoding/json", "Number")).Block(
					jen.List(jen.Id("y"), jen.Id("ok")).Op(":=").Id("b").Assert(jen.Qual("encoding/json", "Number")),
					jen.Return(jen.Id("ok").Op("&&").Id("conformanceNumbersEqual").Call(jen.Id("x"), jen.Id("y"))),
				),
				jen.Default().Block(
					jen.Comment("strings, booleans and null; a differing dynamic type is simply unequal"),
					jen.Return(jen.Id("a").Op("==").Id("b")),
				),
			),
		))
	b.decl("conformanceNumbersEqual compares two JSON numbers by exact value, whatever their spelling (1, 1.0, 1e0).",
		jen.Func().Id("conformanceNumbersEqual").Params(jen.List(jen.Id("a"), jen.Id("b")).Qual("encoding/json", "Number")).Bool().Block(
			jen.List(jen.Id("x"), jen.Id("okX")).Op(":=").New(jen.Qual("math/big", "Rat")).Dot("SetString").Call(jen.String().Parens(jen.Id("a"))),
			jen.List(jen.Id("y"), jen.Id("okY")).Op(":=").New(jen.Qual("math/big", "Rat")).Dot("SetString").Call(jen.String().Parens(jen.Id("b"))),
			jen.Return(jen.Id("okX").Op("&&").Id("okY").Op("&&").Id("x").Dot("Cmp").Call(jen.Id("y")).Op("==").Lit(0)),
		))
}

func emitJSONExpectations(b *fileBuilder) {
	b.decl("conformanceExpectJSON fails the test unless got is JSON with the same value as want.",
		jen.Func().Id("conformanceExpectJSON").Params(tParam(), jen.Id("what").String(), jen.Id("got").Index().Byte(), jen.Id("want").String()).Block(
			tHelper(),
			jen.List(jen.Id("value"), jen.Err()).Op(":=").Id("conformanceParseJSON").Call(jen.Id("got")),
			jen.If(jen.Err().Op("!=").Nil().Op("||").Op("!").Id("conformanceJSONEqual").Call(jen.Id("value"), jen.Id("conformanceWant").Call(jen.Id("t"), jen.Id("want")))).Block(
				tDo("Errorf", jen.Lit("%s = %s, want %s"), jen.Id("what"), jen.Id("conformanceShow").Call(jen.Id("got")), jen.Id("want"))),
		))
	b.decl("conformanceExpectJSONIncludes fails the test unless got is a JSON object holding every member of the object want with the same value.",
		jen.Func().Id("conformanceExpectJSONIncludes").Params(tParam(), jen.Id("what").String(), jen.Id("got").Index().Byte(), jen.Id("want").String()).Block(
			tHelper(),
			jen.List(jen.Id("value"), jen.Id("_")).Op(":=").Id("conformanceParseJSON").Call(jen.Id("got")),
			jen.List(jen.Id("object"), jen.Id("isObject")).Op(":=").Id("value").Assert(jen.Map(jen.String()).Add(anyType())),
			jen.If(jen.Op("!").Id("isObject")).Block(
				tDo("Errorf", jen.Lit("%s = %s, want an object including %s"), jen.Id("what"), jen.Id("conformanceShow").Call(jen.Id("got")), jen.Id("want")),
				jen.Return(),
			),
			jen.List(jen.Id("wanted"), jen.Id("_")).Op(":=").Id("conformanceWant").Call(jen.Id("t"), jen.Id("want")).Assert(jen.Map(jen.String()).Add(anyType())),
			jen.For(jen.List(jen.Id("_"), jen.Id("name")).Op(":=").Range().Id("conformanceSortedKeys").Call(jen.Id("wanted"))).Block(
				jen.List(jen.Id("member"), jen.Id("found")).Op(":=").Id("object").Index(jen.Id("name")),
				jen.If(jen.Op("!").Id("found").Op("||").Op("!").Id("conformanceJSONEqual").Call(jen.Id("member"), jen.Id("wanted").Index(jen.Id("name")))).Block(
					tDo("Errorf", jen.Lit("%s[%q] = %s, want %s"), jen.Id("what"), jen.Id("name"),
						jen.Id("conformanceMemberText").Call(jen.Id("member"), jen.Id("found")), jen.Id("conformanceJSONText").Call(jen.Id("wanted").Index(jen.Id("name"))))),
			),
		))
	b.decl("conformanceMemberText renders an object member for a failure message.",
		jen.Func().Id("conformanceMemberText").Params(jen.Id("member").Add(anyType()), jen.Id("found").Bool()).String().Block(
			jen.If(jen.Op("!").Id("found")).Block(jen.Return(jen.Lit("absent"))),
			jen.Return(jen.Id("conformanceJSONText").Call(jen.Id("member"))),
		))
}

func emitPointer(b *fileBuilder) {
	b.decl("conformancePointer resolves an RFC 6901 JSON pointer in a parsed document.",
		jen.Func().Id("conformancePointer").Params(jen.Id("document").Add(anyType()), jen.Id("pointer").String()).Params(anyType(), jen.Bool()).Block(
			jen.If(jen.Id("pointer").Op("==").Lit("")).Block(jen.Return(jen.Id("document"), jen.True())),
			jen.If(jen.Op("!").Qual("strings", "HasPrefix").Call(jen.Id("pointer"), jen.Lit("/"))).Block(jen.Return(jen.Nil(), jen.False())),
			jen.Id("current").Op(":=").Id("document"),
			jen.For(jen.List(jen.Id("_"), jen.Id("token")).Op(":=").Range().Qual("strings", "Split").Call(jen.Id("pointer").Index(jen.Lit(1), jen.Empty()), jen.Lit("/"))).Block(
				jen.Comment("~1 before ~0, as RFC 6901 says, so \"~01\" is \"~1\" and not \"/\""),
				jen.Id("token").Op("=").Qual("strings", "ReplaceAll").Call(
					jen.Qual("strings", "ReplaceAll").Call(jen.Id("token"), jen.Lit("~1"), jen.Lit("/")), jen.Lit("~0"), jen.Lit("~")),
				jen.List(jen.Id("next"), jen.Id("ok")).Op(":=").Id("conformanceStep").Call(jen.Id("current"), jen.Id("token")),
				jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil(), jen.False())),
				jen.Id("current").Op("=").Id("next"),
			),
			jen.Return(jen.Id("current"), jen.True()),
		))
	b.decl("conformanceStep moves one reference token into an object member or an array item.",
		jen.Func().Id("conformanceStep").Params(jen.Id("value").Add(anyType()), jen.Id("token").String()).Params(anyType(), jen.Bool()).Block(
			jen.Switch(jen.Id("node").Op(":=").Id("value").Assert(jen.Type())).Block(
				jen.Case(jen.Map(jen.String()).Add(anyType())).Block(
					jen.List(jen.Id("member"), jen.Id("found")).Op(":=").Id("node").Index(jen.Id("token")),
					jen.Return(jen.Id("member"), jen.Id("found")),
				),
				jen.Case(jen.Index().Add(anyType())).Block(
					jen.List(jen.Id("index"), jen.Err()).Op(":=").Qual("strconv", "Atoi").Call(jen.Id("token")),
					jen.Comment("an index is digits only, without sign or leading zero"),
					jen.Id("canonical").Op(":=").Err().Op("==").Nil().Op("&&").Qual("strconv", "Itoa").Call(jen.Id("index")).Op("==").Id("token"),
					jen.If(jen.Op("!").Id("canonical").Op("||").Id("index").Op("<").Lit(0).Op("||").Id("index").Op(">=").Len(jen.Id("node"))).Block(
						jen.Return(jen.Nil(), jen.False())),
					jen.Return(jen.Id("node").Index(jen.Id("index")), jen.True()),
				),
			),
			jen.Return(jen.Nil(), jen.False()),
		))
}
