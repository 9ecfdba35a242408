package php

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// bindingClass is the test class of a broker binding block: at most one
// projection test, one test per reconciliation case and one test per
// schema-version gate case, in that order.
type bindingClass struct {
	testClass
	Projection  any // the block's projection view, nil when absent
	ForeignLang any // its foreign-lang twin's view (1.6.0), nil when absent
	Reconcile   *reconcileTests
	Gate        *gateTests
	// ProduceIdentity is the produce-side identity test, nil when absent.
	ProduceIdentity *produceIdentity
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

// projectionMethod names the test of block's projection sub-block after it.
func (c *common) projectionMethod(block, subBlock string) testMethod {
	return c.newMethods(block, []string{subBlock})[0]
}

// bindingParts is what a broker block carries besides its projection: the
// sub-blocks tested case by case, each with the operation that runs it.
type bindingParts struct {
	// ForeignLang is the projection's foreign-lang twin's view, nil when
	// absent; ProduceIdentity is the produce-side identity test.
	ForeignLang     any
	ProduceIdentity *produceIdentity
	Reconciliation  *model.Reconciliation
	Reconcile       protocol.Operation
	Gate            *model.SchemaVersionGate
	GateOp          protocol.Operation
}

// newBindingClass builds a binding class from its projection (named
// projectionSub in the manifest) and its case-by-case sub-blocks. Every
// method is named after its case alone, as in every other language
// (test_first_delivery, test_reject_string_u_00a0): the names of the
// projection, the reconciliation and the gate cases are made unique together,
// in that order, so adding gate cases never renames an earlier test.
func newBindingClass(c *common, block, projectionSub string, projection any, parts bindingParts) (testFile, error) {
	// the single tests first: named by their sub-blocks, their methods by
	// their own views (projectionMethod)
	names := []string{projectionSub}
	if parts.ForeignLang != nil {
		names = append(names, projectionSub+model.ForeignLangSuffix)
	}
	if parts.ProduceIdentity != nil {
		names = append(names, produceIdentitySub)
	}
	singles := len(names)
	if r := parts.Reconciliation; r != nil {
		names = append(names, caseNames(r.Cases, func(c model.ReconcileCase) string { return c.Name })...)
	}
	if g := parts.Gate; g != nil {
		names = append(names, caseNames(g.Cases, func(c model.GateCase) string { return c.Name })...)
	}
	methods := c.newMethods(block, names)[singles:]
	uses := []string{"ConformanceTestCase", "Expect"}
	if parts.ProduceIdentity != nil {
		uses = append(uses, "Json") // the stored element is parsed
	}
	class := bindingClass{testClass: newTestClass(c, block, uses...), Projection: projection,
		ForeignLang: parts.ForeignLang, ProduceIdentity: parts.ProduceIdentity}
	var err error
	if class.Reconcile, methods, err = buildReconcile(parts.Reconciliation, phpName(parts.Reconcile.Name), methods); err != nil {
		return testFile{}, err
	}
	if class.Gate, err = buildGate(parts.Gate, phpName(parts.GateOp.Name), methods); err != nil {
		return testFile{}, err
	}
	return blockFile(block, class), nil
}

// buildReconcile lays out a reconciliation sub-block, or nil when absent,
// with the first of methods; it returns the methods left over.
func buildReconcile(r *model.Reconciliation, op string, methods []testMethod) (*reconcileTests, []testMethod, error) {
	if r == nil {
		return nil, methods, nil
	}
	out := &reconcileTests{Op: op}
	for i, rc := range r.Cases {
		native, err := phpValue(rc.Native, bodyIndent)
		if err != nil {
			return nil, nil, fmt.Errorf("attempts_reconciliation %q: %w", rc.Name, err)
		}
		out.Tests = append(out.Tests, reconcileTest{testMethod: methods[i], Body: phpInt(rc.BodyAttempts), Native: native,
			Expected: phpInt(rc.ExpectedAttempts)})
	}
	return out, methods[len(r.Cases):], nil
}

// gateTests are a schema_version_gate sub-block's cases, all run through
// the broker's gate operation on the sub-block's fixture.
type gateTests struct {
	Op      string // the subject method of the gate
	Fixture string // the fixture's path, a PHP literal
	// Typed says the property is AMQP-typed (Azure Service Bus): the
	// operation takes the AMQP type of a number as a third argument.
	Typed bool
	Tests []gateTest
}

// gateTest is one gate case: the property's value, the verdict and the
// calls that ask for it (one, or one per AMQP width of a typed number).
type gateTest struct {
	testMethod
	Value  string // the property as a PHP literal: a string, a number, or null for absent
	Expect string // the verdict, a PHP literal: 'decode' or 'reject'
	Calls  []gateCall
}

// gateCall is one question to the gate: the AMQP type of the value (a PHP
// literal, null when it has none) and the assertion message after $case.
type gateCall struct {
	AMQPType string
	Message  string
}

// buildGate lays out a schema_version_gate sub-block, or nil when absent,
// with methods, one per case. A value is written by construction: a string
// keeps every character of the case (U+FEFF, U+0085, NUL...), a number its
// JSON spelling, an absent property is null.
func buildGate(g *model.SchemaVersionGate, op string, methods []testMethod) (*gateTests, error) {
	if g == nil {
		return nil, nil
	}
	out := &gateTests{Op: op, Fixture: phpString(g.Fixture), Typed: g.Typed}
	for i, gc := range g.Cases {
		t := gateTest{testMethod: methods[i], Expect: phpString(gc.Expect)}
		var err error
		switch {
		case gc.Absent:
			t.Value = "null"
		case gc.Value.Kind == model.Number && g.Typed:
			t.Value, err = phpNumber(gc.Value.Text)
		case gc.Value.Kind == model.String:
			t.Value = phpLongString(gc.Value.Text, maxMessage)
		default:
			err = fmt.Errorf("a %s value on an untyped gate", gc.Value.Kind)
		}
		if err != nil {
			return nil, fmt.Errorf("schema_version_gate %q: %w", gc.Name, err)
		}
		about := ": outcome of the gate on " + g.Property
		for _, amqpType := range gc.AMQPTypes() {
			call := gateCall{AMQPType: "null", Message: phpLongString(about, maxMessage)}
			if amqpType != "" {
				call = gateCall{AMQPType: phpString(amqpType), Message: phpLongString(about+" as an AMQP "+amqpType, maxMessage)}
			}
			t.Calls = append(t.Calls, call)
		}
		out.Tests = append(out.Tests, t)
	}
	return out, nil
}

// mapProjection is a projection compared as one map: the SQS attributes,
// Pulsar properties, Kafka headers.
type mapProjection struct {
	testMethod
	Fixture  string
	Expected string // a PHP literal of the whole map
}

// bothProjections lays out a block's projection and its foreign-lang twin
// with view, each named after its sub-block; an absent one is an untyped
// nil, so templates see "absent".
func bothProjections[P any](c *common, block, sub string, own, foreign *P,
	view func(m testMethod, p *P) (any, error)) (projection, twin any, err error) {
	for name, p := range backend.Projections(sub, own, foreign) {
		v, err := view(c.projectionMethod(block, name), p)
		if err != nil {
			return nil, nil, err
		}
		if name == sub {
			projection = v
		} else {
			twin = v
		}
	}
	return projection, twin, nil
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	const sub = "attribute_projection"
	projection, twin, err := bothProjections(c, model.BlockSQS, sub, s.SQS.Projection, s.SQS.ForeignLang,
		func(m testMethod, p *model.SQSProjection) (any, error) {
			attrs := make([]model.Member, len(p.Attributes))
			for i, a := range p.Attributes {
				attrs[i] = model.Member{Key: a.Name, Value: model.ObjectValue(
					model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
					model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})}
			}
			return newMapProjection(m, p.EnvelopeFile, model.ObjectValue(attrs...))
		})
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockSQS, sub, projection, bindingParts{ForeignLang: twin,
		Reconciliation: s.SQS.Reconciliation, Reconcile: protocol.SQSReconcile,
		Gate: s.SQS.Gate, GateOp: protocol.SQSSchemaVersionGate})
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	projection, twin, err := bothProjections(c, model.BlockPulsar, propertyProjection, s.Pulsar.Projection, s.Pulsar.ForeignLang, stringMapProjection)
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockPulsar, propertyProjection, projection, bindingParts{ForeignLang: twin,
		Reconciliation: s.Pulsar.Reconciliation, Reconcile: protocol.PulsarReconcile,
		Gate: s.Pulsar.Gate, GateOp: protocol.PulsarSchemaVersionGate})
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	projection, twin, err := bothProjections(c, model.BlockKafka, propertyProjection, s.Kafka.Projection, s.Kafka.ForeignLang, stringMapProjection)
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockKafka, propertyProjection, projection, bindingParts{ForeignLang: twin,
		Reconciliation: s.Kafka.Reconciliation, Reconcile: protocol.KafkaReconcile,
		Gate: s.Kafka.Gate, GateOp: protocol.KafkaSchemaVersionGate})
}

// stringMapProjection lays out a projection of string entries.
func stringMapProjection(m testMethod, p *model.StringMapProjection) (any, error) {
	return newMapProjection(m, p.EnvelopeFile, stringMap(p.Entries))
}

func newMapProjection(m testMethod, fixture string, expected model.Value) (mapProjection, error) {
	lit, err := phpValue(expected, bodyIndent)
	return mapProjection{testMethod: m, Fixture: phpString(fixture), Expected: lit}, err
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
	projection, twin, err := bothProjections(c, model.BlockASB, propertyProjection, s.ASB.Projection, s.ASB.ForeignLang,
		func(m testMethod, p *model.ASBProjection) (any, error) {
			props, err := phpValue(p.ApplicationProperties, bodyIndent)
			return serviceBusProjection{testMethod: m, Fixture: phpString(p.EnvelopeFile),
				Subject: phpString(p.Subject), CorrelationID: phpString(p.CorrelationID), MessageID: phpString(p.MessageID),
				ContentType: phpString(p.ContentType), ApplicationProperties: props}, err
		})
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockASB, propertyProjection, projection, bindingParts{ForeignLang: twin,
		Reconciliation: s.ASB.Reconciliation, Reconcile: protocol.ASBReconcile,
		Gate: s.ASB.Gate, GateOp: protocol.ASBSchemaVersionGate})
}

// amqpMessageProjection is the Artemis property_projection as PHP literals.
type amqpMessageProjection struct {
	testMethod
	Fixture                            string
	Annotation, JMSType, CorrelationID string
	Properties                         string
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	projection, twin, err := bothProjections(c, model.BlockArtemis, propertyProjection, s.Artemis.Projection, s.Artemis.ForeignLang,
		func(m testMethod, p *model.ArtemisProjection) (any, error) {
			props, err := phpValue(stringMap(p.Properties), bodyIndent)
			return amqpMessageProjection{testMethod: m, Fixture: phpString(p.EnvelopeFile),
				Annotation: phpString(p.JMSTypeAnnotation), JMSType: phpString(p.JMSType), CorrelationID: phpString(p.CorrelationID), Properties: props}, err
		})
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockArtemis, propertyProjection, projection, bindingParts{ForeignLang: twin,
		Reconciliation: s.Artemis.Reconciliation, Reconcile: protocol.ArtemisReconcile,
		Gate: s.Artemis.Gate, GateOp: protocol.ArtemisSchemaVersionGate})
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
	projection, twin, err := bothProjections(c, model.BlockRabbitMQ, propertyProjection, s.RabbitMQ.Projection, s.RabbitMQ.ForeignLang,
		func(m testMethod, p *model.RabbitMQProjection) (any, error) {
			headers, err := phpValue(p.Headers, bodyIndent)
			rp := rabbitMQProjection{testMethod: m, Fixture: phpString(p.EnvelopeFile), Headers: headers}
			for _, e := range p.Properties {
				rp.Properties = append(rp.Properties, namedValue{Name: phpString(e.Name), Value: phpString(e.Value)})
			}
			return rp, err
		})
	if err != nil {
		return testFile{}, err
	}
	return newBindingClass(c, model.BlockRabbitMQ, propertyProjection, projection, bindingParts{ForeignLang: twin})
}

// payloadIdentity is the Redis payload_identity.
type payloadIdentity struct {
	testMethod
	Fixture string
}

// produceIdentitySub is the produce-side identity sub-block (1.6.0).
const produceIdentitySub = "produce_identity"

// produceIdentity is the produce-side identity test as PHP literals.
type produceIdentity struct {
	testMethod
	URN, Queue, Data, TraceID string
	Expected                  string // the element's members: job, trace_id, data
}

func buildRedis(s *model.Suite, c *common) (testFile, error) {
	var projection any
	if p := s.Redis.PayloadIdentity; p != nil {
		projection = payloadIdentity{testMethod: c.projectionMethod(model.BlockRedis, "payload_identity"), Fixture: phpString(p.EnvelopeFile)}
	}
	var parts bindingParts
	if p := s.Redis.ProduceIdentity; p != nil {
		data, err := phpValue(p.Data, bodyIndent)
		if err != nil {
			return testFile{}, fmt.Errorf("%s: %w", produceIdentitySub, err)
		}
		expected, err := phpValue(model.ObjectValue(model.Member{Key: "job", Value: model.StringValue(p.URN)},
			model.Member{Key: "trace_id", Value: model.StringValue(p.TraceID)}, model.Member{Key: "data", Value: p.Data}), bodyIndent)
		if err != nil {
			return testFile{}, fmt.Errorf("%s: %w", produceIdentitySub, err)
		}
		parts.ProduceIdentity = &produceIdentity{testMethod: c.projectionMethod(model.BlockRedis, produceIdentitySub),
			URN: phpString(p.URN), Queue: phpString(p.Queue), Data: data, TraceID: phpString(p.TraceID), Expected: expected}
	}
	return newBindingClass(c, model.BlockRedis, "payload_identity", projection, parts)
}

// caseNames lists the names of a block's cases.
func caseNames[T any](cases []T, name func(T) string) []string {
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = name(c)
	}
	return out
}
