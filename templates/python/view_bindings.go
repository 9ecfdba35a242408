package python

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The broker-binding blocks: a produce-side projection test (named after its
// sub-block) and one test per attempts_reconciliation case. The types are
// named by the shape of what a broker block checks, not by the broker.

// bindingBody is the view of a broker-binding block: the projection test
// (one of the *Test types below, nil when the block has none), the
// reconciliation tests and the schema-version gate tests.
type bindingBody struct {
	// Projections are the projection and its foreign-lang twin, each one
	// of the *Test types below; none when the block has no projection.
	Projections []any
	projections []*testHead
	Reconcile   []*reconcileTest
	Gate        []*gateTest
	// PayloadIdentity and ProduceIdentity are redis's tests.
	PayloadIdentity *projectionTest
	ProduceIdentity *produceIdentityTest
}

// addProjection adds a projection test t whose head is h.
func (b *bindingBody) addProjection(t any, h *testHead) {
	b.Projections, b.projections = append(b.Projections, t), append(b.projections, h)
}

func (b *bindingBody) heads() []*testHead {
	out := append([]*testHead{}, b.projections...)
	if b.PayloadIdentity != nil {
		out = append(out, &b.PayloadIdentity.testHead)
	}
	if b.ProduceIdentity != nil {
		out = append(out, &b.ProduceIdentity.testHead)
	}
	out = append(out, headsOf(b.Reconcile, func(t *reconcileTest) *testHead { return &t.testHead })...)
	return append(out, headsOf(b.Gate, func(t *gateTest) *testHead { return &t.testHead })...)
}

// reconcileTest runs one reconciliation case through the subject method Op.
type reconcileTest struct {
	testHead
	Op                     string // the subject method
	Body, Native, Expected string // literals: body attempts, the native count, the result
}

// projectionSub is the case id of every broker's projection but SQS's.
const projectionSub = "property_projection"

// projectionTest is a projection test: Fixture is the envelope projected.
type projectionTest struct {
	testHead
	Fixture string
}

func newProjection(block, sub, file string) projectionTest {
	return projectionTest{testHead: newSubBlockHead(block, sub), Fixture: fixtureLit(file)}
}

// bindingFile completes a binding block's view with its reconciliation
// tests, run through op, and its schema-version gate tests, run through
// gate, and frames it.
func bindingFile(c *common, block string, b *bindingBody, r *model.Reconciliation, op protocol.Operation,
	g *model.SchemaVersionGate, gate protocol.Operation) (testFile, error) {
	if r != nil {
		method, err := c.method(op)
		if err != nil {
			return testFile{}, err
		}
		for _, rc := range r.Cases {
			native, err := pyValue(rc.Native)
			if err != nil {
				return testFile{}, fmt.Errorf("reconciliation case %q: %w", rc.Name, err)
			}
			b.Reconcile = append(b.Reconcile, &reconcileTest{testHead: newHead(rc.Name, ""), Op: method,
				Body: pyInt(rc.BodyAttempts), Native: native, Expected: pyInt(rc.ExpectedAttempts)})
		}
	}
	if g != nil {
		tests, err := gateTests(c, g, gate)
		if err != nil {
			return testFile{}, err
		}
		b.Gate = tests
	}
	return c.testFile(block, b)
}

// attributeMapTest checks the SQS MessageAttributes map.
type attributeMapTest struct {
	projectionTest
	Attributes string // the exact MessageAttributes map
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection("attribute_projection", s.SQS.Projection, s.SQS.ForeignLang, func(sub string, p *model.SQSProjection) error {
		attrs := model.ObjectValue()
		for _, a := range p.Attributes {
			attrs.Members = append(attrs.Members, model.Member{Key: a.Name, Value: model.ObjectValue(
				model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
				model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})})
		}
		lit, err := pyBlock(attrs)
		if err != nil {
			return err
		}
		t := &attributeMapTest{projectionTest: newProjection(model.BlockSQS, sub, p.EnvelopeFile), Attributes: lit}
		b.addProjection(t, &t.testHead)
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return bindingFile(c, model.BlockSQS, b, s.SQS.Reconciliation, protocol.SQSReconcile,
		s.Gate(model.BlockSQS), protocol.SQSSchemaVersionGate)
}

// serviceBusMessageTest checks the Azure Service Bus message fields.
type serviceBusMessageTest struct {
	projectionTest
	Subject, CorrelationID, MessageID, ContentType string
	ApplicationProperties                          string
}

func buildASB(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(projectionSub, s.ASB.Projection, s.ASB.ForeignLang, func(sub string, p *model.ASBProjection) error {
		props, err := pyBlock(p.ApplicationProperties)
		if err != nil {
			return err
		}
		t := &serviceBusMessageTest{projectionTest: newProjection(model.BlockASB, sub, p.EnvelopeFile),
			Subject: pyString(p.Subject), CorrelationID: pyString(p.CorrelationID), MessageID: pyString(p.MessageID),
			ContentType: pyString(p.ContentType), ApplicationProperties: props}
		b.addProjection(t, &t.testHead)
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return bindingFile(c, model.BlockASB, b, s.ASB.Reconciliation, protocol.ASBReconcile,
		s.Gate(model.BlockASB), protocol.ASBSchemaVersionGate)
}

// stringMapTest checks a projection onto a plain string map (Pulsar
// properties, Kafka headers) through the subject method Op.
type stringMapTest struct {
	projectionTest
	Op       string // the subject method
	What     string // the result's name, for messages
	Expected string // the exact string map
}

// buildStringMap builds a block whose projection is op, onto a string map,
// whose reconciliation is reconcile and whose schema-version gate is gate.
func buildStringMap(c *common, block string, own, foreign *model.StringMapProjection, r *model.Reconciliation,
	g *model.SchemaVersionGate, op, reconcile, gate protocol.Operation) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(projectionSub, own, foreign, func(sub string, p *model.StringMapProjection) error {
		method, err := c.method(op)
		if err != nil {
			return err
		}
		t := &stringMapTest{projectionTest: newProjection(block, sub, p.EnvelopeFile), Op: method,
			What: pyString(op.Result.Member), Expected: stringMapLit(p.Entries)}
		b.addProjection(t, &t.testHead)
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return bindingFile(c, block, b, r, reconcile, g, gate)
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	return buildStringMap(c, model.BlockPulsar, s.Pulsar.Projection, s.Pulsar.ForeignLang, s.Pulsar.Reconciliation, s.Gate(model.BlockPulsar),
		protocol.PulsarProperties, protocol.PulsarReconcile, protocol.PulsarSchemaVersionGate)
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	return buildStringMap(c, model.BlockKafka, s.Kafka.Projection, s.Kafka.ForeignLang, s.Kafka.Reconciliation, s.Gate(model.BlockKafka),
		protocol.KafkaHeaders, protocol.KafkaReconcile, protocol.KafkaSchemaVersionGate)
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

// amqpMessageTest checks the Artemis AMQP 1.0 message.
type amqpMessageTest struct {
	projectionTest
	AnnotationKey, JMSType, CorrelationID string
	Properties                            string
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	_ = backend.EachProjection(projectionSub, s.Artemis.Projection, s.Artemis.ForeignLang, func(sub string, p *model.ArtemisProjection) error {
		t := &amqpMessageTest{projectionTest: newProjection(model.BlockArtemis, sub, p.EnvelopeFile),
			AnnotationKey: pyString(p.JMSTypeAnnotation), JMSType: pyString(p.JMSType),
			CorrelationID: pyString(p.CorrelationID), Properties: stringMapLit(p.Properties)}
		b.addProjection(t, &t.testHead)
		return nil // strings only: cannot fail
	})
	return bindingFile(c, model.BlockArtemis, b, s.Artemis.Reconciliation, protocol.ArtemisReconcile,
		s.Gate(model.BlockArtemis), protocol.ArtemisSchemaVersionGate)
}

// produceIdentityTest asks the Redis publisher for a new message and checks
// the element it stored.
type produceIdentityTest struct {
	testHead
	URN, Queue, TraceID string // str literals
	Data                string // the data's dict literal
	Expected            string // the members of the element: job, trace_id, data
}

// buildRedis builds the payload identity test (a bare projectionTest) and
// the produce identity test.
func buildRedis(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	if p := s.Redis.PayloadIdentity; p != nil {
		t := newProjection(model.BlockRedis, "payload_identity", p.EnvelopeFile)
		b.PayloadIdentity = &t
	}
	if p := s.Redis.ProduceIdentity; p != nil {
		data, err := pyBlock(p.Data)
		if err != nil {
			return testFile{}, fmt.Errorf("produce_identity: %w", err)
		}
		expected, err := pyBlock(model.ObjectValue(model.Member{Key: "job", Value: model.StringValue(p.URN)},
			model.Member{Key: "trace_id", Value: model.StringValue(p.TraceID)}, model.Member{Key: "data", Value: p.Data}))
		if err != nil {
			return testFile{}, fmt.Errorf("produce_identity: %w", err)
		}
		b.ProduceIdentity = &produceIdentityTest{testHead: newSubBlockHead(model.BlockRedis, "produce_identity"),
			URN: pyString(p.URN), Queue: pyString(p.Queue), TraceID: pyString(p.TraceID), Data: data, Expected: expected}
	}
	return c.testFile(model.BlockRedis, b)
}

// publishingTest checks the RabbitMQ AMQP 0-9-1 publishing.
type publishingTest struct {
	projectionTest
	Properties []nameValue // each property checked on its own
	Headers    string      // the typed headers, deep-equal
}

// nameValue is a name literal and the value literal it must carry.
type nameValue struct{ Name, Value string }

func buildRabbitMQ(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(projectionSub, s.RabbitMQ.Projection, s.RabbitMQ.ForeignLang, func(sub string, p *model.RabbitMQProjection) error {
		headers, err := pyBlock(p.Headers)
		if err != nil {
			return err
		}
		t := &publishingTest{projectionTest: newProjection(model.BlockRabbitMQ, sub, p.EnvelopeFile), Headers: headers}
		for _, e := range p.Properties {
			t.Properties = append(t.Properties, nameValue{Name: pyString(e.Name), Value: pyString(e.Value)})
		}
		b.addProjection(t, &t.testHead)
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return c.testFile(model.BlockRabbitMQ, b)
}

// gateTest runs one schema_version_gate case through the subject method of
// the broker's gate: the gate's fixture delivered with the case's property
// (None when absent) must come out as Expect.
type gateTest struct {
	testHead
	Fixture string // the fixture literal
	// AMQPTypes is the tuple literal of the AMQP types a number is delivered
	// as, one call each (("int", "long") or ("double",)); empty when the
	// case makes one call.
	AMQPTypes string
	// Call is the statement `outcome = self.call(...)`, wrapped for the
	// indentation it is placed at (8, or 12 inside the AMQP type loop);
	// continuation lines start at column 0 (templates shift them with hang).
	Call   string
	Expect string // "decode" or "reject" as a literal
}

// gateTests builds one test per case of a schema-version gate run through
// op. A typed gate (ASB) passes amqp_type: None for a string or an absent
// value, and each of the case's AMQP types for a number.
func gateTests(c *common, g *model.SchemaVersionGate, op protocol.Operation) ([]*gateTest, error) {
	method, err := c.method(op)
	if err != nil {
		return nil, err
	}
	var out []*gateTest
	for _, gc := range g.Cases {
		property, err := gateProperty(gc)
		if err != nil {
			return nil, fmt.Errorf("schema_version_gate case %q: %w", gc.Name, err)
		}
		args := []string{"self.subject." + method, "envelope", property}
		t := &gateTest{testHead: newHead(gc.Name, ""), Fixture: fixtureLit(g.Fixture), Expect: pyString(gc.Expect)}
		types := gc.AMQPTypes()
		switch {
		case g.Typed && types[0] != "":
			lits := make([]string, len(types))
			for i, typ := range types {
				lits[i] = pyString(typ)
			}
			t.AMQPTypes = pyTuple(lits)
			t.Call = wrapCall(12, "outcome = self.call(", append(args, "amqp_type"), ")")
		case g.Typed:
			t.Call = wrapCall(8, "outcome = self.call(", append(args, "None"), ")")
		default:
			t.Call = wrapCall(8, "outcome = self.call(", args, ")")
		}
		out = append(out, t)
	}
	return out, nil
}

// gateProperty is the literal of a gate case's property: None when absent,
// else the exact string (escaped by construction) or number.
func gateProperty(gc model.GateCase) (string, error) {
	if gc.Absent {
		return "None", nil
	}
	switch gc.Value.Kind {
	case model.String:
		return pyString(gc.Value.Text), nil
	case model.Number:
		return pyNumber(gc.Value.Text)
	}
	return "", fmt.Errorf("a gate value must be a string or a number, not kind %d", gc.Value.Kind)
}

// pyTuple is the tuple literal of items: a one-item tuple keeps its comma.
func pyTuple(items []string) string {
	if len(items) == 1 {
		return "(" + items[0] + ",)"
	}
	return "(" + strings.Join(items, ", ") + ")"
}
