package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The broker-binding blocks: each produce-side projection is one test of the
// fixture's projection; each attempts_reconciliation is one test with a
// subtest per case (see block_reconcile.go).

// projectionTest adds a sub-block's single test: call the projection on the
// fixture, then the checks.
func projectionTest(b *fileBuilder, block, sub, doc, method, wire, file string, checks ...jen.Code) {
	name := testName(block, sub)
	body := append([]jen.Code{callOp(method, fixture(file)), requireOK(wire)}, checks...)
	b.decl(name+" runs "+block+"."+sub+": "+doc, testFunc(name, body...))
}

// gotField is got.Field.
func gotField(f string) *jen.Statement { return jen.Id("got").Dot(f) }

func emitSQS(v *view, b *fileBuilder) error {
	block := v.suite.SQS
	if p := block.Projection; p != nil {
		fields := make([]field, len(p.Attributes))
		for i, a := range p.Attributes {
			fields[i] = keyed(a.Name, row(named("DataType", jen.Lit(a.DataType)), named("StringValue", jen.Lit(a.StringValue))))
		}
		projectionTest(b, model.BlockSQS, "attribute_projection", "the MessageAttributes are exactly the expected ones.",
			"SQSAttributes", "sqs_attributes", p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("attributes"), jen.Id("got"),
				composite(jen.Map(jen.String()).Id(sqsAttributeType), fields...)))
	}
	return emitReconciliation(b, model.BlockSQS, block.Reconciliation, sqsReconcile)
}

func emitASB(v *view, b *fileBuilder) error {
	block := v.suite.ASB
	if p := block.Projection; p != nil {
		projectionTest(b, model.BlockASB, "property_projection", "the message fields are equal and the application properties deep-equal (typed).",
			"ASBMessage", "asb_message", p.EnvelopeFile,
			expectEqual("subject", gotField("Subject"), jen.Lit(p.Subject)),
			expectEqual("correlation_id", gotField("CorrelationID"), jen.Lit(p.CorrelationID)),
			expectEqual("message_id", gotField("MessageID"), jen.Lit(p.MessageID)),
			expectEqual("content_type", gotField("ContentType"), jen.Lit(p.ContentType)),
			expectJSON("application_properties", gotField("ApplicationProperties"), p.ApplicationProperties))
	}
	return emitReconciliation(b, model.BlockASB, block.Reconciliation, asbReconcile)
}

func emitPulsar(v *view, b *fileBuilder) error {
	block := v.suite.Pulsar
	if p := block.Projection; p != nil {
		projectionTest(b, model.BlockPulsar, "property_projection", "the message properties are exactly the expected strings.",
			"PulsarProperties", "pulsar_properties", p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("properties"), jen.Id("got"), stringMap(p.Entries)))
	}
	return emitReconciliation(b, model.BlockPulsar, block.Reconciliation, pulsarReconcile)
}

func emitKafka(v *view, b *fileBuilder) error {
	block := v.suite.Kafka
	if p := block.Projection; p != nil {
		projectionTest(b, model.BlockKafka, "property_projection", "the record headers are exactly the expected strings.",
			"KafkaHeaders", "kafka_headers", p.EnvelopeFile,
			jen.Id("conformanceExpectExactMap").Call(jen.Id("t"), jen.Lit("headers"), jen.Id("got"), stringMap(p.Entries)))
	}
	return emitReconciliation(b, model.BlockKafka, block.Reconciliation, kafkaReconcile)
}

func emitArtemis(v *view, b *fileBuilder) error {
	block := v.suite.Artemis
	if p := block.Projection; p != nil {
		annotation := model.ObjectValue(model.Member{Key: p.JMSTypeAnnotation, Value: model.StringValue(p.JMSType)})
		projectionTest(b, model.BlockArtemis, "property_projection", "the JMS type annotation and correlation id are equal and the application properties exactly the expected ones.",
			"ArtemisMessage", "artemis_message", p.EnvelopeFile,
			jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("annotations"), gotField("Annotations"), jsonLit(annotation)),
			expectEqual("correlation_id", gotField("CorrelationID"), jen.Lit(p.CorrelationID)),
			expectJSON("properties", gotField("Properties"), stringObject(p.Properties)))
	}
	return emitReconciliation(b, model.BlockArtemis, block.Reconciliation, artemisReconcile)
}

func emitRabbitMQ(v *view, b *fileBuilder) error {
	if p := v.suite.RabbitMQ.Projection; p != nil {
		projectionTest(b, model.BlockRabbitMQ, "property_projection", "each basic property is equal and the headers deep-equal (typed).",
			"RabbitMQPublishing", "rabbitmq_publishing", p.EnvelopeFile,
			jen.Id("conformanceExpectMapIncludes").Call(jen.Id("t"), jen.Lit("properties"), gotField("Properties"), stringMap(p.Properties)),
			expectJSON("headers", gotField("Headers"), p.Headers))
	}
	return nil
}

func emitRedis(v *view, b *fileBuilder) error {
	p := v.suite.Redis.PayloadIdentity
	if p == nil {
		return nil
	}
	name := testName(model.BlockRedis, "payload_identity")
	b.decl(name+" runs redis.payload_identity: reserve returns the produced envelope byte for byte.",
		testFunc(name,
			jen.Id("envelope").Op(":=").Add(fixture(p.EnvelopeFile)),
			callOp("RedisRoundtrip", jen.Id("envelope")),
			requireOK("redis_roundtrip"),
			jen.Id("conformanceExpectSameBytes").Call(jen.Id("t"), jen.Lit("element"), jen.Id("got"), jen.Id("envelope")),
		))
	return nil
}
