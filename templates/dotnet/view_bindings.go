package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The shared test bodies of the broker-binding blocks (a block's own bodies
// are named with bodyName and live in tmpl/<block>.tmpl).
const (
	bodyReconcile = "reconcile.partial"
	bodyStringMap = "string_map.partial"
	bodyGate      = "gate.partial"
)

// Sub-block names, as the manifest spells them, for display names.
const (
	subAttributeProjection = "attribute_projection"
	subPropertyProjection  = "property_projection"
	subReconciliation      = "attempts_reconciliation"
	subPayloadIdentity     = "payload_identity"
	subSchemaVersionGate   = model.SubSchemaVersionGate
)

// projection is the body template name of a block's projection test.
const projection = "projection"

// attributeView is one expected SQS MessageAttribute.
type attributeView struct {
	name, dataType, stringValue string // unexported: templates print Line
}

// entryIndent is how far a dictionary initializer's entries sit inside it.
const entryIndent = "    "

// Line is the attribute as an entry of a dictionary initializer: on one
// line when that fits in maxLine, else the name and each value on lines of
// their own.
func (a attributeView) Line() csExpr {
	name, dataType, value := csString(a.name), csString(a.dataType), csString(a.stringValue)
	line := "{ " + string(name) + ", new SqsAttribute(" + string(dataType) + ", " + string(value) + ") },"
	if bodyIndent+len(entryIndent)+len(line) <= maxLine {
		return csExpr(line)
	}
	in, inner := strings.Repeat(entryIndent, 2), strings.Repeat(entryIndent, 3)
	return csExpr("{\n" + in + string(csStringAt(a.name, bodyIndent+len(in), 1)) + ",\n" +
		in + "new SqsAttribute(\n" +
		inner + string(csStringAt(a.dataType, bodyIndent+len(inner), 1)) + ",\n" +
		inner + string(csStringAt(a.stringValue, bodyIndent+len(inner), 1)) + ")\n" + entryIndent + "},")
}

// attributesBody asserts the SQS MessageAttributes.
type attributesBody struct {
	Fixture    csExpr
	Attributes []attributeView
}

// entryView is one name/value pair of a string map.
type entryView struct {
	name, value string // unexported: templates print Line
}

// Line is the pair as an entry of a dictionary initializer: on one line
// when that fits in maxLine, else the name and the value on lines of their
// own.
func (e entryView) Line() csExpr {
	line := "{ " + string(csString(e.name)) + ", " + string(csString(e.value)) + " },"
	if bodyIndent+len(entryIndent)+len(line) <= maxLine {
		return csExpr(line)
	}
	in := strings.Repeat(entryIndent, 2)
	return csExpr("{\n" + in + string(csStringAt(e.name, bodyIndent+len(in), 1)) + ",\n" +
		in + string(csStringAt(e.value, bodyIndent+len(in), 0)) + "\n" + entryIndent + "},")
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

// gateBody asserts one schema-version gate case: the fixture delivered with
// the native property set to the case's value (or absent), then the outcome.
type gateBody struct {
	Fixture  csExpr
	Method   string // the subject method
	Property csExpr // the statement declaring property, the value passed as the property
	// AMQPTypes, for a typed gate's number, are the AMQP types the value is
	// delivered as ("int", "long" or "double"), one call each, as C# list
	// items; empty for a string or absent value.
	AMQPTypes csExpr
	Typed     bool   // the method takes an AMQP type after the property (null without one)
	Expect    csExpr // "decode" or "reject"
}

// buildGate gives one test per case of block's schema-version gate, calling
// op; nil g gives none. A gate whose property parameter is JSON (Azure
// Service Bus's AMQP-typed application property) takes the AMQP type next.
func buildGate(block string, op protocol.Operation, g *model.SchemaVersionGate) ([]testSpec, error) {
	if g == nil {
		return nil, nil
	}
	typed, err := gateShape(op)
	if err != nil {
		return nil, err
	}
	specs := make([]testSpec, 0, len(g.Cases))
	for _, c := range g.Cases {
		property, err := gateProperty(c, typed)
		if err != nil {
			return nil, fmt.Errorf("%s case %q: %w", subSchemaVersionGate, c.Name, err)
		}
		body := gateBody{Fixture: csString(g.Fixture), Method: csTypeName(op.Name), Property: property, Typed: typed,
			Expect: csString(c.Expect)}
		if types := c.AMQPTypes(); typed && types[0] != "" {
			items := make([]string, len(types))
			for i, t := range types {
				items[i] = string(csString(t))
			}
			body.AMQPTypes = csExpr(strings.Join(items, ", "))
		}
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(block, subSchemaVersionGate, c.Name),
			template: bodyGate, data: body})
	}
	return specs, nil
}

// gateShape reads a gate operation's parameters: the envelope and the
// property as text, or the envelope, the property as JSON and its AMQP type
// (typed).
func gateShape(op protocol.Operation) (typed bool, err error) {
	switch {
	case len(op.Params) == 2 && op.Params[1].Type.Kind == protocol.OptionalText:
		return false, nil
	case len(op.Params) == 3 && op.Params[1].Type.Kind == protocol.JSONValue && op.Params[2].Type.Kind == protocol.OptionalText:
		return true, nil
	}
	return false, fmt.Errorf("%s takes neither (envelope, text property) nor (envelope, JSON property, AMQP type)", op.Name)
}

// gateProperty is the statement declaring the property a gate case
// delivers: null when absent; else the exact string, or for a typed gate a
// JsonNode holding the string or the number as the manifest spells it.
func gateProperty(c model.GateCase, typed bool) (csExpr, error) {
	decl := "string? property = "
	if typed {
		decl = "JsonNode? property = "
	}
	switch {
	case c.Absent:
		return csExpr(decl + "null;"), nil
	case c.Value.Kind == model.String && !typed:
		return csStringStatement(decl, c.Value.Text, ";"), nil
	case c.Value.Kind == model.String:
		return csStringStatement(decl+"JsonValue.Create(", c.Value.Text, ");"), nil
	case c.Value.Kind == model.Number && typed:
		return csStringStatement(decl+"JsonNode.Parse(", c.Value.Text, ");"), nil
	}
	if typed {
		return "", fmt.Errorf("the value is %s, not a string, a number or absent", c.Value.Kind)
	}
	return "", fmt.Errorf("the value is %s, not a string or absent (this gate's property is text)", c.Value.Kind)
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

// brokerFile is a broker block's test file: specs (its projection), then
// one test per reconciliation case of rec, calling reconcile, then one per
// case of the block's schema-version gate, calling gate.
func brokerFile(s *model.Suite, c *common, block string, specs []testSpec, rec *model.Reconciliation,
	reconcile, gate protocol.Operation) (testFile, error) {
	more, err := buildReconciliation(block, reconcile, rec)
	if err != nil {
		return testFile{}, err
	}
	gates, err := buildGate(block, gate, s.Gate(block))
	if err != nil {
		return testFile{}, err
	}
	return c.file(block, append(append(specs, more...), gates...)), nil
}

func buildSQS(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	for sub, p := range backend.Projections(subAttributeProjection, s.SQS.Projection, s.SQS.ForeignLang) {
		body := attributesBody{Fixture: csString(p.EnvelopeFile)}
		for _, a := range p.Attributes {
			body.Attributes = append(body.Attributes, attributeView{a.Name, a.DataType, a.StringValue})
		}
		specs = append(specs, projectionSpec(model.BlockSQS, sub, body))
	}
	return brokerFile(s, c, model.BlockSQS, specs, s.SQS.Reconciliation, protocol.SQSReconcile, protocol.SQSSchemaVersionGate)
}

func buildASB(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	for sub, p := range backend.Projections(subPropertyProjection, s.ASB.Projection, s.ASB.ForeignLang) {
		props, err := jsonObjectExpr(p.ApplicationProperties)
		if err != nil {
			return testFile{}, fmt.Errorf("%s: application_properties: %w", sub, err)
		}
		body := serviceBusBody{Fixture: csString(p.EnvelopeFile), Subject: csString(p.Subject),
			CorrelationID: csString(p.CorrelationID), MessageID: csString(p.MessageID),
			ContentType: csString(p.ContentType), ApplicationProperties: props}
		specs = append(specs, projectionSpec(model.BlockASB, sub, body))
	}
	return brokerFile(s, c, model.BlockASB, specs, s.ASB.Reconciliation, protocol.ASBReconcile, protocol.ASBSchemaVersionGate)
}

func buildPulsar(s *model.Suite, c *common) (testFile, error) {
	specs := stringMapSpecs(model.BlockPulsar, s.Pulsar.Projection, s.Pulsar.ForeignLang, protocol.PulsarProperties)
	return brokerFile(s, c, model.BlockPulsar, specs, s.Pulsar.Reconciliation, protocol.PulsarReconcile, protocol.PulsarSchemaVersionGate)
}

func buildKafka(s *model.Suite, c *common) (testFile, error) {
	specs := stringMapSpecs(model.BlockKafka, s.Kafka.Projection, s.Kafka.ForeignLang, protocol.KafkaHeaders)
	return brokerFile(s, c, model.BlockKafka, specs, s.Kafka.Reconciliation, protocol.KafkaReconcile, protocol.KafkaSchemaVersionGate)
}

// stringMapSpecs is the projection test of a block whose projection op
// answers a string map; the failure message names the result member.
func stringMapSpecs(block string, own, foreign *model.StringMapProjection, op protocol.Operation) []testSpec {
	var specs []testSpec
	for sub, p := range backend.Projections(subPropertyProjection, own, foreign) {
		body := stringMapBody{Fixture: csString(p.EnvelopeFile), Method: csTypeName(op.Name), What: csString(op.Result.Member),
			Entries: entryViews(p.Entries)}
		specs = append(specs, testSpec{caseName: sub, display: displayName(block, sub), template: bodyStringMap, data: body})
	}
	return specs
}

func entryViews(entries []model.StringEntry) []entryView {
	out := make([]entryView, len(entries))
	for i, e := range entries {
		out[i] = entryView{name: e.Name, value: e.Value}
	}
	return out
}

func buildArtemis(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	for sub, p := range backend.Projections(subPropertyProjection, s.Artemis.Projection, s.Artemis.ForeignLang) {
		props, _ := jsonObjectExpr(stringEntriesObject(p.Properties)) // always an object
		body := amqpMessageBody{Fixture: csString(p.EnvelopeFile), Annotation: csString(p.JMSTypeAnnotation),
			JMSType: csString(p.JMSType), CorrelationID: csString(p.CorrelationID), Properties: props}
		specs = append(specs, projectionSpec(model.BlockArtemis, sub, body))
	}
	return brokerFile(s, c, model.BlockArtemis, specs, s.Artemis.Reconciliation, protocol.ArtemisReconcile, protocol.ArtemisSchemaVersionGate)
}

func buildRabbitMQ(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	for sub, p := range backend.Projections(subPropertyProjection, s.RabbitMQ.Projection, s.RabbitMQ.ForeignLang) {
		headers, err := jsonObjectExpr(p.Headers)
		if err != nil {
			return testFile{}, fmt.Errorf("%s: headers: %w", sub, err)
		}
		body := publishingBody{Fixture: csString(p.EnvelopeFile), Properties: entryViews(p.Properties), Headers: headers}
		specs = append(specs, projectionSpec(model.BlockRabbitMQ, sub, body))
	}
	return c.file(model.BlockRabbitMQ, specs), nil
}

func buildRedis(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	if p := s.Redis.PayloadIdentity; p != nil {
		specs = append(specs, testSpec{caseName: subPayloadIdentity, display: displayName(model.BlockRedis, subPayloadIdentity),
			template: bodyName(model.BlockRedis, subPayloadIdentity), data: fixtureBody{csString(p.EnvelopeFile)}})
	}
	if p := s.Redis.ProduceIdentity; p != nil {
		spec, err := produceIdentitySpec(p)
		if err != nil {
			return testFile{}, err
		}
		specs = append(specs, spec)
	}
	return c.file(model.BlockRedis, specs), nil
}
