package gobackend

import "github.com/dave/jennifer/jen"

// emitScaffoldHelpers adds what the scaffold's methods share: the view and
// warnings of a decoded envelope, a recording store, the replay error.
func emitScaffoldHelpers(b *fileBuilder) {
	emitScaffoldWarnings(b)
	emitScaffoldView(b)
	emitRecordingStore(b)
	b.decl("errConformanceHandlerThrew is what the replayed handler returns for outcome \"throw\".",
		jen.Var().Id("errConformanceHandlerThrew").Op("=").Qual("errors", "New").Call(jen.Lit("handler threw")))
}

func emitScaffoldWarnings(b *fileBuilder) {
	b.decl("sdkConformanceWarnings returns the decode warnings of a core that has Envelope.Warnings (1.9.0 and later). The interface assertion keeps this file compiling on older cores, which cannot surface warnings.",
		jen.Func().Id("sdkConformanceWarnings").Params(jen.Id("env").Add(sdk("Envelope"))).Params(jen.Index().String(), jen.Error()).Block(
			jen.List(jen.Id("warner"), jen.Id("ok")).Op(":=").Any().Parens(jen.Id("env")).Assert(
				jen.Interface(jen.Id("Warnings").Params().Index().String())),
			jen.If(jen.Op("!").Id("ok")).Block(
				jen.Return(jen.Nil(), jen.Id(notProvidedFunc).Call(jen.Lit("this babelqueue-go core has no Envelope.Warnings (added in 1.9.0)")))),
			jen.Comment("A clean envelope may report nil: that is still \"no warnings\", not \"cannot tell\"."),
			jen.Return(jen.Append(jen.Index().String().Values(), jen.Id("warner").Dot("Warnings").Call().Op("...")), jen.Nil()),
		))
}

func emitScaffoldView(b *fileBuilder) {
	env := func(path ...string) *jen.Statement {
		s := jen.Id("env")
		for _, p := range path {
			s = s.Dot(p)
		}
		return s
	}
	b.decl("sdkConformanceView is the neutral view of a decoded envelope. The core's typed struct cannot tell an absent field from a zero one, so every field is reported present.",
		jen.Func().Id("sdkConformanceView").Params(jen.Id("env").Add(sdk("Envelope"))).Params(jen.Op("*").Id(viewType), jen.Error()).Block(
			jen.List(jen.Id("data"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(env("Data")),
			ifErrReturn(jen.Nil()),
			jen.Var().Id("deadLetter").Add(rawJSON()),
			jen.If(env("DeadLetter").Op("!=").Nil()).Block(
				jen.If(jen.List(jen.Id("deadLetter"), jen.Err()).Op("=").Qual("encoding/json", "Marshal").Call(env("DeadLetter")), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Nil(), jen.Err()))),
			jen.List(jen.Id("urn"), jen.Id("attempts"), jen.Id("schemaVersion")).Op(":=").List(
				env().Dot("URN").Call(), jen.Int64().Parens(env("Attempts")), jen.Int64().Parens(env("Meta", "SchemaVersion"))),
			jen.Return(jen.Op("&").Add(composite(jen.Id(viewType),
				named("URN", jen.Op("&").Id("urn")),
				named("Data", jen.Id("data")),
				named("Attempts", jen.Op("&").Id("attempts")),
				named("Lang", jen.Op("&").Add(env("Meta", "Lang"))),
				named("SchemaVersion", jen.Op("&").Id("schemaVersion")),
				named("TraceID", jen.Op("&").Add(env("TraceID"))),
				named("ID", jen.Op("&").Add(env("Meta", "ID"))),
				named("CreatedAt", jen.Op("&").Add(env("Meta", "CreatedAt"))),
				named("Queue", jen.Op("&").Add(env("Meta", "Queue"))),
				named("DeadLetter", jen.Id("deadLetter")),
			)), jen.Nil()),
		))
}

func emitRecordingStore(b *fileBuilder) {
	b.decl("sdkConformanceRecordingStore is a seen-set that records the keys the idempotency helper remembers.",
		jen.Type().Id("sdkConformanceRecordingStore").Struct(
			jen.Qual(sdkIdempotency, "Store"),
			jen.Id("remembered").Index().String(),
		))
	b.decl("Remember records id, then remembers it.",
		jen.Func().Params(jen.Id("s").Op("*").Id("sdkConformanceRecordingStore")).Id("Remember").Params(
			jen.Id("ctx").Qual("context", "Context"), jen.Id("id").String()).Error().Block(
			jen.Id("s").Dot("remembered").Op("=").Append(jen.Id("s").Dot("remembered"), jen.Id("id")),
			jen.Return(jen.Id("s").Dot("Store").Dot("Remember").Call(jen.Id("ctx"), jen.Id("id"))),
		))
}
