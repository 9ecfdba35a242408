package python

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// The broker-binding blocks: a produce-side projection test (named after its
// sub-block) and one test per attempts_reconciliation case.

// reconcileTest runs one reconciliation case through the subject operation Op.
type reconcileTest struct {
	testHead
	Op                     string // e.g. sqs_reconcile
	Body, Native, Expected string // literals: body attempts, the native count, the result
}

// projectionTest is a projection test: Fixture is the envelope projected.
type projectionTest struct {
	testHead
	Fixture string
}

// bindingBody is what every binding block's view shares.
type bindingBody struct {
	projection *testHead // nil when the block has no projection
	Reconcile  []*reconcileTest
}

func (b *bindingBody) heads() []*testHead {
	var out []*testHead
	if b.projection != nil {
		out = append(out, b.projection)
	}
	return append(out, headsOf(b.Reconcile, func(t *reconcileTest) *testHead { return &t.testHead })...)
}

// buildReconcile builds the tests of an attempts_reconciliation sub-block.
func buildReconcile(r *model.Reconciliation, op string) ([]*reconcileTest, error) {
	if r == nil {
		return nil, nil
	}
	var out []*reconcileTest
	for _, c := range r.Cases {
		native, err := pyValue(c.Native)
		if err != nil {
			return nil, fmt.Errorf("reconciliation case %q: %w", c.Name, err)
		}
		out = append(out, &reconcileTest{testHead: newHead(c.Name, ""), Op: op,
			Body: pyInt(c.BodyAttempts), Native: native, Expected: pyInt(c.ExpectedAttempts)})
	}
	return out, nil
}

func newProjection(block, sub, file string) projectionTest {
	return projectionTest{testHead: newSubBlockHead(block, sub), Fixture: fixtureLit(file)}
}

// sqsBody is the view of the "sqs" block.
type sqsBody struct {
	bindingBody
	Projection *sqsProjectionTest
}

type sqsProjectionTest struct {
	projectionTest
	Attributes string // the exact MessageAttributes map
}

func buildSQS(s *model.Suite) (body, error) {
	b := &sqsBody{}
	if p := s.SQS.Projection; p != nil {
		attrs := model.ObjectValue()
		for _, a := range p.Attributes {
			attrs.Members = append(attrs.Members, model.Member{Key: a.Name, Value: model.ObjectValue(
				model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
				model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})})
		}
		lit, err := pyBlock(attrs)
		if err != nil {
			return nil, err
		}
		b.Projection = &sqsProjectionTest{projectionTest: newProjection(model.BlockSQS, "attribute_projection", p.EnvelopeFile), Attributes: lit}
		b.projection = &b.Projection.testHead
	}
	var err error
	b.Reconcile, err = buildReconcile(s.SQS.Reconciliation, "sqs_reconcile")
	return b, err
}

// asbBody is the view of the "asb" block.
type asbBody struct {
	bindingBody
	Projection *asbProjectionTest
}

type asbProjectionTest struct {
	projectionTest
	Subject, CorrelationID, MessageID, ContentType string
	ApplicationProperties                          string
}

func buildASB(s *model.Suite) (body, error) {
	b := &asbBody{}
	if p := s.ASB.Projection; p != nil {
		props, err := pyBlock(p.ApplicationProperties)
		if err != nil {
			return nil, err
		}
		b.Projection = &asbProjectionTest{projectionTest: newProjection(model.BlockASB, "property_projection", p.EnvelopeFile),
			Subject: pyString(p.Subject), CorrelationID: pyString(p.CorrelationID), MessageID: pyString(p.MessageID),
			ContentType: pyString(p.ContentType), ApplicationProperties: props}
		b.projection = &b.Projection.testHead
	}
	var err error
	b.Reconcile, err = buildReconcile(s.ASB.Reconciliation, "asb_reconcile")
	return b, err
}

// stringMapBody is the view of the "pulsar" and "kafka" blocks, whose
// projections are plain string maps.
type stringMapBody struct {
	bindingBody
	Projection *stringMapTest
}

type stringMapTest struct {
	projectionTest
	Op       string // pulsar_properties or kafka_headers
	What     string // "properties" or "headers": the result's name in messages
	Expected string // the exact string map
}

func buildStringMap(block string, p *model.StringMapProjection, r *model.Reconciliation, op, what, reconcileOp string) (body, error) {
	b := &stringMapBody{}
	if p != nil {
		b.Projection = &stringMapTest{projectionTest: newProjection(block, "property_projection", p.EnvelopeFile), Op: op,
			What: pyString(what), Expected: stringMapLit(p.Entries)}
		b.projection = &b.Projection.testHead
	}
	var err error
	b.Reconcile, err = buildReconcile(r, reconcileOp)
	return b, err
}

func buildPulsar(s *model.Suite) (body, error) {
	return buildStringMap(model.BlockPulsar, s.Pulsar.Projection, s.Pulsar.Reconciliation, "pulsar_properties", "properties", "pulsar_reconcile")
}

func buildKafka(s *model.Suite) (body, error) {
	return buildStringMap(model.BlockKafka, s.Kafka.Projection, s.Kafka.Reconciliation, "kafka_headers", "headers", "kafka_reconcile")
}

// stringMapLit is the dict literal of name/value pairs, in manifest order.
func stringMapLit(entries []model.StringEntry) string {
	obj := model.ObjectValue()
	for _, e := range entries {
		obj.Members = append(obj.Members, model.Member{Key: e.Name, Value: model.StringValue(e.Value)})
	}
	lit, _ := pyBlock(obj) // strings only: cannot fail
	return lit
}

// artemisBody is the view of the "artemis" block.
type artemisBody struct {
	bindingBody
	Projection *artemisProjectionTest
}

type artemisProjectionTest struct {
	projectionTest
	AnnotationKey, JMSType, CorrelationID string
	Properties                            string
}

func buildArtemis(s *model.Suite) (body, error) {
	b := &artemisBody{}
	if p := s.Artemis.Projection; p != nil {
		b.Projection = &artemisProjectionTest{projectionTest: newProjection(model.BlockArtemis, "property_projection", p.EnvelopeFile),
			AnnotationKey: pyString(p.JMSTypeAnnotation), JMSType: pyString(p.JMSType),
			CorrelationID: pyString(p.CorrelationID), Properties: stringMapLit(p.Properties)}
		b.projection = &b.Projection.testHead
	}
	var err error
	b.Reconcile, err = buildReconcile(s.Artemis.Reconciliation, "artemis_reconcile")
	return b, err
}

// redisBody is the view of the "redis" block.
type redisBody struct {
	bindingBody
	Identity *projectionTest
}

func buildRedis(s *model.Suite) (body, error) {
	b := &redisBody{}
	if p := s.Redis.PayloadIdentity; p != nil {
		t := newProjection(model.BlockRedis, "payload_identity", p.EnvelopeFile)
		b.Identity = &t
		b.projection = &t.testHead
	}
	return b, nil
}

// rabbitMQBody is the view of the "rabbitmq" block.
type rabbitMQBody struct {
	bindingBody
	Projection *rabbitMQProjectionTest
}

type rabbitMQProjectionTest struct {
	projectionTest
	Properties []nameValue // each property checked on its own
	Headers    string      // the typed headers, deep-equal
}

// nameValue is a name literal and the value literal it must carry.
type nameValue struct{ Name, Value string }

func buildRabbitMQ(s *model.Suite) (body, error) {
	b := &rabbitMQBody{}
	if p := s.RabbitMQ.Projection; p != nil {
		headers, err := pyBlock(p.Headers)
		if err != nil {
			return nil, err
		}
		t := &rabbitMQProjectionTest{projectionTest: newProjection(model.BlockRabbitMQ, "property_projection", p.EnvelopeFile), Headers: headers}
		for _, e := range p.Properties {
			t.Properties = append(t.Properties, nameValue{Name: pyString(e.Name), Value: pyString(e.Value)})
		}
		b.Projection = t
		b.projection = &t.testHead
	}
	return b, nil
}
