package php

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// bindingClass is the test class of a broker binding block: at most one
// projection test and one test per reconciliation case.
type bindingClass struct {
	testClass
	Projection any // the block's projection view, nil when absent
	Reconcile  *reconcileTests
}

// reconcileTests are an attempts_reconciliation sub-block's cases, all run
// through one subject method.
type reconcileTests struct {
	Op    string // the subject method of the reconciliation
	Tests []reconcileTest
}

// reconcileTest is one reconciliation case; the values are PHP literals.
type reconcileTest struct {
	testMethod
	Body, Native, Expected string
}

// propertyProjection is the projection sub-block of most bindings.
const propertyProjection = "property_projection"

// projectionMethod names the test of a projection sub-block after it.
func projectionMethod(subBlock string) testMethod {
	return newMethods([]string{subBlock})[0]
}

// buildReconcile lays out a reconciliation sub-block, or nil when absent.
// Its methods are named after the cases alone, as in every other language
// (test_first_delivery), kept apart from the block's projection test.
func buildReconcile(r *model.Reconciliation, op, projectionSub string) (*reconcileTests, error) {
	if r == nil {
		return nil, nil
	}
	out := &reconcileTests{Op: op}
	names := append([]string{projectionSub}, caseNames(r.Cases, func(c model.ReconcileCase) string { return c.Name })...)
	for i, m := range newMethods(names)[1:] {
		rc := r.Cases[i]
		native, err := phpValue(rc.Native, bodyIndent)
		if err != nil {
			return nil, fmt.Errorf("attempts_reconciliation %q: %w", rc.Name, err)
		}
		out.Tests = append(out.Tests, reconcileTest{testMethod: m, Body: phpInt(rc.BodyAttempts), Native: native, Expected: phpInt(rc.ExpectedAttempts)})
	}
	return out, nil
}

// newBindingClass builds a binding class from its projection (named
// projectionSub in the manifest) and its reconciliation, which reconcile (a
// protocol operation) runs.
func newBindingClass(c *common, block, projectionSub string, projection any, rec *model.Reconciliation, reconcile protocol.Operation) (testFile, error) {
	r, err := buildReconcile(rec, phpName(reconcile.Name), projectionSub)
	if err != nil {
		return testFile{}, err
	}
	class := bindingClass{testClass: newTestClass(c, block, "ConformanceTestCase", "Expect"), Projection: projection, Reconcile: r}
	return blockFile(block, class), nil
}

// mapProjection is a projection compared as one map: the SQS attributes,
// Pulsar properties, Kafka headers.
type mapProjection struct {
	testMethod
	Fixture  string
	Expected string // a PHP literal of the whole map
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.SQS.Projection; p != nil {
		attrs := make([]model.Member, len(p.Attributes))
		for i, a := range p.Attributes {
			attrs[i] = model.Member{Key: a.Name, Value: model.ObjectValue(
				model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
				model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})}
		}
		mp, err := newMapProjection("attribute_projection", p.EnvelopeFile, model.ObjectValue(attrs...))
		if err != nil {
			return testFile{}, err
		}
		projection = mp
	}
	return newBindingClass(c, model.BlockSQS, "attribute_projection", projection, s.SQS.Reconciliation, protocol.SQSReconcile)
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	projection, err := stringMapProjection(s.Pulsar.Projection)
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockPulsar, propertyProjection, projection, s.Pulsar.Reconciliation, protocol.PulsarReconcile)
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	projection, err := stringMapProjection(s.Kafka.Projection)
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockKafka, propertyProjection, projection, s.Kafka.Reconciliation, protocol.KafkaReconcile)
}

// stringMapProjection lays out a property_projection of string entries, or
// returns nil (an untyped nil, so templates see "absent") when there is none.
func stringMapProjection(p *model.StringMapProjection) (any, error) {
	if p == nil {
		return nil, nil
	}
	return newMapProjection(propertyProjection, p.EnvelopeFile, stringMap(p.Entries))
}

func newMapProjection(subBlock, fixture string, expected model.Value) (mapProjection, error) {
	lit, err := phpValue(expected, bodyIndent)
	return mapProjection{testMethod: projectionMethod(subBlock), Fixture: phpString(fixture), Expected: lit}, err
}

// stringMap is an object of string members.
func stringMap(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// serviceBusProjection is the Azure Service Bus property_projection as PHP literals.
type serviceBusProjection struct {
	testMethod
	Fixture                                        string
	Subject, CorrelationID, MessageID, ContentType string
	ApplicationProperties                          string
}

func buildASB(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.ASB.Projection; p != nil {
		props, err := phpValue(p.ApplicationProperties, bodyIndent)
		if err != nil {
			return testFile{}, err
		}
		projection = serviceBusProjection{testMethod: projectionMethod(propertyProjection), Fixture: phpString(p.EnvelopeFile),
			Subject: phpString(p.Subject), CorrelationID: phpString(p.CorrelationID), MessageID: phpString(p.MessageID),
			ContentType: phpString(p.ContentType), ApplicationProperties: props}
	}
	return newBindingClass(c, model.BlockASB, propertyProjection, projection, s.ASB.Reconciliation, protocol.ASBReconcile)
}

// amqpMessageProjection is the Artemis property_projection as PHP literals.
type amqpMessageProjection struct {
	testMethod
	Fixture                            string
	Annotation, JMSType, CorrelationID string
	Properties                         string
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.Artemis.Projection; p != nil {
		props, err := phpValue(stringMap(p.Properties), bodyIndent)
		if err != nil {
			return testFile{}, err
		}
		projection = amqpMessageProjection{testMethod: projectionMethod(propertyProjection), Fixture: phpString(p.EnvelopeFile),
			Annotation: phpString(p.JMSTypeAnnotation), JMSType: phpString(p.JMSType), CorrelationID: phpString(p.CorrelationID), Properties: props}
	}
	return newBindingClass(c, model.BlockArtemis, propertyProjection, projection, s.Artemis.Reconciliation, protocol.ArtemisReconcile)
}

// rabbitMQProjection is the RabbitMQ property_projection as PHP literals.
type rabbitMQProjection struct {
	testMethod
	Fixture    string
	Properties []namedValue
	Headers    string
}

// namedValue is a member name and its expected value, as PHP literals.
type namedValue struct {
	Name, Value string
}

func buildRabbitMQ(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.RabbitMQ.Projection; p != nil {
		headers, err := phpValue(p.Headers, bodyIndent)
		if err != nil {
			return testFile{}, err
		}
		rp := rabbitMQProjection{testMethod: projectionMethod(propertyProjection), Fixture: phpString(p.EnvelopeFile), Headers: headers}
		for _, e := range p.Properties {
			rp.Properties = append(rp.Properties, namedValue{Name: phpString(e.Name), Value: phpString(e.Value)})
		}
		projection = rp
	}
	return newBindingClass(c, model.BlockRabbitMQ, propertyProjection, projection, nil, protocol.Operation{})
}

// payloadIdentity is the Redis payload_identity.
type payloadIdentity struct {
	testMethod
	Fixture string
}

func buildRedis(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.Redis.PayloadIdentity; p != nil {
		projection = payloadIdentity{testMethod: projectionMethod("payload_identity"), Fixture: phpString(p.EnvelopeFile)}
	}
	return newBindingClass(c, model.BlockRedis, "payload_identity", projection, nil, protocol.Operation{})
}

// caseNames lists the names of a block's cases.
func caseNames[T any](cases []T, name func(T) string) []string {
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = name(c)
	}
	return out
}
