package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The broker-binding blocks: each produce-side projection is one test of the
// fixture's projection; each attempts_reconciliation is one test with a
// subtest per case (emitReconciliation).

// projectionTest adds a sub-block's single test: call the projection on the
// fixture, then the checks.
func projectionTest(b *fileBuilder, block, sub, doc string, op protocol.Operation, file string, checks ...jen.Code) {
	name := testName(block, sub)
	body := append([]jen.Code{callOp(op, fixture(file)), requireOK(op)}, checks...)
	b.decl(name+" runs "+block+"."+sub+": "+doc, b.caseTest(name, sub, body...))
}

// projectionSub is the case id of every broker's projection but SQS's.
const projectionSub = "property_projection"

// gotField is got.Field.
func gotField(f string) *jen.Statement { return jen.Id("got").Dot(f) }

// foreignLangDoc ends the doc of a projection's second test.
const foreignLangDoc = " The envelope's meta.lang is another SDK's."

// projections calls add for a block's projection and its foreign-lang twin,
// each with its case id and the end of its doc.
func projections[P any](sub string, own, foreign *P, add func(sub, docEnd string, p *P)) {
	for name, p := range backend.Projections(sub, own, foreign) {
		docEnd := ""
		if name != sub {
			docEnd = foreignLangDoc
		}
		add(name, docEnd, p)
	}
}

func addSQS(s *model.Suite, b *fileBuilder) error {
	block := s.SQS
	projections("attribute_projection", block.Projection, block.ForeignLang, func(sub, docEnd string, p *model.SQSProjection) {
		fields := make([]field, len(p.Attributes))
		for i, a := range p.Attributes {
			fields[i] = keyed(a.Name, row(named("DataType", jen.Lit(a.DataType)), named("StringValue", jen.Lit(a.StringValue))))
		}
		projectionTest(b, model.BlockSQS, sub, "the MessageAttributes are exactly the expected ones."+docEnd,
			protocol.SQSAttributes, p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("attributes"), jen.Id("got"),
				composite(jen.Map(jen.String()).Id(recordType(protocol.SQSAttributes.Result.Type.Record)), fields...)))
	})
	if err := emitReconciliation(b, model.BlockSQS, block.Reconciliation, protocol.SQSReconcile); err != nil {
		return err
	}
	return emitGate(b, model.BlockSQS, s.Gate(model.BlockSQS), protocol.SQSSchemaVersionGate)
}

func addASB(s *model.Suite, b *fileBuilder) error {
	block := s.ASB
	projections(projectionSub, block.Projection, block.ForeignLang, func(sub, docEnd string, p *model.ASBProjection) {
		projectionTest(b, model.BlockASB, sub, "the message fields are equal and the application properties deep-equal (typed)."+docEnd,
			protocol.ASBMessage, p.EnvelopeFile,
			expectEqual("subject", gotField("Subject"), jen.Lit(p.Subject)),
			expectEqual("correlation_id", gotField("CorrelationID"), jen.Lit(p.CorrelationID)),
			expectEqual("message_id", gotField("MessageID"), jen.Lit(p.MessageID)),
			expectEqual("content_type", gotField("ContentType"), jen.Lit(p.ContentType)),
			expectJSON("application_properties", gotField("ApplicationProperties"), p.ApplicationProperties))
	})
	if err := emitReconciliation(b, model.BlockASB, block.Reconciliation, protocol.ASBReconcile); err != nil {
		return err
	}
	return emitGate(b, model.BlockASB, s.Gate(model.BlockASB), protocol.ASBSchemaVersionGate)
}

func addPulsar(s *model.Suite, b *fileBuilder) error {
	block := s.Pulsar
	projections(projectionSub, block.Projection, block.ForeignLang, func(sub, docEnd string, p *model.StringMapProjection) {
		projectionTest(b, model.BlockPulsar, sub, "the message properties are exactly the expected strings."+docEnd,
			protocol.PulsarProperties, p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("properties"), jen.Id("got"), stringMap(p.Entries)))
	})
	if err := emitReconciliation(b, model.BlockPulsar, block.Reconciliation, protocol.PulsarReconcile); err != nil {
		return err
	}
	return emitGate(b, model.BlockPulsar, s.Gate(model.BlockPulsar), protocol.PulsarSchemaVersionGate)
}

func addKafka(s *model.Suite, b *fileBuilder) error {
	block := s.Kafka
	projections(projectionSub, block.Projection, block.ForeignLang, func(sub, docEnd string, p *model.StringMapProjection) {
		projectionTest(b, model.BlockKafka, sub, "the record headers are exactly the expected strings."+docEnd,
			protocol.KafkaHeaders, p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("headers"), jen.Id("got"), stringMap(p.Entries)))
	})
	if err := emitReconciliation(b, model.BlockKafka, block.Reconciliation, protocol.KafkaReconcile); err != nil {
		return err
	}
	return emitGate(b, model.BlockKafka, s.Gate(model.BlockKafka), protocol.KafkaSchemaVersionGate)
}

func addArtemis(s *model.Suite, b *fileBuilder) error {
	block := s.Artemis
	projections(projectionSub, block.Projection, block.ForeignLang, func(sub, docEnd string, p *model.ArtemisProjection) {
		annotation := model.ObjectValue(model.Member{Key: p.JMSTypeAnnotation, Value: model.StringValue(p.JMSType)})
		projectionTest(b, model.BlockArtemis, sub, "the JMS type annotation and correlation id are equal and the application properties exactly the expected ones."+docEnd,
			protocol.ArtemisMessage, p.EnvelopeFile,
			jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("annotations"), gotField("Annotations"), jsonLit(annotation)),
			expectEqual("correlation_id", gotField("CorrelationID"), jen.Lit(p.CorrelationID)),
			expectJSON("properties", gotField("Properties"), stringObject(p.Properties)))
	})
	if err := emitReconciliation(b, model.BlockArtemis, block.Reconciliation, protocol.ArtemisReconcile); err != nil {
		return err
	}
	return emitGate(b, model.BlockArtemis, s.Gate(model.BlockArtemis), protocol.ArtemisSchemaVersionGate)
}

func addRabbitMQ(s *model.Suite, b *fileBuilder) error {
	projections(projectionSub, s.RabbitMQ.Projection, s.RabbitMQ.ForeignLang, func(sub, docEnd string, p *model.RabbitMQProjection) {
		projectionTest(b, model.BlockRabbitMQ, sub, "each basic property is equal and the headers deep-equal (typed)."+docEnd,
			protocol.RabbitMQPublishing, p.EnvelopeFile,
			jen.Id("conformanceExpectMapIncludes").Call(jen.Id("t"), jen.Lit("properties"), gotField("Properties"), stringMap(p.Properties)),
			expectJSON("headers", gotField("Headers"), p.Headers))
	})
	return nil
}

func addRedis(s *model.Suite, b *fileBuilder) error {
	if p := s.Redis.ProduceIdentity; p != nil {
		defer addProduceIdentity(b, p)
	}
	p := s.Redis.PayloadIdentity
	if p == nil {
		return nil
	}
	name := testName(model.BlockRedis, "payload_identity")
	b.decl(name+" runs "+model.BlockRedis+".payload_identity: reserve returns the produced envelope byte for byte, "+
		"and the element really went through the queue's ready list (one element after produce, none after reserve).",
		b.caseTest(name, "payload_identity",
			jen.Id("envelope").Op(":=").Add(fixture(p.EnvelopeFile)),
			callOp(protocol.RedisRoundtrip, jen.Id("envelope")),
			requireOK(protocol.RedisRoundtrip),
			jen.Id("conformanceExpectSameBytes").Call(jen.Id("t"), jen.Lit("element"), gotField("Element"), jen.Id("envelope")),
			expectEqual("queued_after_produce", gotField("QueuedAfterProduce"), jen.Lit(1)),
			expectEqual("queued_after_reserve", gotField("QueuedAfterReserve"), jen.Lit(0)),
		))
	return nil
}

// emitReconciliation adds one test with a subtest per reconciliation case:
// reconcile(body_attempts, native count) == expected_attempts.
func emitReconciliation(b *fileBuilder, block string, rec *model.Reconciliation, op protocol.Operation) error {
	if rec == nil {
		return nil
	}
	runs := make([]jen.Code, len(rec.Cases))
	for i, c := range rec.Cases {
		native, err := nativeCount(op, c.Native)
		if err != nil {
			return locationError(model.Location{File: c.At.File, Pointer: c.At.Pointer.Child(rec.NativeKey)}, err)
		}
		runs[i] = b.subtest(c.Name,
			callOp(op, intLit(c.BodyAttempts), native),
			requireOK(op),
			expectEqual("attempts", jen.Id("got"), intLit(c.ExpectedAttempts)),
		)
	}
	name := testName(block, "attempts_reconciliation")
	b.decl(name+" runs "+block+".attempts_reconciliation: the attempts a consumer sees after reconciling the body's count with the broker's.",
		b.testFunc(name, runs...))
	return nil
}

// nativeCount is a case's broker count as the operation's second
// parameter takes it, by its protocol kind.
func nativeCount(op protocol.Operation, v model.Value) (jen.Code, error) {
	if len(op.Params) != 2 {
		return nil, fmt.Errorf("%s: a reconciliation takes the body's attempts and the native count", op.Name)
	}
	switch op.Params[1].Type.Kind {
	case protocol.OptionalText:
		return optionalString(v)
	case protocol.OptionalInteger:
		return optionalInt(v)
	case protocol.Integer:
		return requiredInt(v)
	}
	return nil, fmt.Errorf("%s: no Go literal for a native count of kind %d", op.Name, op.Params[1].Type.Kind)
}

// optionalString is a count that is a string, or null for an absent one: a string, or null for an absent attribute.
func optionalString(v model.Value) (jen.Code, error) {
	switch v.Kind {
	case model.Null:
		return jen.Nil(), nil
	case model.String:
		return jen.Id("conformancePtr").Call(jen.Lit(v.Text)), nil
	}
	return nil, fmt.Errorf("must be a string or null, not %s", v.Kind)
}

// optionalInt is a count that is an integer, or null for an absent one: an integer, or null for an absent
// header. The int64 conversion jen writes makes conformancePtr a *int64.
func optionalInt(v model.Value) (jen.Code, error) {
	if v.Kind == model.Null {
		return jen.Nil(), nil
	}
	n, ok := v.Int64()
	if !ok {
		return nil, fmt.Errorf("must be an integer or null, not %s", v.Compact())
	}
	return jen.Id("conformancePtr").Call(jen.Lit(n)), nil
}

// requiredInt is a count that is always present.
func requiredInt(v model.Value) (jen.Code, error) {
	n, ok := v.Int64()
	if !ok {
		return nil, fmt.Errorf("must be an integer, not %s", v.Compact())
	}
	return intLit(n), nil
}

// emitGate adds one test with a subtest per schema_version_gate case: the
// gate operation, given the fixture and the case's property (nil when
// absent), answers the expected outcome. Where the property is typed (Azure
// Service Bus), a number is delivered once per AMQP type it stands for.
func emitGate(b *fileBuilder, block string, g *model.SchemaVersionGate, op protocol.Operation) error {
	if g == nil {
		return nil
	}
	runs := []jen.Code{jen.Id("envelope").Op(":=").Add(fixture(g.Fixture))}
	for _, c := range g.Cases {
		run, err := gateSubtest(b, op, c)
		if err != nil {
			return locationError(c.At, err)
		}
		runs = append(runs, run)
	}
	name := testName(block, model.SubSchemaVersionGate)
	b.decl(name+" runs "+block+"."+model.SubSchemaVersionGate+": the consumer reads the schema-version property "+
		"before decoding, and each value lets the fixture through to decode or rejects it, as expected.",
		b.testFunc(name, runs...))
	return nil
}

// gateSubtest is the subtest of one gate case.
func gateSubtest(b *fileBuilder, op protocol.Operation, c model.GateCase) (jen.Code, error) {
	if len(op.Params) < 2 || len(op.Params) > 3 {
		return nil, fmt.Errorf("%s: a gate takes the envelope, the property and, where typed, its AMQP type", op.Name)
	}
	property, err := gateProperty(op.Params[1].Type.Kind, c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op.Name, err)
	}
	types := c.AMQPTypes()
	if len(op.Params) == 2 || len(types) == 1 && types[0] == "" {
		args := []jen.Code{jen.Id("envelope"), property}
		if len(op.Params) == 3 {
			args = append(args, jen.Nil()) // a string or absent property has no AMQP type
		}
		return b.subtest(c.Name,
			callOp(op, args...),
			requireOK(op),
			expectEqual("outcome", jen.Id("got"), jen.Lit(c.Expect)),
		), nil
	}
	names := make([]jen.Code, len(types))
	for i, t := range types {
		names[i] = jen.Lit(t)
	}
	asType := func(what string) *jen.Statement { return jen.Lit(what + " as AMQP ").Op("+").Id("amqpType") }
	return b.subtest(c.Name,
		jen.For(jen.List(jen.Id("_"), jen.Id("amqpType")).Op(":=").Range().Index().String().Values(names...)).Block(
			callOp(op, jen.Id("envelope"), property, jen.Id("conformancePtr").Call(jen.Id("amqpType"))),
			jen.Id("conformanceRequireOK").Call(jen.Id("t"), asType(op.Name), jen.Err()),
			jen.Id("conformanceExpectEqual").Call(jen.Id("t"), asType("outcome"), jen.Id("got"), jen.Lit(c.Expect)),
		),
	), nil
}

// gateProperty is a case's property as the gate's parameter takes it, by
// its protocol kind: nil when absent.
func gateProperty(kind protocol.Kind, c model.GateCase) (jen.Code, error) {
	switch {
	case c.Absent:
		return jen.Nil(), nil
	case kind == protocol.OptionalText && c.Value.Kind == model.String:
		return jen.Id("conformancePtr").Call(jen.Lit(c.Value.Text)), nil
	case kind == protocol.JSONValue:
		return rawJSON().Parens(jsonLit(c.Value)), nil
	}
	return nil, fmt.Errorf("no Go argument for a %s property value", c.Value.Kind)
}
