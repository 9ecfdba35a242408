package java

import (
	"github.com/babelqueue/bqgen/model"
)

// The broker binding blocks: a projection test (when the block has one)
// and one test per attempts_reconciliation case.

// bindingClass is a binding block's test class; P is its projection test.
type bindingClass[P any] struct {
	classHead
	Projection *P
	Reconcile  []reconcileTest
}

// reconcileTest is one attempts_reconciliation case.
type reconcileTest struct {
	Method   method
	Call     string // the subject method, e.g. sqsReconcile
	Body     string // body_attempts, a long literal
	Native   string // the broker's count: a String, long or null literal
	Expected string // expected_attempts, a long literal
}

// newBindingClass names the projection test (when there is one) and the
// reconciliation tests together, so their method names never collide, and
// fills in the reconciliation tests.
func newBindingClass[P any](s *model.Suite, c common, block, projection string, rec *model.Reconciliation, call string) (bindingClass[P], *method) {
	var names []string
	if projection != "" {
		names = append(names, projection)
	}
	if rec != nil {
		for _, rc := range rec.Cases {
			names = append(names, rc.Name)
		}
	}
	methods := newMethods(names)
	cls := bindingClass[P]{classHead: newClassHead(s, c, block)}
	var head *method
	if projection != "" {
		head, methods = &methods[0], methods[1:]
	}
	if rec != nil {
		for i, rc := range rec.Cases {
			cls.Reconcile = append(cls.Reconcile, reconcileTest{Method: methods[i], Call: call,
				Body: javaLong(rc.BodyAttempts), Native: nativeLiteral(rc.Native), Expected: javaLong(rc.ExpectedAttempts)})
		}
	}
	return cls, head
}

// finish returns the class, or nil when it has no test at all.
func (b bindingClass[P]) finish(template string) *testClass {
	if b.Projection == nil && len(b.Reconcile) == 0 {
		return nil
	}
	return &testClass{b.Class, template, b}
}

// sqsProjectionTest is sqs.attribute_projection.
type sqsProjectionTest struct {
	Method  method
	Fixture string
	Entries []string // Map.entry(name, new SqsAttribute(type, value)) expressions
}

func buildSQSClass(s *model.Suite, c common) *testClass {
	b := s.SQS
	name := ""
	if b.Projection != nil {
		name = "attribute_projection"
	}
	cls, head := newBindingClass[sqsProjectionTest](s, c, model.BlockSQS, name, b.Reconciliation, "sqsReconcile")
	if head != nil {
		t := sqsProjectionTest{Method: *head, Fixture: javaString(b.Projection.EnvelopeFile)}
		for _, a := range b.Projection.Attributes {
			t.Entries = append(t.Entries, "Map.entry("+javaString(a.Name)+", new SqsAttribute("+
				javaString(a.DataType)+", "+javaString(a.StringValue)+"))")
		}
		cls.Projection = &t
	}
	return cls.finish("ConformanceSqsTest.java")
}

// asbProjectionTest is asb.property_projection.
type asbProjectionTest struct {
	Method                                         method
	Fixture                                        string
	Subject, CorrelationID, MessageID, ContentType string // Java string literals
	Properties                                     string // application_properties, a JSON expression
}

func buildASBClass(s *model.Suite, c common) *testClass {
	b := s.ASB
	name := ""
	if b.Projection != nil {
		name = "property_projection"
	}
	cls, head := newBindingClass[asbProjectionTest](s, c, model.BlockASB, name, b.Reconciliation, "asbReconcile")
	if head != nil {
		p, jb := b.Projection, newJSONBuilder()
		cls.Projection = &asbProjectionTest{Method: *head, Fixture: javaString(p.EnvelopeFile),
			Subject: javaString(p.Subject), CorrelationID: javaString(p.CorrelationID),
			MessageID: javaString(p.MessageID), ContentType: javaString(p.ContentType),
			Properties: jb.expr(p.ApplicationProperties, bodyIndent)}
		cls.JSONImports = jb.imports()
	}
	return cls.finish("ConformanceAsbTest.java")
}

// stringMapTest is a projection onto a string map: Pulsar properties,
// Kafka headers.
type stringMapTest struct {
	Method  method
	Fixture string
	Call    string   // the subject method, e.g. pulsarProperties
	What    string   // what the map is, a Java string literal for messages
	Entries []string // Map.entry(name, value) expressions
}

func buildPulsarClass(s *model.Suite, c common) *testClass {
	b := s.Pulsar
	return buildStringMapClass(s, c, model.BlockPulsar, b.Projection, b.Reconciliation, "pulsarProperties", "properties", "pulsarReconcile")
}

func buildKafkaClass(s *model.Suite, c common) *testClass {
	b := s.Kafka
	return buildStringMapClass(s, c, model.BlockKafka, b.Projection, b.Reconciliation, "kafkaHeaders", "headers", "kafkaReconcile")
}

func buildStringMapClass(s *model.Suite, c common, block string, p *model.StringMapProjection, rec *model.Reconciliation, call, what, reconcile string) *testClass {
	name := ""
	if p != nil {
		name = "property_projection"
	}
	cls, head := newBindingClass[stringMapTest](s, c, block, name, rec, reconcile)
	if head != nil {
		t := stringMapTest{Method: *head, Fixture: javaString(p.EnvelopeFile), Call: call, What: javaString(what)}
		for _, e := range p.Entries {
			t.Entries = append(t.Entries, "Map.entry("+javaString(e.Name)+", "+javaString(e.Value)+")")
		}
		cls.Projection = &t
	}
	return cls.finish("StringMapBindingTest.java")
}

// artemisProjectionTest is artemis.property_projection.
type artemisProjectionTest struct {
	Method        method
	Fixture       string
	Annotation    string // jms_type_annotation, a Java string literal
	JMSType       string // jms_type, a JSON expression
	CorrelationID string // a Java string literal
	Properties    string // the properties, a JSON object expression of strings
}

func buildArtemisClass(s *model.Suite, c common) *testClass {
	b := s.Artemis
	name := ""
	if b.Projection != nil {
		name = "property_projection"
	}
	cls, head := newBindingClass[artemisProjectionTest](s, c, model.BlockArtemis, name, b.Reconciliation, "artemisReconcile")
	if head != nil {
		p, jb := b.Projection, newJSONBuilder()
		cls.Projection = &artemisProjectionTest{Method: *head, Fixture: javaString(p.EnvelopeFile),
			Annotation: javaString(p.JMSTypeAnnotation), JMSType: jb.expr(model.StringValue(p.JMSType), bodyIndent),
			CorrelationID: javaString(p.CorrelationID), Properties: jb.expr(stringObject(p.Properties), bodyIndent)}
		cls.JSONImports = jb.imports()
	}
	return cls.finish("ConformanceArtemisTest.java")
}

// stringObject is a JSON object of string members.
func stringObject(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// redisTest is redis.payload_identity.
type redisTest struct {
	Method  method
	Fixture string
}

func buildRedisClass(s *model.Suite, c common) *testClass {
	p := s.Redis.PayloadIdentity
	if p == nil {
		return nil
	}
	cls := bindingClass[redisTest]{classHead: newClassHead(s, c, model.BlockRedis)}
	cls.Projection = &redisTest{Method: newMethods([]string{"payload_identity"})[0], Fixture: javaString(p.EnvelopeFile)}
	return cls.finish("ConformanceRedisTest.java")
}

// rabbitMQTest is rabbitmq.property_projection.
type rabbitMQTest struct {
	Method     method
	Fixture    string
	Properties []propertyCheck
	Headers    string // a JSON expression
}

// propertyCheck is one expected string property.
type propertyCheck struct {
	Name  string // the property name, a Java string literal
	Value string // its expected value, a Java string literal
	What  string // "properties.<name>", a Java string literal for messages
}

func buildRabbitMQClass(s *model.Suite, c common) *testClass {
	p := s.RabbitMQ.Projection
	if p == nil {
		return nil
	}
	cls := bindingClass[rabbitMQTest]{classHead: newClassHead(s, c, model.BlockRabbitMQ)}
	jb := newJSONBuilder()
	t := rabbitMQTest{Method: newMethods([]string{"property_projection"})[0], Fixture: javaString(p.EnvelopeFile),
		Headers: jb.expr(p.Headers, bodyIndent)}
	cls.JSONImports = jb.imports()
	for _, e := range p.Properties {
		t.Properties = append(t.Properties, propertyCheck{javaString(e.Name), javaString(e.Value), javaString("properties." + e.Name)})
	}
	cls.Projection = &t
	return cls.finish("ConformanceRabbitmqTest.java")
}
