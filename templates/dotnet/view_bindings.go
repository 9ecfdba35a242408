package dotnet

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// Body templates of the broker-binding blocks.
const (
	bodySQSProjection     = "body.sqs_projection"
	bodyASBProjection     = "body.asb_projection"
	bodyStringMap         = "body.string_map"
	bodyArtemisProjection = "body.artemis_projection"
	bodyRabbitMQ          = "body.rabbitmq_projection"
	bodyRedisIdentity     = "body.redis_identity"
	bodyReconcile         = "body.reconcile"
)

// Sub-block names, as the manifest spells them, for display names.
const (
	subAttributeProjection = "attribute_projection"
	subPropertyProjection  = "property_projection"
	subReconciliation      = "attempts_reconciliation"
	subPayloadIdentity     = "payload_identity"
)

// sqsProjectionBody asserts the SQS MessageAttributes.
type sqsProjectionBody struct {
	Fixture    csExpr
	Attributes []sqsAttributeView
}

type sqsAttributeView struct {
	Name, DataType, StringValue csExpr
}

// entryView is one name/value pair of a string map.
type entryView struct {
	Name, Value csExpr
}

// stringMapBody asserts a string-to-string projection (Pulsar, Kafka).
type stringMapBody struct {
	Fixture csExpr
	Method  string // the subject method: PulsarProperties or KafkaHeaders
	What    csExpr // what the map is, for the failure message
	Entries []entryView
}

// asbProjectionBody asserts the Service Bus message fields.
type asbProjectionBody struct {
	Fixture, Subject, CorrelationID, MessageID, ContentType, ApplicationProperties csExpr
}

// artemisProjectionBody asserts the AMQP message a JMS peer reads.
type artemisProjectionBody struct {
	Fixture, Annotation, JMSType, CorrelationID, Properties csExpr
}

// rabbitMQProjectionBody asserts the AMQP 0-9-1 properties and headers.
type rabbitMQProjectionBody struct {
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
	Method                                 string // SqsReconcile, AsbReconcile, ...
	BodyAttempts, Native, ExpectedAttempts csExpr
}

// reconcileMethod is, per block, the subject method and how the manifest's
// native count becomes its argument (SQS passes the raw string or null,
// Kafka an integer or null, the others an integer).
type reconcileMethod struct {
	method string
	native func(model.Value) (csExpr, error)
}

var reconcileMethods = map[string]reconcileMethod{
	model.BlockSQS:     {"SqsReconcile", csNullableString},
	model.BlockASB:     {"AsbReconcile", csRequiredLong},
	model.BlockPulsar:  {"PulsarReconcile", csRequiredLong},
	model.BlockKafka:   {"KafkaReconcile", csNullableLong},
	model.BlockArtemis: {"ArtemisReconcile", csRequiredLong},
}

// buildReconciliation gives one test per reconciliation case; nil rec gives none.
func buildReconciliation(block string, rec *model.Reconciliation) ([]testSpec, error) {
	if rec == nil {
		return nil, nil
	}
	m := reconcileMethods[block]
	specs := make([]testSpec, 0, len(rec.Cases))
	for _, c := range rec.Cases {
		native, err := m.native(c.Native)
		if err != nil {
			return nil, fmt.Errorf("%s case %q: %s: %w", subReconciliation, c.Name, rec.NativeKey, err)
		}
		body := reconcileBody{Method: m.method, BodyAttempts: csLong(c.BodyAttempts), Native: native, ExpectedAttempts: csLong(c.ExpectedAttempts)}
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(block, subReconciliation, c.Name),
			template: bodyReconcile, data: body})
	}
	return specs, nil
}

// projectionSpec is the single test of a projection sub-block.
func projectionSpec(block, sub, template string, data any) testSpec {
	return testSpec{caseName: sub, display: displayName(block, sub), template: template, data: data}
}

func buildSQS(s *model.Suite) ([]testSpec, error) {
	var specs []testSpec
	if p := s.SQS.Projection; p != nil {
		body := sqsProjectionBody{Fixture: csString(p.EnvelopeFile)}
		for _, a := range p.Attributes {
			body.Attributes = append(body.Attributes, sqsAttributeView{csString(a.Name), csString(a.DataType), csString(a.StringValue)})
		}
		specs = append(specs, projectionSpec(model.BlockSQS, subAttributeProjection, bodySQSProjection, body))
	}
	return appendReconciliation(specs, model.BlockSQS, s.SQS.Reconciliation)
}

func appendReconciliation(specs []testSpec, block string, rec *model.Reconciliation) ([]testSpec, error) {
	more, err := buildReconciliation(block, rec)
	return append(specs, more...), err
}

func buildASB(s *model.Suite) ([]testSpec, error) {
	var specs []testSpec
	if p := s.ASB.Projection; p != nil {
		props, err := jsonObjectExpr(p.ApplicationProperties)
		if err != nil {
			return nil, fmt.Errorf("%s: application_properties: %w", subPropertyProjection, err)
		}
		body := asbProjectionBody{Fixture: csString(p.EnvelopeFile), Subject: csString(p.Subject), CorrelationID: csString(p.CorrelationID),
			MessageID: csString(p.MessageID), ContentType: csString(p.ContentType), ApplicationProperties: props}
		specs = append(specs, projectionSpec(model.BlockASB, subPropertyProjection, bodyASBProjection, body))
	}
	return appendReconciliation(specs, model.BlockASB, s.ASB.Reconciliation)
}

func buildPulsar(s *model.Suite) ([]testSpec, error) {
	specs := stringMapSpecs(model.BlockPulsar, s.Pulsar.Projection, "PulsarProperties", "properties")
	return appendReconciliation(specs, model.BlockPulsar, s.Pulsar.Reconciliation)
}

func buildKafka(s *model.Suite) ([]testSpec, error) {
	specs := stringMapSpecs(model.BlockKafka, s.Kafka.Projection, "KafkaHeaders", "headers")
	return appendReconciliation(specs, model.BlockKafka, s.Kafka.Reconciliation)
}

func stringMapSpecs(block string, p *model.StringMapProjection, method, what string) []testSpec {
	if p == nil {
		return nil
	}
	body := stringMapBody{Fixture: csString(p.EnvelopeFile), Method: method, What: csString(what), Entries: entryViews(p.Entries)}
	return []testSpec{projectionSpec(block, subPropertyProjection, bodyStringMap, body)}
}

func entryViews(entries []model.StringEntry) []entryView {
	out := make([]entryView, len(entries))
	for i, e := range entries {
		out[i] = entryView{Name: csString(e.Name), Value: csString(e.Value)}
	}
	return out
}

func buildArtemis(s *model.Suite) ([]testSpec, error) {
	var specs []testSpec
	if p := s.Artemis.Projection; p != nil {
		props, _ := jsonObjectExpr(stringEntriesObject(p.Properties)) // always an object
		body := artemisProjectionBody{Fixture: csString(p.EnvelopeFile), Annotation: csString(p.JMSTypeAnnotation),
			JMSType: csString(p.JMSType), CorrelationID: csString(p.CorrelationID), Properties: props}
		specs = append(specs, projectionSpec(model.BlockArtemis, subPropertyProjection, bodyArtemisProjection, body))
	}
	return appendReconciliation(specs, model.BlockArtemis, s.Artemis.Reconciliation)
}

func buildRabbitMQ(s *model.Suite) ([]testSpec, error) {
	p := s.RabbitMQ.Projection
	if p == nil {
		return nil, nil
	}
	headers, err := jsonObjectExpr(p.Headers)
	if err != nil {
		return nil, fmt.Errorf("%s: headers: %w", subPropertyProjection, err)
	}
	body := rabbitMQProjectionBody{Fixture: csString(p.EnvelopeFile), Properties: entryViews(p.Properties), Headers: headers}
	return []testSpec{projectionSpec(model.BlockRabbitMQ, subPropertyProjection, bodyRabbitMQ, body)}, nil
}

func buildRedis(s *model.Suite) ([]testSpec, error) {
	p := s.Redis.PayloadIdentity
	if p == nil {
		return nil, nil
	}
	return []testSpec{projectionSpec(model.BlockRedis, subPayloadIdentity, bodyRedisIdentity, fixtureBody{csString(p.EnvelopeFile)})}, nil
}
