package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The "producer" block (suite 1.6.0): what the SDK writes, a new envelope
// or the dead_letter block it adds, parsed and checked clause by clause.

// ownLang is the language tag a Go SDK stamps (the schema's meta.lang enum).
const ownLang = "go"

const (
	producedType       = "conformanceProduced"
	typedType          = "conformanceTyped"
	valueAtType        = "conformanceValueAt"
	produceRequestType = "conformanceProduceRequest"
	letterRequestType  = "conformanceDeadLetterRequest"
	expectMade         = "conformanceExpectMade"
	expectDeadLettered = "conformanceExpectDeadLettered"
	expectWritten      = "conformanceExpectWritten"
)

func addProducer(s *model.Suite, b *fileBuilder) error {
	runs := make([]jen.Code, len(s.Producer.Cases))
	modes := map[string]bool{}
	for i, c := range s.Producer.Cases {
		modes[c.Mode] = true
		want := producedLit(c.Expect)
		if c.Mode == model.ProducerMake {
			runs[i] = b.subtest(c.Name, call(expectMade, jen.Id("t"), jen.Id("subject"), composite(jen.Id(produceRequestType),
				optionalFields(
					named("URN", textLit(c.URN)), named("Queue", textLit(c.Queue)), named("Data", jsonLit(c.Data)),
					optionalText("TraceID", c.TraceID))...), want))
			continue
		}
		runs[i] = b.subtest(c.Name, call(expectDeadLettered, jen.Id("t"), jen.Id("subject"), composite(jen.Id(letterRequestType),
			optionalFields(
				named("Fixture", jen.Lit(c.File)), named("Reason", textLit(c.Reason)), named("OriginalQueue", textLit(c.OriginQueue)),
				optionalText("Error", c.Error))...), want))
	}
	name := testName(model.BlockProducer)
	b.decl(name+" runs producer: what the SDK writes (a new envelope, made twice, or the dead_letter block it adds) holds every clause of the producer schema the case lists.",
		b.testFunc(name, runs...))
	emitProducerTypes(b, modes)
	emitWrittenCheck(b)
	return nil
}

// optionalText is a *string field: conformancePtr(text), or nothing when
// the case gives none.
func optionalText(name string, text *string) field {
	if text == nil {
		return field{}
	}
	return named(name, jen.Id("conformancePtr").Call(textLit(*text)))
}

// optionalFields drops the fields optionalText left empty.
func optionalFields(fields ...field) []field {
	out := fields[:0:0]
	for _, f := range fields {
		if f.key != nil {
			out = append(out, f)
		}
	}
	return out
}

// producedLit is a case's expect as a conformanceProduced literal, naming
// only the clauses the case has.
func producedLit(x model.ProducerExpect) *jen.Statement {
	var fields []field
	if len(x.Types) > 0 {
		rows := make([]jen.Code, len(x.Types))
		for i, t := range x.Types {
			rows[i] = row(named("Pointer", jen.Lit(t.Pointer.String())), named("Type", jen.Lit(t.Type)))
		}
		fields = append(fields, named("Types", list(jen.Id(typedType), rows...)))
	}
	if len(x.Equal) > 0 {
		rows := make([]jen.Code, len(x.Equal))
		for i, e := range x.Equal {
			rows[i] = row(named("Pointer", jen.Lit(e.Pointer.String())), named("Value", jsonLit(e.Value)))
		}
		fields = append(fields, named("Equal", list(jen.Id(valueAtType), rows...)))
	}
	for _, clause := range []struct {
		name     string
		pointers []model.Pointer
	}{{"OwnLang", x.OwnLang}, {"NowMillis", x.NowMillis}, {"FreshIDs", x.FreshIDs}, {"Absent", x.Absent}} {
		if len(clause.pointers) > 0 {
			fields = append(fields, named(clause.name, pointerList(clause.pointers)))
		}
	}
	return composite(jen.Id(producedType), fields...)
}

// pointerList is a []string literal of pointers.
func pointerList(ps []model.Pointer) *jen.Statement {
	items := make([]jen.Code, len(ps))
	for i, p := range ps {
		items[i] = jen.Lit(p.String())
	}
	return jen.Index().String().Values(items...)
}

// emitProducerTypes declares the expectation and request types and the
// helpers of the modes the block has.
func emitProducerTypes(b *fileBuilder, modes map[string]bool) {
	b.decl(producedType+" is what a written envelope must hold, each clause a list of JSON pointers into it.",
		jen.Type().Id(producedType).Struct(
			jen.Id("Types").Index().Id(typedType).Comment("the JSON type at each pointer"),
			jen.Id("Equal").Index().Id(valueAtType).Comment("a value deep-equal to the given one"),
			jen.Id("OwnLang").Index().String().Comment("this SDK's own language tag"),
			jen.Id("NowMillis").Index().String().Comment("the time of the call in Unix milliseconds"),
			jen.Id("FreshIDs").Index().String().Comment("a UUID, no two alike across the envelopes made"),
			jen.Id("Absent").Index().String().Comment("no value"),
		))
	b.decl(typedType+" is a JSON pointer and the JSON Schema type of its value (integer: an integral number).",
		jen.Type().Id(typedType).Struct(jen.List(jen.Id("Pointer"), jen.Id("Type")).String()))
	b.decl(valueAtType+" is a JSON pointer and the value (compact JSON) it must hold.",
		jen.Type().Id(valueAtType).Struct(jen.List(jen.Id("Pointer"), jen.Id("Value")).String()))
	b.decl("conformanceOwnLang is the language tag this SDK stamps on what it writes.",
		jen.Const().Id("conformanceOwnLang").Op("=").Lit(ownLang))
	if modes[model.ProducerMake] {
		emitMadeHelper(b)
	}
	if modes[model.ProducerDeadLetter] {
		emitDeadLetteredHelper(b)
	}
}

// clockMillis is time.Now().UnixMilli().
func clockMillis() *jen.Statement { return jen.Qual("time", "Now").Call().Dot("UnixMilli").Call() }

func emitMadeHelper(b *fileBuilder) {
	req := func(f string) *jen.Statement { return jen.Id("request").Dot(f) }
	b.decl(produceRequestType+" is what the producer is given; Data is a compact JSON object and a nil TraceID gives none.",
		jen.Type().Id(produceRequestType).Struct(
			jen.List(jen.Id("URN"), jen.Id("Queue"), jen.Id("Data")).String(),
			jen.Id("TraceID").Op("*").String()))
	b.decl(expectMade+" makes two envelopes from the same request, checks each against want between clock readings taken around its call, and then that their fresh ids are all distinct.",
		jen.Func().Id(expectMade).ParamsFunc(params(expectMade, tbParam(), subjectParam(), jen.Id("request").Id(produceRequestType), jen.Id("want").Id(producedType))).Block(
			tHelper(),
			jen.Var().Id("documents").Index().Any(),
			jen.For(jen.Id("made").Op(":=").Lit(1), jen.Id("made").Op("<=").Lit(2), jen.Id("made").Op("++")).Block(
				jen.Id("before").Op(":=").Add(clockMillis()),
				jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot(exported(protocol.NewMessage.Name)).Call(
					req("URN"), req("Queue"), rawJSON().Parens(req("Data")), req("TraceID")),
				jen.Id("after").Op(":=").Add(clockMillis()),
				requireOK(protocol.NewMessage),
				jen.Id("document").Op(":=").Id("conformanceParseOutput").Call(jen.Id("t"), jen.Lit(protocol.NewMessage.Name), jen.Id("encoded")),
				jen.Id(expectWritten).Call(jen.Id("t"), jen.Id("document"), jen.Id("before"), jen.Id("after"), jen.Id("want")),
				jen.Id("documents").Op("=").Append(jen.Id("documents"), jen.Id("document")),
			),
			jen.Id("conformanceExpectFreshIDs").Call(jen.Id("t"), jen.Id("documents"), jen.Id("want").Dot("FreshIDs")),
		))
	b.decl("conformanceUUID is a UUID's text: 8-4-4-4-12 hex digits.",
		jen.Var().Id("conformanceUUID").Op("=").Qual("regexp", "MustCompile").Call(
			jen.Lit("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")))
	b.decl("conformanceExpectFreshIDs fails the test unless every pointer of every document holds a UUID and no two of them are alike.",
		jen.Func().Id("conformanceExpectFreshIDs").Params(tbParam(), jen.Id("documents").Index().Any(), jen.Id("pointers").Index().String()).Block(
			tHelper(),
			jen.Id("seen").Op(":=").Map(jen.String()).String().Values(),
			jen.For(jen.List(jen.Id("i"), jen.Id("document")).Op(":=").Range().Id("documents")).Block(
				jen.For(jen.List(jen.Id("_"), jen.Id("pointer")).Op(":=").Range().Id("pointers")).Block(
					jen.Id("where").Op(":=").Qual("fmt", "Sprintf").Call(jen.Lit("%s of envelope %d"), jen.Id("pointer"), jen.Id("i").Op("+").Lit(1)),
					jen.List(jen.Id("got"), jen.Id("_")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("pointer")),
					jen.List(jen.Id("id"), jen.Id("isText")).Op(":=").Id("got").Assert(jen.String()),
					jen.If(jen.Op("!").Id("isText").Op("||").Op("!").Id("conformanceUUID").Dot("MatchString").Call(jen.Id("id"))).Block(
						tDo("Errorf", jen.Lit("%s = %s, want a fresh UUID"), jen.Id("where"), jen.Id("conformanceJSONText").Call(jen.Id("got"))),
						jen.Continue(),
					),
					jen.If(jen.List(jen.Id("other"), jen.Id("reused")).Op(":=").Id("seen").Index(jen.Id("id")), jen.Id("reused")).Block(
						tDo("Errorf", jen.Lit("%s = %q, the same id as %s: want a fresh one"), jen.Id("where"), jen.Id("id"), jen.Id("other"))),
					jen.Id("seen").Index(jen.Id("id")).Op("=").Id("where"),
				),
			),
		))
}

func emitDeadLetteredHelper(b *fileBuilder) {
	req := func(f string) *jen.Statement { return jen.Id("request").Dot(f) }
	b.decl(letterRequestType+" is the fixture to dead-letter and what the dead-letter API is given; a nil Error gives none.",
		jen.Type().Id(letterRequestType).Struct(
			jen.List(jen.Id("Fixture"), jen.Id("Reason"), jen.Id("OriginalQueue")).String(),
			jen.Id("Error").Op("*").String()))
	b.decl(expectDeadLettered+" dead-letters a fixture and checks what was written against want between clock readings taken around the call.",
		jen.Func().Id(expectDeadLettered).ParamsFunc(params(expectDeadLettered, tbParam(), subjectParam(), jen.Id("request").Id(letterRequestType), jen.Id("want").Id(producedType))).Block(
			tHelper(),
			jen.Id("envelope").Op(":=").Id("conformanceFixture").Call(jen.Id("t"), req("Fixture")),
			jen.Id("before").Op(":=").Add(clockMillis()),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot(exported(protocol.DeadLetter.Name)).Call(
				jen.Id("envelope"), req("Reason"), req("OriginalQueue"), req("Error")),
			jen.Id("after").Op(":=").Add(clockMillis()),
			requireOK(protocol.DeadLetter),
			jen.Id(expectWritten).Call(jen.Id("t"), jen.Id("conformanceParseOutput").Call(jen.Id("t"), jen.Lit(protocol.DeadLetter.Name), jen.Id("encoded")),
				jen.Id("before"), jen.Id("after"), jen.Id("want")),
		))
}

// emitWrittenCheck adds the check of one written document against every
// clause but the fresh ids (which compare documents).
func emitWrittenCheck(b *fileBuilder) {
	at := func(p string) *jen.Statement {
		return jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id(p))
	}
	show := jen.Id("conformanceJSONText").Call(jen.Id("got"))
	b.decl(expectWritten+" fails the test for every clause of want the document does not hold; before and after are the clock readings around the call that wrote it.",
		jen.Func().Id(expectWritten).Params(tbParam(), jen.Id("document").Any(), jen.List(jen.Id("before"), jen.Id("after")).Int64(), jen.Id("want").Id(producedType)).Block(
			tHelper(),
			jen.For(jen.List(jen.Id("_"), jen.Id("typed")).Op(":=").Range().Id("want").Dot("Types")).Block(
				jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("typed").Dot("Pointer")),
				jen.If(jen.Op("!").Id("found").Op("||").Op("!").Id("conformanceHasJSONType").Call(jen.Id("got"), jen.Id("typed").Dot("Type"))).Block(
					tDo("Errorf", jen.Lit("%s = %s, want a JSON %s"), jen.Id("typed").Dot("Pointer"), jen.Id("conformanceMemberText").Call(jen.Id("got"), jen.Id("found")), jen.Id("typed").Dot("Type")))),
			jen.For(jen.List(jen.Id("_"), jen.Id("value")).Op(":=").Range().Id("want").Dot("Equal")).Block(
				jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("value").Dot("Pointer")),
				jen.If(jen.Op("!").Id("found").Op("||").Op("!").Id("conformanceJSONEqual").Call(jen.Id("got"), jen.Id("conformanceWant").Call(jen.Id("t"), jen.Id("value").Dot("Value")))).Block(
					tDo("Errorf", jen.Lit("%s = %s, want %s"), jen.Id("value").Dot("Pointer"), jen.Id("conformanceMemberText").Call(jen.Id("got"), jen.Id("found")), jen.Id("value").Dot("Value")))),
			jen.For(jen.List(jen.Id("_"), jen.Id("pointer")).Op(":=").Range().Id("want").Dot("OwnLang")).Block(
				at("pointer"),
				jen.If(jen.Op("!").Id("found").Op("||").Id("got").Op("!=").Any().Parens(jen.Id("conformanceOwnLang"))).Block(
					tDo("Errorf", jen.Lit("%s = %s, want %q, this SDK's own language tag"), jen.Id("pointer"), jen.Id("conformanceMemberText").Call(jen.Id("got"), jen.Id("found")), jen.Id("conformanceOwnLang")))),
			jen.For(jen.List(jen.Id("_"), jen.Id("pointer")).Op(":=").Range().Id("want").Dot("NowMillis")).Block(
				at("pointer"),
				jen.List(jen.Id("millis"), jen.Id("whole")).Op(":=").Id("conformanceInteger").Call(jen.Id("got")),
				jen.Comment("a millisecond either side: two clocks may round one instant apart"),
				jen.If(jen.Op("!").Id("found").Op("||").Op("!").Id("whole").Op("||").Id("millis").Op("<").Id("before").Op("-").Lit(1).Op("||").Id("millis").Op(">").Id("after").Op("+").Lit(1)).Block(
					tDo("Errorf", jen.Lit("%s = %s, want the time of the call in Unix milliseconds, %d to %d"), jen.Id("pointer"), jen.Id("conformanceMemberText").Call(jen.Id("got"), jen.Id("found")), jen.Id("before"), jen.Id("after")))),
			jen.For(jen.List(jen.Id("_"), jen.Id("pointer")).Op(":=").Range().Id("want").Dot("Absent")).Block(
				jen.If(jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("pointer")), jen.Id("found")).Block(
					tDo("Errorf", jen.Lit("%s = %s, want it absent"), jen.Id("pointer"), show))),
		))
	emitJSONTypeHelpers(b)
}

// emitJSONTypeHelpers adds the JSON Schema type test and the integer
// reading the checks use.
func emitJSONTypeHelpers(b *fileBuilder) {
	b.decl("conformanceHasJSONType reports whether value has the JSON Schema type name: an integer is a number with no fractional part (1.0 is one), and a number may be an integer.",
		jen.Func().Id("conformanceHasJSONType").Params(jen.Id("value").Any(), jen.Id("name").String()).Bool().Block(
			jen.Switch(jen.Id("typed").Op(":=").Id("value").Assert(jen.Type())).Block(
				jen.Case(jen.Map(jen.String()).Any()).Block(jen.Return(jen.Id("name").Op("==").Lit("object"))),
				jen.Case(jen.Index().Any()).Block(jen.Return(jen.Id("name").Op("==").Lit("array"))),
				jen.Case(jen.String()).Block(jen.Return(jen.Id("name").Op("==").Lit("string"))),
				jen.Case(jen.Bool()).Block(jen.Return(jen.Id("name").Op("==").Lit("boolean"))),
				jen.Case(jen.Nil()).Block(jen.Return(jen.Id("name").Op("==").Lit("null"))),
				jen.Case(jen.Qual("encoding/json", "Number")).Block(
					jen.List(jen.Id("exact"), jen.Id("ok")).Op(":=").New(jen.Qual("math/big", "Rat")).Dot("SetString").Call(jen.String().Parens(jen.Id("typed"))),
					jen.Return(jen.Id("name").Op("==").Lit("number").Op("||").Id("name").Op("==").Lit("integer").Op("&&").Id("ok").Op("&&").Id("exact").Dot("IsInt").Call()),
				),
			),
			jen.Return(jen.False()),
		))
	b.decl("conformanceInteger reads a JSON number written as a whole number that fits 64 bits.",
		jen.Func().Id("conformanceInteger").Params(jen.Id("value").Any()).Params(jen.Int64(), jen.Bool()).Block(
			jen.List(jen.Id("number"), jen.Id("isNumber")).Op(":=").Id("value").Assert(jen.Qual("encoding/json", "Number")),
			jen.List(jen.Id("whole"), jen.Err()).Op(":=").Id("number").Dot("Int64").Call(),
			jen.Return(jen.Id("whole"), jen.Id("isNumber").Op("&&").Err().Op("==").Nil()),
		))
}

// addProduceIdentity adds redis.produce_identity's test: the publisher's
// stored element is the envelope it made, as the SDK's codec writes it.
func addProduceIdentity(b *fileBuilder, p *model.ProduceIdentity) {
	const sub = "produce_identity"
	name := testName(model.BlockRedis, sub)
	want := model.ObjectValue(model.Member{Key: "job", Value: model.StringValue(p.URN)},
		model.Member{Key: "trace_id", Value: model.StringValue(p.TraceID)}, model.Member{Key: "data", Value: p.Data})
	queue := model.ObjectValue(model.Member{Key: "queue", Value: model.StringValue(p.Queue)})
	b.decl(name+" runs "+model.BlockRedis+"."+sub+": the element the publisher stores is the envelope it made, with nothing around it, "+
		"byte for byte as the SDK's codec writes it.",
		b.caseTest(name, sub,
			callOp(protocol.RedisProduce, textLit(p.URN), textLit(p.Queue), rawJSON().Parens(jsonLit(p.Data)), textLit(p.TraceID)),
			requireOK(protocol.RedisProduce),
			jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("element"), gotField("Element"), jsonLit(want)),
			jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("element's meta"), jen.Id("conformanceMember").Call(gotField("Element"), jen.Lit("meta")), jsonLit(queue)),
			jen.Id("conformanceExpectSameBytes").Call(jen.Id("t"), jen.Lit("element, decoded and encoded again by the codec,"), gotField("Reencoded"), gotField("Element")),
		))
	b.decl("conformanceMember is the raw JSON of a member of the object in document; nil when there is none.",
		jen.Func().Id("conformanceMember").Params(jen.Id("document").Index().Byte(), jen.Id("name").String()).Index().Byte().Block(
			jen.Var().Id("members").Map(jen.String()).Add(rawJSON()),
			jen.If(jen.Qual("encoding/json", "Unmarshal").Call(jen.Id("document"), jen.Op("&").Id("members")).Op("!=").Nil()).Block(jen.Return(jen.Nil())),
			jen.Return(jen.Id("members").Index(jen.Id("name"))),
		))
}
