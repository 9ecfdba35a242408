package dotnet

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The shared test bodies of the broker-binding blocks (a block's own bodies
// are named with bodyName and live in tmpl/<block>.tmpl).
const (
	bodyReconcile = "reconcile.partial"
	bodyStringMap = "string_map.partial"
)

// Sub-block names, as the manifest spells them, for display names.
const (
	subAttributeProjection = "attribute_projection"
	subPropertyProjection  = "property_projection"
	subReconciliation      = "attempts_reconciliation"
	subPayloadIdentity     = "payload_identity"
)

// projection is the body template name of a block's projection test.
const projection = "projection"

// attributeView is one expected SQS MessageAttribute.
type attributeView struct {
	Name, DataType, StringValue csExpr
}

// attributesBody asserts the SQS MessageAttributes.
type attributesBody struct {
	Fixture    csExpr
	Attributes []attributeView
}

// entryView is one name/value pair of a string map.
type entryView struct {
	Name, Value csExpr
}

// stringMapBody asserts a string-to-string projection (Pulsar, Kafka).
type stringMapBody struct {
	Fixture csExpr
	Method  string // the subject method
	What    csExpr // what the map is, for the failure message
	Entries []entryView
}

// serviceBusBody asserts the Service Bus message fields.
type serviceBusBody struct {
	Fixture, Subject, CorrelationID, MessageID, ContentType, ApplicationProperties csExpr
}

// amqpMessageBody asserts the AMQP 1.0 message a JMS peer reads.
type amqpMessageBody struct {
	Fixture, Annotation, JMSType, CorrelationID, Properties csExpr
}

// publishingBody asserts the AMQP 0-9-1 properties and headers.
type publishingBody struct {
	Fixture    csExpr
	Properties []entryView
	Headers    csExpr
}

// fixtureBody is a test whose only input is one fixture.
type fixtureBody struct {
	Fixture csExpr
}

// reconcileBody asserts one attempts-reconciliation case.
type reconcileBody struct {
	Method                                 string // the subject method
	BodyAttempts, Native, ExpectedAttempts csExpr
}

// buildReconciliation gives one test per reconciliation case of block,
// calling op; nil rec gives none. The native count becomes op's second
// parameter by its kind: text or null, an integer or null, an integer.
func buildReconciliation(block string, op protocol.Operation, rec *model.Reconciliation) ([]testSpec, error) {
	if rec == nil {
		return nil, nil
	}
	if len(op.Params) != 2 {
		return nil, fmt.Errorf("%s takes %d parameters, not the body's attempts and the native count", op.Name, len(op.Params))
	}
	native, ok := nativeCount[op.Params[1].Type.Kind]
	if !ok {
		return nil, fmt.Errorf("%s: no native count of kind %d", op.Name, op.Params[1].Type.Kind)
	}
	specs := make([]testSpec, 0, len(rec.Cases))
	for _, c := range rec.Cases {
		n, err := native(c.Native)
		if err != nil {
			return nil, fmt.Errorf("%s case %q: %s: %w", subReconciliation, c.Name, rec.NativeKey, err)
		}
		body := reconcileBody{Method: csTypeName(op.Name), BodyAttempts: csLong(c.BodyAttempts), Native: n,
			ExpectedAttempts: csLong(c.ExpectedAttempts)}
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(block, subReconciliation, c.Name),
			template: bodyReconcile, data: body})
	}
	return specs, nil
}

// nativeCount renders a manifest's native count as the argument of the kind
// the reconcile operation takes.
var nativeCount = map[protocol.Kind]func(model.Value) (csExpr, error){
	protocol.OptionalText:    csNullableString,
	protocol.OptionalInteger: csNullableLong,
	protocol.Integer:         csRequiredLong,
}

// projectionSpec is the single test of a projection sub-block.
func projectionSpec(block, sub string, data any) testSpec {
	return testSpec{caseName: sub, display: displayName(block, sub), template: bodyName(block, projection), data: data}
}

// withReconciliation appends a block's reconciliation tests and names them all.
func withReconciliation(c *common, block string, specs []testSpec, op protocol.Operation, rec *model.Reconciliation) (testFile, error) {
	more, err := buildReconciliation(block, op, rec)
	return c.file(block, append(specs, more...)), err
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	if p := s.SQS.Projection; p != nil {
		body := attributesBody{Fixture: csString(p.EnvelopeFile)}
		for _, a := range p.Attributes {
			body.Attributes = append(body.Attributes, attributeView{csString(a.Name), csString(a.DataType), csString(a.StringValue)})
		}
		specs = append(specs, projectionSpec(model.BlockSQS, subAttributeProjection, body))
	}
	return withReconciliation(c, model.BlockSQS, specs, protocol.SQSReconcile, s.SQS.Reconciliation)
}

func buildASB(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	if p := s.ASB.Projection; p != nil {
		props, err := jsonObjectExpr(p.ApplicationProperties)
		if err != nil {
			return testFile{}, fmt.Errorf("%s: application_properties: %w", subPropertyProjection, err)
		}
		body := serviceBusBody{Fixture: csString(p.EnvelopeFile), Subject: csString(p.Subject),
			CorrelationID: csString(p.CorrelationID), MessageID: csString(p.MessageID),
			ContentType: csString(p.ContentType), ApplicationProperties: props}
		specs = append(specs, projectionSpec(model.BlockASB, subPropertyProjection, body))
	}
	return withReconciliation(c, model.BlockASB, specs, protocol.ASBReconcile, s.ASB.Reconciliation)
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	specs := stringMapSpecs(model.BlockPulsar, s.Pulsar.Projection, protocol.PulsarProperties)
	return withReconciliation(c, model.BlockPulsar, specs, protocol.PulsarReconcile, s.Pulsar.Reconciliation)
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	specs := stringMapSpecs(model.BlockKafka, s.Kafka.Projection, protocol.KafkaHeaders)
	return withReconciliation(c, model.BlockKafka, specs, protocol.KafkaReconcile, s.Kafka.Reconciliation)
}

// stringMapSpecs is the projection test of a block whose projection op
// answers a string map; the failure message names the result member.
func stringMapSpecs(block string, p *model.StringMapProjection, op protocol.Operation) []testSpec {
	if p == nil {
		return nil
	}
	body := stringMapBody{Fixture: csString(p.EnvelopeFile), Method: csTypeName(op.Name), What: csString(op.Result.Member),
		Entries: entryViews(p.Entries)}
	return []testSpec{{caseName: subPropertyProjection, display: displayName(block, subPropertyProjection),
		template: bodyStringMap, data: body}}
}

func entryViews(entries []model.StringEntry) []entryView {
	out := make([]entryView, len(entries))
	for i, e := range entries {
		out[i] = entryView{Name: csString(e.Name), Value: csString(e.Value)}
	}
	return out
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	if p := s.Artemis.Projection; p != nil {
		props, _ := jsonObjectExpr(stringEntriesObject(p.Properties)) // always an object
		body := amqpMessageBody{Fixture: csString(p.EnvelopeFile), Annotation: csString(p.JMSTypeAnnotation),
			JMSType: csString(p.JMSType), CorrelationID: csString(p.CorrelationID), Properties: props}
		specs = append(specs, projectionSpec(model.BlockArtemis, subPropertyProjection, body))
	}
	return withReconciliation(c, model.BlockArtemis, specs, protocol.ArtemisReconcile, s.Artemis.Reconciliation)
}

func buildRabbitMQ(s *model.Suite, c *common) (testFile, error) {
	p := s.RabbitMQ.Projection
	if p == nil {
		return c.file(model.BlockRabbitMQ, nil), nil
	}
	headers, err := jsonObjectExpr(p.Headers)
	if err != nil {
		return testFile{}, fmt.Errorf("%s: headers: %w", subPropertyProjection, err)
	}
	body := publishingBody{Fixture: csString(p.EnvelopeFile), Properties: entryViews(p.Properties), Headers: headers}
	return c.file(model.BlockRabbitMQ, []testSpec{projectionSpec(model.BlockRabbitMQ, subPropertyProjection, body)}), nil
}

func buildRedis(s *model.Suite, c *common) (testFile, error) {
	p := s.Redis.PayloadIdentity
	if p == nil {
		return c.file(model.BlockRedis, nil), nil
	}
	spec := testSpec{caseName: subPayloadIdentity, display: displayName(model.BlockRedis, subPayloadIdentity),
		template: bodyName(model.BlockRedis, subPayloadIdentity), data: fixtureBody{csString(p.EnvelopeFile)}}
	return c.file(model.BlockRedis, []testSpec{spec}), nil
}
