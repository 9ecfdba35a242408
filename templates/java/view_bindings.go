package java

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The broker binding blocks: a projection test (when the block has one),
// one test per attempts_reconciliation case and one per
// schema_version_gate case. Which subject method a test calls is written in
// the block's own template.

// bindingClass is a binding block's test class; P is its projection test.
type bindingClass[P any] struct {
	classHead
	// Projections are the projection test and its foreign-lang twin's
	// (1.6.0), each when the block has it.
	Projections []*P
	Reconcile   []reconcileTest
	Gate        *gateTests
	// ProduceIdentity is redis.produce_identity's test, nil elsewhere.
	ProduceIdentity *produceIdentityTest
}

// projectionSubs are the case names of a block's projection sub-blocks
// that are present: sub, and its foreign-lang twin.
func projectionSubs(sub string, own, foreign bool) []string {
	var out []string
	if own {
		out = append(out, sub)
	}
	if foreign {
		out = append(out, sub+model.ForeignLangSuffix)
	}
	return out
}

// gateTests are the tests of a schema_version_gate, one per case.
type gateTests struct {
	Fixture     string // the envelope every case delivers, a Java string literal
	Tests       []gateTest
	JSONImports []string // the ConformanceJson factories the tests call
}

// gateTest is one schema_version_gate case: the gate asked once, or for a
// number on a typed gate once per AMQP type, each answer checked.
type gateTest struct {
	Method method
	Calls  []gateCall
}

// gateCall is one question to the gate and the check of its answer.
type gateCall struct {
	Ask   string // "subject.xSchemaVersionGate(envelope, ...)", the outcome's expression
	Check string // the assertEquals statement on outcome
}

// reconcileTest is one attempts_reconciliation case.
type reconcileTest struct {
	Method   method
	Body     string // body_attempts, a long literal
	Native   string // the broker's count: a String, long or null literal
	Expected string // expected_attempts, a long literal
}

// newBindingClass names the projection test (when there is one), the
// reconciliation tests and the schema-version gate's tests together, so
// their method names never collide, and fills in the reconciliation and
// gate tests.
func newBindingClass[P any](s *model.Suite, c *common, block string, projections []string, rec *model.Reconciliation) (bindingClass[P], []method, error) {
	names := append([]string{}, projections...)
	if rec != nil {
		for _, rc := range rec.Cases {
			names = append(names, rc.Name)
		}
	}
	gate := s.Gate(block)
	if gate != nil && len(gate.Cases) == 0 {
		gate = nil // nothing to test
	}
	if gate != nil {
		for _, gc := range gate.Cases {
			names = append(names, gc.Name)
		}
	}
	methods := newMethods(c, block, names)
	cls := bindingClass[P]{classHead: newClassHead(s, c, block)}
	heads := methods[:len(projections)]
	methods = methods[len(projections):]
	if rec != nil {
		for i, rc := range rec.Cases {
			cls.Reconcile = append(cls.Reconcile, reconcileTest{Method: methods[i],
				Body: javaLong(rc.BodyAttempts), Native: nativeLiteral(rc.Native), Expected: javaLong(rc.ExpectedAttempts)})
		}
		methods = methods[len(rec.Cases):]
	}
	if gate != nil {
		var err error
		if cls.Gate, err = newGateTests(block, gate, methods); err != nil {
			return cls, nil, err
		}
	}
	return cls, heads, nil
}

// newGateTests builds the tests of a schema_version_gate on block, named
// methods in case order. Each asks the block's gate operation with the
// gate's fixture and the case's value (null when absent) and checks the
// outcome; a number on a typed gate (Azure Service Bus) is asked once per
// AMQP type it stands for, in one test.
func newGateTests(block string, g *model.SchemaVersionGate, methods []method) (*gateTests, error) {
	op, ok := protocol.SchemaVersionGates[block]
	if !ok {
		return nil, fmt.Errorf("the protocol has no schema-version gate for %s", block)
	}
	call, err := identifier(op.Name, false)
	if err != nil {
		return nil, err
	}
	jb := newJSONBuilder()
	out := &gateTests{Fixture: javaString(g.Fixture)}
	for i, gc := range g.Cases {
		t := gateTest{Method: methods[i]}
		for _, amqpType := range gc.AMQPTypes() {
			args := []string{"envelope"}
			what := "the outcome of the " + g.Property + " gate"
			switch {
			case !g.Typed && gc.Absent:
				args = append(args, "null")
			case !g.Typed:
				args = append(args, javaString(gc.Value.Text))
			case amqpType == "":
				args = append(args, jb.flat(gc.Value), "null") // a string, or jsonNull() when absent
			default:
				args = append(args, jb.flat(gc.Value), javaString(amqpType))
				what += ", the value an AMQP " + amqpType
			}
			// "        String outcome = subject.xSchemaVersionGate(...);"
			ask := fill(bodyStart+len("String outcome = "), "subject."+call+"(", args, ")", len(";"), bodyIndent)
			check := statement("assertEquals", javaString(gc.Expect), "outcome", javaString(what))
			t.Calls = append(t.Calls, gateCall{Ask: ask, Check: check})
		}
		out.Tests = append(out.Tests, t)
	}
	out.JSONImports = jb.imports()
	return out, nil
}

// finish returns the class's file, or none when it has no test at all.
func (b bindingClass[P]) finish() (testFile, error) {
	if len(b.Projections) == 0 && len(b.Reconcile) == 0 && b.Gate == nil && b.ProduceIdentity == nil {
		return testFile{}, nil
	}
	if b.Gate != nil {
		b.JSONImports = union(b.JSONImports, b.Gate.JSONImports)
	}
	return b.file(b), nil
}

// union is the sorted union of two sorted lists.
func union(a, b []string) []string {
	set := map[string]bool{}
	for _, s := range append(append([]string{}, a...), b...) {
		set[s] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// nativeLiteral renders a reconciliation's broker count as the Java
// argument the subject method takes: a String, a long, or null.
func nativeLiteral(v model.Value) string {
	switch v.Kind {
	case model.String:
		return javaString(v.Text)
	case model.Number:
		n, _ := v.Int64() // the model accepts only integers here
		return javaLong(n)
	default:
		return "null"
	}
}

// entriesTest is a projection compared as a whole map: the SQS attributes,
// Pulsar properties, Kafka headers.
type entriesTest struct {
	Method  method
	Fixture string
	Entries []string // Map.entry(name, value) expressions
}

func buildSQSClass(s *model.Suite, c *common) (testFile, error) {
	b := s.SQS
	cls, heads, err := newBindingClass[entriesTest](s, c, model.BlockSQS,
		projectionSubs("attribute_projection", b.Projection != nil, b.ForeignLang != nil), b.Reconciliation)
	if err != nil {
		return testFile{}, err
	}
	for i, p := range presentOf(b.Projection, b.ForeignLang) {
		t := entriesTest{Method: heads[i], Fixture: javaString(p.EnvelopeFile)}
		for _, a := range p.Attributes {
			t.Entries = append(t.Entries, fill(bodyIndent, "Map.entry(", []string{javaString(a.Name),
				"new SqsAttribute(" + javaString(a.DataType) + ", " + javaString(a.StringValue) + ")"}, ")", 1, bodyIndent+contIndent))
		}
		cls.Projections = append(cls.Projections, &t)
	}
	return cls.finish()
}

func buildPulsarClass(s *model.Suite, c *common) (testFile, error) {
	b := s.Pulsar
	return buildStringMapClass(s, c, model.BlockPulsar, b.Projection, b.ForeignLang, b.Reconciliation)
}

func buildKafkaClass(s *model.Suite, c *common) (testFile, error) {
	b := s.Kafka
	return buildStringMapClass(s, c, model.BlockKafka, b.Projection, b.ForeignLang, b.Reconciliation)
}

func buildStringMapClass(s *model.Suite, c *common, block string, own, foreign *model.StringMapProjection, rec *model.Reconciliation) (testFile, error) {
	cls, heads, err := newBindingClass[entriesTest](s, c, block, projectionSubs("property_projection", own != nil, foreign != nil), rec)
	if err != nil {
		return testFile{}, err
	}
	for i, p := range presentOf(own, foreign) {
		t := entriesTest{Method: heads[i], Fixture: javaString(p.EnvelopeFile)}
		for _, e := range p.Entries {
			t.Entries = append(t.Entries, fill(bodyIndent, "Map.entry(", []string{javaString(e.Name), javaString(e.Value)},
				")", 1, bodyIndent+contIndent))
		}
		cls.Projections = append(cls.Projections, &t)
	}
	return cls.finish()
}

func buildASBClass(s *model.Suite, c *common) (testFile, error) {
	b := s.ASB
	cls, heads, err := newBindingClass[checksTest](s, c, model.BlockASB,
		projectionSubs("property_projection", b.Projection != nil, b.ForeignLang != nil), b.Reconciliation)
	if err != nil {
		return testFile{}, err
	}
	jb := newJSONBuilder()
	for i, p := range presentOf(b.Projection, b.ForeignLang) {
		cls.Projections = append(cls.Projections, &checksTest{Method: heads[i], Fixture: javaString(p.EnvelopeFile), Checks: []string{
			statement("assertEquals", javaString(p.Subject), "message.subject()", `"subject"`),
			statement("assertEquals", javaString(p.CorrelationID), "message.correlationId()", `"correlation_id"`),
			statement("assertEquals", javaString(p.MessageID), "message.messageId()", `"message_id"`),
			statement("assertEquals", javaString(p.ContentType), "message.contentType()", `"content_type"`),
			jb.statement("assertSameJson", nil, p.ApplicationProperties, "message.applicationProperties()",
				`"application_properties"`),
		}})
	}
	cls.JSONImports = jb.imports()
	return cls.finish()
}

// checksTest is a projection test given as its assertions.
type checksTest struct {
	Method  method
	Fixture string
	Checks  []string
}

func buildArtemisClass(s *model.Suite, c *common) (testFile, error) {
	b := s.Artemis
	cls, heads, err := newBindingClass[checksTest](s, c, model.BlockArtemis,
		projectionSubs("property_projection", b.Projection != nil, b.ForeignLang != nil), b.Reconciliation)
	if err != nil {
		return testFile{}, err
	}
	jb := newJSONBuilder()
	for i, p := range presentOf(b.Projection, b.ForeignLang) {
		cls.Projections = append(cls.Projections, &checksTest{Method: heads[i], Fixture: javaString(p.EnvelopeFile), Checks: []string{
			jb.statement("assertMemberSame", nil, model.StringValue(p.JMSType), "message.annotations()",
				javaString(p.JMSTypeAnnotation), `"the JMSType annotation"`),
			statement("assertEquals", javaString(p.CorrelationID), "message.correlationId()", `"correlation_id"`),
			jb.statement("assertSameJson", nil, stringObject(p.Properties), "message.properties()", `"properties"`),
		}})
	}
	cls.JSONImports = jb.imports()
	return cls.finish()
}

// stringObject is a JSON object of string members.
func stringObject(entries []model.StringEntry) model.Value {
	members := make([]model.Member, len(entries))
	for i, e := range entries {
		members[i] = model.Member{Key: e.Name, Value: model.StringValue(e.Value)}
	}
	return model.ObjectValue(members...)
}

// fixtureTest is a test of one fixture with nothing else to expect: the
// Redis payload identity.
type fixtureTest struct {
	Method  method
	Fixture string
}

func buildRedisClass(s *model.Suite, c *common) (testFile, error) {
	r := s.Redis
	names := projectionSubs("payload_identity", r.PayloadIdentity != nil, false)
	if r.ProduceIdentity != nil {
		names = append(names, produceIdentitySub)
	}
	methods := newMethods(c, model.BlockRedis, names)
	cls := bindingClass[fixtureTest]{classHead: newClassHead(s, c, model.BlockRedis)}
	if p := r.PayloadIdentity; p != nil {
		cls.Projections = []*fixtureTest{{Method: methods[0], Fixture: javaString(p.EnvelopeFile)}}
		methods = methods[1:]
	}
	if p := r.ProduceIdentity; p != nil {
		t, imports, err := newProduceIdentityTest(p, methods[0])
		if err != nil {
			return testFile{}, err
		}
		cls.ProduceIdentity, cls.JSONImports = t, imports
	}
	return cls.finish()
}

func buildRabbitMQClass(s *model.Suite, c *common) (testFile, error) {
	r := s.RabbitMQ
	names := projectionSubs("property_projection", r.Projection != nil, r.ForeignLang != nil)
	if len(names) == 0 {
		return testFile{}, nil
	}
	methods := newMethods(c, model.BlockRabbitMQ, names)
	cls := bindingClass[checksTest]{classHead: newClassHead(s, c, model.BlockRabbitMQ)}
	jb := newJSONBuilder()
	for i, p := range presentOf(r.Projection, r.ForeignLang) {
		t := checksTest{Method: methods[i], Fixture: javaString(p.EnvelopeFile)}
		for _, e := range p.Properties {
			t.Checks = append(t.Checks, statement("assertEquals", javaString(e.Value), "properties.get("+javaString(e.Name)+")",
				javaString("properties."+e.Name)))
		}
		t.Checks = append(t.Checks, jb.statement("assertSameJson", nil, p.Headers, "publishing.headers()", `"headers"`))
		cls.Projections = append(cls.Projections, &t)
	}
	cls.JSONImports = jb.imports()
	return cls.finish()
}

// presentOf is a projection and its foreign-lang twin, each when present.
func presentOf[P any](own, foreign *P) []*P {
	var out []*P
	for _, p := range []*P{own, foreign} {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// transportArtifact is where a broker block's Java transport lives: its
// Maven artifact and the package of its (package-private) projection and
// consumer code, which the tests of a transport target share.
type transportArtifact struct {
	Artifact, Package string
}

// transportArtifacts are the Java transports, one artifact and repository
// per broker.
var transportArtifacts = map[string]transportArtifact{
	model.BlockSQS:      {"babelqueue-sqs", "com.babelqueue.sqs"},
	model.BlockASB:      {"babelqueue-azure-servicebus", "com.babelqueue.azureservicebus"},
	model.BlockPulsar:   {"babelqueue-pulsar", "com.babelqueue.pulsar"},
	model.BlockKafka:    {"babelqueue-kafka", "com.babelqueue.kafka"},
	model.BlockArtemis:  {"babelqueue-artemis", "com.babelqueue.artemis"},
	model.BlockRedis:    {"babelqueue-redis", "com.babelqueue.redis"},
	model.BlockRabbitMQ: {"babelqueue-spring", "com.babelqueue.spring"},
}

// transportTarget is the output of a target that carries only broker
// blocks: the tests of a transport artifact, generated into its own
// package, whose scaffold maps the broker's operations onto that package's
// own code.
type transportTarget struct {
	Blocks    []string        // the broker blocks, in suite order
	Of        map[string]bool // Blocks as a set, for the scaffold templates
	BlockList string          // the blocks, for the scaffold's words
	Artifacts string          // the artifacts, for the scaffold's words
	Package   string          // the package the blocks share ("" when they differ)
}

// newTransportTarget returns the transport target of a suite that carries
// only broker blocks, nil for any other suite (a core target). pkg is the
// package option: a target of brokers whose packages differ must name one.
func newTransportTarget(s *model.Suite, pkg string) (*transportTarget, error) {
	blocks := s.Blocks()
	if len(blocks) == 0 {
		return nil, nil
	}
	t := &transportTarget{Of: map[string]bool{}}
	var artifacts, packages []string
	for _, b := range blocks {
		a, ok := transportArtifacts[b]
		if !model.IsTransportBlock(b) || !ok {
			return nil, nil
		}
		t.Blocks, t.Of[b] = append(t.Blocks, b), true
		artifacts = append(artifacts, a.Artifact)
		if !slices.Contains(packages, a.Package) {
			packages = append(packages, a.Package)
		}
	}
	t.Artifacts, t.BlockList = strings.Join(artifacts, ", "), strings.Join(blocks, ", ")
	if len(packages) == 1 {
		t.Package = packages[0]
	} else if pkg == "" {
		return nil, backend.OptionErrorf("blocks %s belong to the transports %s, whose packages differ (%s): "+
			"set the package the tests share", strings.Join(blocks, ", "), t.Artifacts, strings.Join(packages, ", "))
	}
	return t, nil
}
