package node

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The broker blocks' sub-blocks, named as in the manifest; a sub-block
// holding one test names that test.
const (
	subAttributes     = "attribute_projection"
	subProperties     = "property_projection"
	subReconciliation = "attempts_reconciliation"
	subPayloadID      = "payload_identity"
	subProduceID      = "produce_identity"
	subGate           = model.SubSchemaVersionGate
)

// bindingBody is the view of a broker block: its projection test (a
// block-specific view), its reconciliation tests and its schema-version gate
// tests, each when present.
type bindingBody struct {
	// Projections are the projection and its foreign-lang twin, each a
	// block-specific view; none when the block has no projection.
	Projections []any
	Reconcile   *reconcileView
	Gate        *gateView
	// PayloadIdentity and ProduceIdentity are redis's tests.
	PayloadIdentity *payloadIdentityView
	ProduceIdentity *produceIdentityView
}

// reconcileView is an attempts_reconciliation sub-block.
type reconcileView struct {
	Describe string // the describe block's name literal
	Doc      string
	Method   string // the subject method of the block's reconciliation operation
	Cases    []reconcileCaseView
}

// reconcileCaseView is one reconciliation case: the body's attempts, the
// native count (a literal: number, string or null) and the expected attempts.
type reconcileCaseView struct {
	testCase
	BodyAttempts, Native, Expected string
}

// buildReconcile builds a reconciliation sub-block for a subject method.
func buildReconcile(r *model.Reconciliation, block string, op protocol.Operation) (*reconcileView, error) {
	if r == nil {
		return nil, nil
	}
	rv := &reconcileView{Describe: tsString(block + " " + subReconciliation), Doc: tsComment(r.Description, ""), Method: lowerCamel(op.Name)}
	for _, c := range r.Cases {
		native, err := tsValue(c.Native, nestedBodyIndent)
		if err != nil {
			return nil, fmt.Errorf("%s case %q: %w", subReconciliation, c.Name, err)
		}
		rv.Cases = append(rv.Cases, reconcileCaseView{testCase: nestedCase(block+" "+subReconciliation, c.Name, ""),
			BodyAttempts: tsInt(c.BodyAttempts), Native: native, Expected: tsInt(c.ExpectedAttempts)})
	}
	return rv, nil
}

// gateView is a schema_version_gate sub-block.
type gateView struct {
	Describe string // the describe block's name literal
	Doc      string
	Fixture  string // the envelope every case delivers, a literal path
	Cases    []gateCaseView
}

// gateCaseView is one gate case: one call of the gate operation per AMQP
// type the case stands for (one, for a string or an absent property), each
// followed by its assertion.
type gateCaseView struct {
	testCase
	Calls []gateCallView
}

// gateCallView is one call of a gate and the assertion on its outcome, each
// a statement laid out for its place in the test.
type gateCallView struct {
	Call, Assert string
}

// buildGate builds the schema_version_gate sub-block of a broker block, or
// nil when the block has none.
func buildGate(g *model.SchemaVersionGate, block string, op protocol.Operation) (*gateView, error) {
	if g == nil {
		return nil, nil
	}
	if op.Name == "" {
		return nil, fmt.Errorf("%s: the protocol has no schema-version gate for the block", subGate)
	}
	typed := false
	for _, p := range op.Params {
		typed = typed || p.Name == "amqp_type"
	}
	gv := &gateView{Describe: tsString(block + " " + subGate), Doc: tsComment(g.Description, ""), Fixture: tsString(g.Fixture)}
	method := "await subject." + lowerCamel(op.Name) + "("
	for _, c := range g.Cases {
		property := "null"
		if !c.Absent {
			var err error
			if property, err = tsValue(c.Value, nestedBodyIndent); err != nil {
				return nil, fmt.Errorf("%s case %q: %w", subGate, c.Name, err)
			}
		}
		cv := gateCaseView{testCase: nestedCase(block+" "+subGate, c.Name, "")}
		for _, amqpType := range c.AMQPTypes() {
			args := []string{"envelope", property}
			outcome, what := "outcome", "outcome for "+g.Property
			switch {
			case amqpType != "":
				args = append(args, tsString(amqpType))
				outcome, what = "outcomeAs"+upperFirst(amqpType), what+" as AMQP "+amqpType
			case typed:
				args = append(args, "null")
			}
			cv.Calls = append(cv.Calls, gateCallView{
				Call:   layoutList(nestedBodyIndent, "const "+outcome+" = "+method, args, ");", 0),
				Assert: stmt(nestedBodyIndent, "assertJsonEqual", outcome, tsString(c.Expect), tsString(what)),
			})
		}
		gv.Cases = append(gv.Cases, cv)
	}
	return gv, nil
}

// projectionUses is what a broker block's projection test uses besides
// fixture and whenProvided: whether it calls assert, and support functions.
type projectionUses struct {
	assert  bool
	support []string
}

// compareOnly is a projection test that compares through assertJsonEqual alone.
var compareOnly = projectionUses{support: []string{"assertJsonEqual"}}

// bindingImports is what a broker block's file imports.
func bindingImports(b *bindingBody, uses projectionUses) imports {
	imp := imports{Support: []string{"whenProvided"}}
	if len(b.Projections) > 0 || b.PayloadIdentity != nil {
		imp.Assert = uses.assert
		imp.Support = append(append(imp.Support, uses.support...), "fixture")
	}
	if b.ProduceIdentity != nil {
		imp.Assert = true
		imp.Support = append(imp.Support, "assertJsonContains", "assertJsonEqual", "member", "parseJson")
	}
	if b.Reconcile != nil {
		imp.Assert = true
	}
	if b.Gate != nil {
		imp.Support = append(imp.Support, "assertJsonEqual", "fixture")
	}
	imp.Support = unique(imp.Support)
	return imp
}

// unique returns names sorted, each once.
func unique(names []string) []string {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return sortedKeys(set)
}

// projectionCase is the head of a projection test: named after its block
// and sub-block ("<block> attribute_projection", so runner output tells the
// brokers apart), described by the manifest's description of it. An
// exemption names it by its sub-block: "sqs/attribute_projection".
func projectionCase(s *model.Suite, block, sub string) testCase {
	return keyedCase(sub, block+" "+sub, manifestText(s, block, sub, "description"), "")
}

// mapProjectionView is a projection whose result is compared as a whole:
// SQS attributes, Pulsar properties, Kafka headers.
type mapProjectionView struct {
	testCase
	Fixture  string
	Expected string
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(subAttributes, s.SQS.Projection, s.SQS.ForeignLang, func(sub string, p *model.SQSProjection) error {
		var members []model.Member
		for _, a := range p.Attributes {
			members = append(members, model.Member{Key: a.Name, Value: model.ObjectValue(
				model.Member{Key: "DataType", Value: model.StringValue(a.DataType)},
				model.Member{Key: "StringValue", Value: model.StringValue(a.StringValue)})})
		}
		expected, err := tsValue(model.ObjectValue(members...), bodyIndent)
		if err != nil {
			return err
		}
		b.Projections = append(b.Projections, &mapProjectionView{testCase: projectionCase(s, model.BlockSQS, sub), Fixture: tsString(p.EnvelopeFile), Expected: expected})
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return finishBinding(s, c, b, model.BlockSQS, s.SQS.Reconciliation, protocol.SQSReconcile, compareOnly)
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	b, err := stringMapBinding(s, model.BlockPulsar, s.Pulsar.Projection, s.Pulsar.ForeignLang)
	if err != nil {
		return testFile{}, err
	}
	return finishBinding(s, c, b, model.BlockPulsar, s.Pulsar.Reconciliation, protocol.PulsarReconcile, compareOnly)
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	b, err := stringMapBinding(s, model.BlockKafka, s.Kafka.Projection, s.Kafka.ForeignLang)
	if err != nil {
		return testFile{}, err
	}
	return finishBinding(s, c, b, model.BlockKafka, s.Kafka.Reconciliation, protocol.KafkaReconcile, compareOnly)
}

// stringMapBinding starts a binding whose projection is a string map.
func stringMapBinding(s *model.Suite, block string, own, foreign *model.StringMapProjection) (*bindingBody, error) {
	b := &bindingBody{}
	err := backend.EachProjection(subProperties, own, foreign, func(sub string, p *model.StringMapProjection) error {
		expected, err := tsValue(entriesObject(p.Entries), bodyIndent)
		if err != nil {
			return err
		}
		b.Projections = append(b.Projections, &mapProjectionView{testCase: projectionCase(s, block, sub), Fixture: tsString(p.EnvelopeFile), Expected: expected})
		return nil
	})
	return b, err
}

// finishBinding adds the reconciliation sub-block of op and the block's
// schema-version gate, and makes the file.
func finishBinding(s *model.Suite, c *common, b *bindingBody, block string, r *model.Reconciliation, op protocol.Operation,
	uses projectionUses) (testFile, error) {
	rv, err := buildReconcile(r, block, op)
	if err != nil {
		return testFile{}, err
	}
	b.Reconcile = rv
	if b.Gate, err = buildGate(s.Gate(block), block, protocol.SchemaVersionGates[block]); err != nil {
		return testFile{}, err
	}
	return c.file(s, block, b, bindingImports(b, uses)), nil
}

// entriesObject is a string map as a JSON object, in manifest order.
func entriesObject(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// serviceBusView is the Azure Service Bus property_projection.
type serviceBusView struct {
	testCase
	Fixture                                        string
	Subject, CorrelationID, MessageID, ContentType string
	ApplicationProperties                          string
}

func buildASB(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(subProperties, s.ASB.Projection, s.ASB.ForeignLang, func(sub string, p *model.ASBProjection) error {
		props, err := tsValue(p.ApplicationProperties, bodyIndent)
		if err != nil {
			return err
		}
		b.Projections = append(b.Projections, &serviceBusView{testCase: projectionCase(s, model.BlockASB, sub), Fixture: tsString(p.EnvelopeFile),
			Subject: tsString(p.Subject), CorrelationID: tsString(p.CorrelationID), MessageID: tsString(p.MessageID),
			ContentType: tsString(p.ContentType), ApplicationProperties: props})
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	uses := projectionUses{assert: true, support: []string{"assertJsonEqual"}}
	return finishBinding(s, c, b, model.BlockASB, s.ASB.Reconciliation, protocol.ASBReconcile, uses)
}

// amqpMessageView is the Artemis property_projection.
type amqpMessageView struct {
	testCase
	Fixture                             string
	Annotation, AnnotationWhat, JMSType string
	CorrelationID                       string
	Properties                          string
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(subProperties, s.Artemis.Projection, s.Artemis.ForeignLang, func(sub string, p *model.ArtemisProjection) error {
		props, err := tsValue(entriesObject(p.Properties), bodyIndent)
		if err != nil {
			return err
		}
		b.Projections = append(b.Projections, &amqpMessageView{testCase: projectionCase(s, model.BlockArtemis, sub), Fixture: tsString(p.EnvelopeFile),
			Annotation: tsString(p.JMSTypeAnnotation), AnnotationWhat: tsString("annotation " + p.JMSTypeAnnotation),
			JMSType: tsString(p.JMSType), CorrelationID: tsString(p.CorrelationID), Properties: props})
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	uses := projectionUses{assert: true, support: []string{"assertJsonEqual", "member"}}
	return finishBinding(s, c, b, model.BlockArtemis, s.Artemis.Reconciliation, protocol.ArtemisReconcile, uses)
}

// publishingView is the RabbitMQ property_projection.
type publishingView struct {
	testCase
	Fixture    string
	Properties []namedValue
	Headers    string
}

// namedValue is one expected property: its name, the assertion's label and
// the value, each a literal.
type namedValue struct {
	Name, What, Value string
}

func buildRabbitMQ(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	err := backend.EachProjection(subProperties, s.RabbitMQ.Projection, s.RabbitMQ.ForeignLang, func(sub string, p *model.RabbitMQProjection) error {
		headers, err := tsValue(p.Headers, bodyIndent)
		if err != nil {
			return err
		}
		pv := &publishingView{testCase: projectionCase(s, model.BlockRabbitMQ, sub), Fixture: tsString(p.EnvelopeFile), Headers: headers}
		for _, e := range p.Properties {
			pv.Properties = append(pv.Properties, namedValue{Name: tsString(e.Name), What: tsString("properties." + e.Name), Value: tsString(e.Value)})
		}
		b.Projections = append(b.Projections, pv)
		return nil
	})
	if err != nil {
		return testFile{}, err
	}
	return finishBinding(s, c, b, model.BlockRabbitMQ, nil, protocol.Operation{}, projectionUses{support: []string{"assertJsonEqual", "member"}})
}

// payloadIdentityView is the Redis payload_identity sub-block.
type payloadIdentityView struct {
	testCase
	Fixture string
}

func buildRedis(s *model.Suite, c *common) (testFile, error) {
	b := &bindingBody{}
	if p := s.Redis.PayloadIdentity; p != nil {
		b.PayloadIdentity = &payloadIdentityView{testCase: projectionCase(s, model.BlockRedis, subPayloadID), Fixture: tsString(p.EnvelopeFile)}
	}
	if p := s.Redis.ProduceIdentity; p != nil {
		pv, err := buildProduceIdentity(s, p)
		if err != nil {
			return testFile{}, err
		}
		b.ProduceIdentity = pv
	}
	return finishBinding(s, c, b, model.BlockRedis, nil, protocol.Operation{}, compareOnly)
}

// empty reports whether a broker block has no sub-block bqgen tests.
func (b *bindingBody) empty() bool {
	return len(b.Projections) == 0 && b.Reconcile == nil && b.Gate == nil && b.PayloadIdentity == nil && b.ProduceIdentity == nil
}

func (b *bindingBody) heads() []header {
	var out []header
	for _, p := range b.Projections {
		if h, ok := p.(header); ok {
			out = append(out, h)
		}
	}
	if b.PayloadIdentity != nil {
		out = append(out, b.PayloadIdentity)
	}
	if b.ProduceIdentity != nil {
		out = append(out, b.ProduceIdentity)
	}
	if b.Reconcile != nil {
		out = append(out, headsOf(b.Reconcile.Cases)...)
	}
	if b.Gate != nil {
		out = append(out, headsOf(b.Gate.Cases)...)
	}
	return out
}
