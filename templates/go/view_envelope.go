package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The envelope blocks: cases, roundtrip, data_shape and forbidden_keys.

// The "cases" block: decode each fixture; a valid one must be accepted with
// the expected view, an invalid one rejected.

const (
	envelopeExpectationType = "conformanceEnvelopeExpectation"
	expectValidEnvelope     = "conformanceExpectValidEnvelope"
)

// emitCases adds TestConformanceSuiteCases and the helpers only it uses.
func addCases(s *model.Suite, b *fileBuilder) error {
	var runs []jen.Code
	for _, c := range s.Cases {
		run, err := caseSubtest(b, c)
		if err != nil {
			return err
		}
		runs = append(runs, run)
	}
	b.decl(testName(model.BlockCases)+" runs the suite's cases block: each fixture is decoded; a valid one must be accepted with the expected view (per-message fields by shape only), an invalid one rejected.",
		b.testFunc(testName(model.BlockCases), runs...))
	emitEnvelopeExpectation(b)
	return nil
}

// caseSubtest is the subtest of one envelope case.
func caseSubtest(b *fileBuilder, c model.EnvelopeCase) (jen.Code, error) {
	if !c.Valid {
		return b.subtest(c.Name, call("conformanceExpectVerdict", jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), jen.False(), textLit(c.Reason))), nil
	}
	if c.Expect == nil {
		return nil, locationError(c.At, fmt.Errorf("valid case %q has no expect", c.Name))
	}
	e := c.Expect
	check := jen.Id(expectValidEnvelope).Call(jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), composite(jen.Id(envelopeExpectationType),
		named("URN", jen.Lit(e.URN)),
		named("Data", jsonLit(e.Data)),
		named("Attempts", intLit(e.Attempts)),
		named("Lang", jen.Lit(e.Lang)),
		named("SchemaVersion", intLit(e.SchemaVersion)),
	))
	if e.DeadLetter == nil {
		return b.subtest(c.Name, check), nil
	}
	return b.subtest(c.Name,
		jen.Id("view").Op(":=").Add(check),
		jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("dead_letter"), jen.Id("view").Dot("DeadLetter"), jsonLit(*e.DeadLetter)),
	), nil
}

// emitEnvelopeExpectation adds the expectation type and its check.
func emitEnvelopeExpectation(b *fileBuilder) {
	b.decl(envelopeExpectationType+" is what a consumer must derive from a valid envelope; Data is compact JSON.",
		jen.Type().Id(envelopeExpectationType).Struct(
			jen.Id("URN").String(),
			jen.Id("Data").String(),
			jen.Id("Attempts").Int64(),
			jen.Id("Lang").String(),
			jen.Id("SchemaVersion").Int64(),
		))
	view := func(f string) *jen.Statement { return jen.Id("view").Dot(f) }
	want := func(f string) *jen.Statement { return jen.Id("want").Dot(f) }
	field := func(name, f string) *jen.Statement {
		return jen.Id("conformanceExpectField").Call(jen.Id("t"), jen.Lit(name), view(f), want(f))
	}
	b.decl(expectValidEnvelope+" decodes a fixture that must be accepted, compares its view with want, checks the per-message fields by shape, and returns the view for further checks.",
		jen.Func().Id(expectValidEnvelope).ParamsFunc(params(expectValidEnvelope, tbParam(), subjectParam(), jen.Id("fixture").String(), jen.Id("want").Id(envelopeExpectationType))).Op("*").Id(recordType("View")).Block(
			tHelper(),
			jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("subject").Dot("Decode").Call(jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture"))),
			requireOK(protocol.Decode),
			jen.If(jen.Op("!").Id("result").Dot("Accepted")).Block(
				tDo("Fatalf", jen.Lit("decode rejected a valid envelope: %s"), jen.Id("result").Dot("Reason"))),
			jen.Id("view").Op(":=").Id("result").Dot("View"),
			jen.If(jen.Id("view").Op("==").Nil()).Block(
				tDo("Fatal", jen.Lit("decode accepted the envelope but returned no view"))),
			field("urn", "URN"),
			jen.Id("conformanceExpectJSON").Call(jen.Id("t"), jen.Lit("data"), view("Data"), want("Data")),
			field("attempts", "Attempts"),
			field("lang", "Lang"),
			field("schema_version", "SchemaVersion"),
			jen.If(view("ID").Op("==").Nil().Op("||").Op("*").Add(view("ID")).Op("==").Lit("")).Block(
				tDo("Error", jen.Lit("meta.id must be a non-empty string"))),
			jen.If(view("TraceID").Op("==").Nil().Op("||").Op("*").Add(view("TraceID")).Op("==").Lit("")).Block(
				tDo("Error", jen.Lit("trace_id must be a non-empty string"))),
			jen.If(view("CreatedAt").Op("==").Nil()).Block(
				tDo("Error", jen.Lit("meta.created_at must be an integer"))),
			jen.Return(jen.Id("view")),
		))
	b.decl("conformanceExpectField compares a field of the view with want; nil means the envelope does not carry it.",
		jen.Func().Id("conformanceExpectField").Types(jen.Id("V").Comparable()).Params(tbParam(), jen.Id("name").String(), jen.Id("got").Op("*").Id("V"), jen.Id("want").Id("V")).Block(
			tHelper(),
			jen.If(jen.Id("got").Op("==").Nil()).Block(
				tDo("Errorf", jen.Lit("%s is absent, want %#v"), jen.Id("name"), jen.Id("want")),
			).Else().If(jen.Op("*").Id("got").Op("!=").Id("want")).Block(
				tDo("Errorf", jen.Lit("%s = %#v, want %#v"), jen.Id("name"), jen.Op("*").Id("got"), jen.Id("want")),
			),
		))
}

// The "roundtrip" block: decode, attempts + 1, encode; unknown keys survive.

const (
	preservedType   = "conformancePreserved"
	expectRoundtrip = "conformanceExpectRoundtrip"
)

func addRoundtrip(s *model.Suite, b *fileBuilder) error {
	runs := make([]jen.Code, len(s.Roundtrip.Cases))
	for i, c := range s.Roundtrip.Cases {
		rows := make([]jen.Code, len(c.ExpectPreserved))
		for j, p := range c.ExpectPreserved {
			rows[j] = row(named("Pointer", jen.Lit(p.Pointer.String())), named("Value", jsonLit(p.Value)))
		}
		runs[i] = b.subtest(c.Name, jen.Id(expectRoundtrip).Call(jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), intLit(c.ExpectAttempts),
			list(jen.Id(preservedType), rows...)))
	}
	name := testName(model.BlockRoundtrip)
	b.decl(name+" runs roundtrip: re-encoding a decoded envelope with attempts + 1 keeps every unknown key with the same value.",
		b.testFunc(name, runs...))
	emitRoundtripHelpers(b)
	return nil
}

func emitRoundtripHelpers(b *fileBuilder) {
	b.decl(preservedType+" is a JSON pointer and the value (compact JSON) it must still hold after re-encoding.",
		jen.Type().Id(preservedType).Struct(jen.Id("Pointer").String(), jen.Id("Value").String()))
	b.decl(expectRoundtrip+" re-encodes a fixture with attempts + 1 and checks attempts and every preserved value.",
		jen.Func().Id(expectRoundtrip).ParamsFunc(params(expectRoundtrip, tbParam(), subjectParam(), jen.Id("fixture").String(), jen.Id("wantAttempts").Int64(), jen.Id("preserved").Index().Id(preservedType))).Block(
			tHelper(),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Reencode").Call(jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture")), jen.Lit(1)),
			requireOK(protocol.Reencode),
			jen.Id("document").Op(":=").Id("conformanceParseOutput").Call(jen.Id("t"), jen.Lit("reencode"), jen.Id("encoded")),
			jen.Id("conformanceExpectAt").Call(jen.Id("t"), jen.Id("document"), jen.Lit("/attempts"),
				jen.Qual("strconv", "FormatInt").Call(jen.Id("wantAttempts"), jen.Lit(10))),
			jen.For(jen.List(jen.Id("_"), jen.Id("p")).Op(":=").Range().Id("preserved")).Block(
				jen.Id("conformanceExpectAt").Call(jen.Id("t"), jen.Id("document"), jen.Id("p").Dot("Pointer"), jen.Id("p").Dot("Value"))),
		))
	b.decl("conformanceExpectAt fails the test unless pointer resolves in document to the same value as want.",
		jen.Func().Id("conformanceExpectAt").Params(tbParam(), jen.Id("document").Any(), jen.List(jen.Id("pointer"), jen.Id("want")).String()).Block(
			tHelper(),
			jen.List(jen.Id("got"), jen.Id("found")).Op(":=").Id("conformancePointer").Call(jen.Id("document"), jen.Id("pointer")),
			jen.If(jen.Op("!").Id("found")).Block(
				tDo("Errorf", jen.Lit("%s is missing, want %s"), jen.Id("pointer"), jen.Id("want")),
			).Else().If(jen.Op("!").Id("conformanceJSONEqual").Call(jen.Id("got"), jen.Id("conformanceWant").Call(jen.Id("t"), jen.Id("want")))).Block(
				tDo("Errorf", jen.Lit("%s = %s, want %s"), jen.Id("pointer"), jen.Id("conformanceJSONText").Call(jen.Id("got")), jen.Id("want")),
			),
		))
}

// The "data_shape" block: data is always an object. Encode cases build an
// envelope with the producer API and read back the raw data text; decode
// cases check the verdict.

const (
	makeRequestType   = "conformanceMakeRequest"
	expectEncodedData = "conformanceExpectEncodedData"
)

func addDataShape(s *model.Suite, b *fileBuilder) error {
	runs := make([]jen.Code, len(s.DataShape.Cases))
	encodes := false
	for i, c := range s.DataShape.Cases {
		switch c.Mode {
		case model.ModeEncode:
			encodes = true
			runs[i] = b.subtest(c.Name, jen.Id(expectEncodedData).Call(jen.Id("t"), jen.Id("subject"), composite(jen.Id(makeRequestType),
				named("URN", jen.Lit(c.URN)), named("Queue", jen.Lit(c.Queue)), named("Data", jsonLit(c.Data))),
				jen.Lit(c.ExpectEncodedDataJSON)))
		case model.ModeDecode:
			runs[i] = b.subtest(c.Name, call("conformanceExpectVerdict", jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), jen.Lit(c.Valid), textLit(c.Reason)))
		default:
			return locationError(c.At, fmt.Errorf("unknown data_shape mode %q", c.Mode))
		}
	}
	name := testName(model.BlockDataShape)
	b.decl(name+" runs data_shape: the producer emits data as an object ({} never []) and decode rejects non-object data.",
		b.testFunc(name, runs...))
	if encodes {
		emitEncodedDataHelpers(b)
	}
	return nil
}

func emitEncodedDataHelpers(b *fileBuilder) {
	b.decl(makeRequestType+" is the producer input of an encode case; Data is a compact JSON object.",
		jen.Type().Id(makeRequestType).Struct(jen.List(jen.Id("URN"), jen.Id("Queue"), jen.Id("Data")).String()))
	b.decl(expectEncodedData+" builds an envelope with the producer API and compares the raw text of its data member, insignificant whitespace removed, with want.",
		jen.Func().Id(expectEncodedData).ParamsFunc(params(expectEncodedData, tbParam(), subjectParam(), jen.Id("request").Id(makeRequestType), jen.Id("want").String())).Block(
			tHelper(),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Make").Call(
				jen.Id("request").Dot("URN"), jen.Id("request").Dot("Queue"), rawJSON().Parens(jen.Id("request").Dot("Data"))),
			requireOK(protocol.Make),
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

// The "forbidden_keys" block: decoding warns about a non-canonical key and
// re-encoding never emits it.

const expectForbiddenKey = "conformanceExpectForbiddenKey"

func addForbiddenKeys(s *model.Suite, b *fileBuilder) error {
	runs := make([]jen.Code, len(s.ForbiddenKeys.Cases))
	for i, c := range s.ForbiddenKeys.Cases {
		absent := make([]jen.Code, len(c.ExpectAbsentAfterReencode))
		for j, p := range c.ExpectAbsentAfterReencode {
			absent[j] = jen.Lit(p.String())
		}
		runs[i] = b.subtest(c.Name, call(expectForbiddenKey, jen.Id("t"), jen.Id("subject"), jen.Lit(c.File),
			jen.Lit(c.ForbiddenKey.String()), jen.Index().String().Values(absent...)))
	}
	name := testName(model.BlockForbiddenKeys)
	b.decl(name+" runs forbidden_keys: decode accepts the envelope with a warning naming the key, and re-encoding drops it.",
		b.testFunc(name, runs...))
	emitForbiddenKeyHelper(b)
	return nil
}

func emitForbiddenKeyHelper(b *fileBuilder) {
	result := func(f string) *jen.Statement { return jen.Id("result").Dot(f) }
	b.decl(expectForbiddenKey+" decodes a fixture carrying a forbidden key, re-encodes it unchanged and checks that no absent pointer resolves; last, since an SDK may have no way to surface them, that a warning names the key.",
		jen.Func().Id(expectForbiddenKey).ParamsFunc(params(expectForbiddenKey, tbParam(), subjectParam(), jen.List(jen.Id("fixture"), jen.Id("forbiddenKey")).String(), jen.Id("absent").Index().String())).Block(
			tHelper(),
			jen.Id("envelope").Op(":=").Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture")),
			jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("subject").Dot("Decode").Call(jen.Id("envelope")),
			requireOK(protocol.Decode),
			jen.If(jen.Op("!").Add(result("Accepted"))).Block(
				tDo("Fatalf", jen.Lit("decode must accept the envelope and warn, but rejected it: %s"), result("Reason"))),
			jen.List(jen.Id("encoded"), jen.Err()).Op(":=").Id("subject").Dot("Reencode").Call(jen.Id("envelope"), jen.Lit(0)),
			requireOK(protocol.Reencode),
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
