package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The behaviour blocks: idempotency and the payload schema blocks.

// The "idempotency" block: the dedupe key is meta.id, and a wrapped handler
// runs or skips each delivery of a sequence as the suite says.

const (
	replayStepType = "conformanceReplayStep"
	expectReplay   = "conformanceExpectReplay"
)

// emitIdempotency adds the dedup_key test and the sequences test.
func addIdempotency(s *model.Suite, b *fileBuilder) error {
	block := s.Idempotency
	if k := block.DedupKey; k != nil {
		name := testName(model.BlockIdempotency, "dedup_key")
		b.decl(name+" runs idempotency.dedup_key: the helper's seen-set key for the fixture is its meta.id.",
			b.caseTest(name, "dedup_key",
				callOp(protocol.IdempotencyKey, fixture(k.EnvelopeFile)),
				requireOK(protocol.IdempotencyKey),
				expectEqual("key", jen.Id("got"), jen.Lit(k.ExpectedKey)),
			))
	}
	if block.HasSeqs {
		name := testName(model.BlockIdempotency, "sequences")
		runs := make([]jen.Code, len(block.Sequences))
		raised := false
		for i, seq := range block.Sequences {
			runs[i] = b.subtest(seq.Name, jen.Id(expectReplay).Call(jen.Id("t"), jen.Id("subject"), intLit(seq.ExpectedEffects), replaySteps(seq.Deliveries)))
			raised = raised || seq.ChecksRaised()
		}
		b.decl(name+" runs idempotency.sequences: one wrapped handler over one fresh store runs or skips each delivery as expected.",
			b.testFunc(name, runs...))
		emitReplayHelpers(b, raised)
	}
	return nil
}

// replaySteps is the deliveries of a sequence as a slice literal, one line
// per delivery, each with the effect it must have.
func replaySteps(ds []model.Delivery) *jen.Statement {
	rows := make([]jen.Code, len(ds))
	for i, d := range ds {
		fields := []field{named("MetaID", jen.Lit(d.MetaID))}
		if d.Outcome != "" {
			fields = append(fields, named("Outcome", jen.Lit(d.Outcome)))
		}
		if d.ForgetBefore {
			fields = append(fields, named("ForgetBefore", jen.True()))
		}
		fields = append(fields, named("ExpectRun", jen.Lit(d.ExpectEffect == "run")))
		if d.ExpectRaised != nil {
			fields = append(fields, named("ExpectRaised", jen.Id("conformancePtr").Call(jen.Lit(*d.ExpectRaised))))
		}
		rows[i] = row(fields...)
	}
	return list(jen.Id(replayStepType), rows...)
}

// emitReplayHelpers adds the step type and the replay check; raised: a
// sequence says whether the handler's error comes back out (1.6.0).
func emitReplayHelpers(b *fileBuilder, raised bool) {
	stepFields := []jen.Code{jen.Id("MetaID").String(), jen.Id("Outcome").String(), jen.Id("ForgetBefore").Bool(), jen.Id("ExpectRun").Bool()}
	doc := " is one delivery of a sequence and whether the handler must run for it."
	if raised {
		stepFields = append(stepFields, jen.Id("ExpectRaised").Op("*").Bool().Comment("whether its error comes back out; nil: not said"))
		doc = " is one delivery of a sequence, whether the handler must run for it and whether the handler's error must come back out of the helper."
	}
	b.decl(replayStepType+doc, jen.Type().Id(replayStepType).Struct(stepFields...))
	step := func(f string) *jen.Statement { return jen.Id("steps").Index(jen.Id("i")).Dot(f) }
	b.decl(expectReplay+" replays the steps through the subject and checks, delivery by delivery, whether the handler ran, and how often it ran in all.",
		jen.Func().Id(expectReplay).ParamsFunc(params(expectReplay, tbParam(), subjectParam(), jen.Id("wantRuns").Int(), jen.Id("steps").Index().Id(replayStepType))).Block(
			tHelper(),
			jen.Id("deliveries").Op(":=").Make(jen.Index().Id(recordType("Delivery")), jen.Len(jen.Id("steps"))),
			jen.For(jen.Id("i").Op(":=").Range().Id("steps")).Block(
				jen.Id("deliveries").Index(jen.Id("i")).Op("=").Add(composite(jen.Id(recordType("Delivery")),
					named("MetaID", step("MetaID")),
					named("Outcome", step("Outcome")),
					named("ForgetBefore", step("ForgetBefore"))))),
			jen.List(jen.Id("invoked"), jen.Err()).Op(":=").Id("subject").Dot("IdempotencyReplay").Call(jen.Id("deliveries")),
			requireOK(protocol.IdempotencyReplay),
			jen.If(jen.Len(jen.Id("invoked")).Op("!=").Len(jen.Id("steps"))).Block(
				tDo("Fatalf", jen.Lit("idempotency_replay reported %d deliveries, want %d"), jen.Len(jen.Id("invoked")), jen.Len(jen.Id("steps")))),
			jen.Id("runs").Op(":=").Lit(0),
			jen.For(jen.List(jen.Id("i"), jen.Id("ran")).Op(":=").Range().Id("invoked")).Block(
				jen.If(jen.Id("ran").Op("!=").Add(step("ExpectRun"))).Block(
					tDo("Errorf", jen.Lit("delivery %d (meta_id %q): handler ran = %v, want %v"), jen.Id("i"), step("MetaID"), jen.Id("ran"), step("ExpectRun"))),
				jen.If(jen.Id("ran")).Block(jen.Id("runs").Op("++")),
			),
			jen.If(jen.Id("runs").Op("!=").Id("wantRuns")).Block(
				tDo("Errorf", jen.Lit("the handler ran %d times, want %d (expected_effects)"), jen.Id("runs"), jen.Id("wantRuns"))),
			raisedCheck(raised),
		))
	if raised {
		emitRaisedHelper(b)
	}
}

// raisedCheck is the call of the raised check, where a sequence says.
func raisedCheck(raised bool) jen.Code {
	if !raised {
		return jen.Null()
	}
	return jen.Id(expectRaised).Call(jen.Id("t"), jen.Id("subject"), jen.Id("deliveries"), jen.Id("steps"))
}

const expectRaised = "conformanceExpectRaised"

// emitRaisedHelper adds the check that the handler's error comes back out
// of the helper for each delivery that says so.
func emitRaisedHelper(b *fileBuilder) {
	step := func(f string) *jen.Statement { return jen.Id("steps").Index(jen.Id("i")).Dot(f) }
	b.decl(expectRaised+" replays the same deliveries and checks, for each step that says, whether the wrapped handler's error came back to the caller; it asks nothing when no step says.",
		jen.Func().Id(expectRaised).ParamsFunc(params(expectRaised, tbParam(), subjectParam(), jen.Id("deliveries").Index().Id(recordType("Delivery")), jen.Id("steps").Index().Id(replayStepType))).Block(
			tHelper(),
			jen.Id("says").Op(":=").False(),
			jen.For(jen.List(jen.Id("_"), jen.Id("s")).Op(":=").Range().Id("steps")).Block(
				jen.Id("says").Op("=").Id("says").Op("||").Id("s").Dot("ExpectRaised").Op("!=").Nil()),
			jen.If(jen.Op("!").Id("says")).Block(jen.Return()),
			jen.List(jen.Id("raised"), jen.Err()).Op(":=").Id("subject").Dot(exported(protocol.IdempotencyRaised.Name)).Call(jen.Id("deliveries")),
			requireOK(protocol.IdempotencyRaised),
			jen.If(jen.Len(jen.Id("raised")).Op("!=").Len(jen.Id("steps"))).Block(
				tDo("Fatalf", jen.Lit("idempotency_raised reported %d deliveries, want %d"), jen.Len(jen.Id("raised")), jen.Len(jen.Id("steps")))),
			jen.For(jen.List(jen.Id("i"), jen.Id("gotError")).Op(":=").Range().Id("raised")).Block(
				jen.If(step("ExpectRaised").Op("!=").Nil().Op("&&").Id("gotError").Op("!=").Op("*").Add(step("ExpectRaised"))).Block(
					tDo("Errorf", jen.Lit("delivery %d (meta_id %q, outcome %q): the handler's error came back to the caller = %v, want %v"),
						jen.Id("i"), step("MetaID"), step("Outcome"), jen.Id("gotError"), jen.Op("*").Add(step("ExpectRaised"))))),
		))
}

// The payload schema blocks: payload_schema and payload_schema_unicode share
// a shape and a runner, validate_payload(schema, data).valid == valid.

func addPayloadSchema(s *model.Suite, b *fileBuilder) error {
	emitPayloadBlock(b, model.BlockPayloadSchema, s.PayloadSchema,
		"each data value gets the expected verdict against the block's schema.")
	return nil
}

func addPayloadSchemaUnicode(s *model.Suite, b *fileBuilder) error {
	emitPayloadBlock(b, model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode,
		"string lengths count Unicode code points, not bytes, UTF-16 units or graphemes.")
	return nil
}

// emitPayloadBlock adds one test with the schema as a local and a subtest
// per case.
func emitPayloadBlock(b *fileBuilder, block string, ps *model.PayloadSchema, doc string) {
	body := []jen.Code{jen.Id("schema").Op(":=").Add(rawJSON()).Parens(jsonLit(ps.Schema))}
	for _, c := range ps.Cases {
		body = append(body, b.subtest(c.Name,
			callOp(protocol.ValidatePayload, jen.Id("schema"), rawJSON().Parens(jsonLit(c.Data))),
			requireOK(protocol.ValidatePayload),
			expectEqual("valid", gotField("Valid"), jen.Lit(c.Valid)),
		))
	}
	name := testName(block)
	b.decl(name+" runs "+block+": "+doc, b.testFunc(name, body...))
}
