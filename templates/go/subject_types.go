package gobackend

import "github.com/dave/jennifer/jen"

// emitSubjectAPI adds the sentinel, the interface and its value types.
func emitSubjectAPI(b *fileBuilder) {
	b.decl(errNotProvided+" is what a subject method returns, wrapped with a reason, for an operation the implementation cannot provide; the test then skips with that reason instead of passing.",
		jen.Var().Id(errNotProvided).Op("=").Qual("errors", "New").Call(jen.Lit("not provided")))
	b.decl(notProvidedFunc+" returns "+errNotProvided+" with the reason the operation is not provided.",
		jen.Func().Id(notProvidedFunc).Params(jen.Id("reason").String()).Error().Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s"), jen.Id(errNotProvided), jen.Id("reason"))),
		))
	b.decl(subjectType+" is the implementation under test. Generated tests call nothing else; "+newSubjectFunc+" (in the scaffold or the oracle binding) returns it.",
		jen.Type().Id(subjectType).InterfaceFunc(func(g *jen.Group) {
			for _, op := range operations() {
				comment(g, op.doc)
				g.Id(op.method).Add(op.signature())
			}
		}))
	for _, t := range subjectTypes() {
		b.decl(t.doc, jen.Type().Id(t.name).StructFunc(func(g *jen.Group) {
			for _, f := range t.fields {
				comment(g, f.doc)
				g.Id(f.name).Add(f.typ())
			}
		}))
	}
}

// structType is a struct of the subject API.
type structType struct {
	name, doc string
	fields    []structField
}

// structField is one field of a structType.
type structField struct {
	name string
	typ  func() *jen.Statement
	doc  string
}

// subjectTypes are the value types the subject's methods exchange. JSON
// values cross the interface as json.RawMessage, so no SDK number type or map
// order leaks into the comparison.
func subjectTypes() []structType {
	strPtr := func() *jen.Statement { return jen.Op("*").String() }
	intPtr := func() *jen.Statement { return jen.Op("*").Int64() }
	return []structType{
		{decodeResultType, decodeResultType + " is the outcome of Decode.", []structField{
			{"Accepted", jen.Bool, "Accepted reports whether a consumer accepts the envelope."},
			{"Reason", jen.String, "Reason says why it was rejected."},
			{"Warnings", func() *jen.Statement { return jen.Index().String() }, "Warnings are the warnings decoding surfaced (forbidden keys name their JSON pointer)."},
			{"WarningsErr", jen.Error, "WarningsErr wraps " + errNotProvided + " when the implementation has no way to surface warnings at all."},
			{"View", func() *jen.Statement { return jen.Op("*").Id(viewType) }, "View is the decoded message; nil when there is none."},
		}},
		{viewType, viewType + " is the neutral view of a decoded message. A nil field is one the envelope does not carry.", []structField{
			{"URN", strPtr, "URN is the resolved URN (job, or its inbound alias urn)."},
			{"Data", rawJSON, "Data is the data member as JSON."},
			{"Attempts", intPtr, ""},
			{"Lang", strPtr, ""},
			{"SchemaVersion", intPtr, ""},
			{"TraceID", strPtr, ""},
			{"ID", strPtr, "ID is meta.id."},
			{"CreatedAt", intPtr, "CreatedAt is meta.created_at in Unix milliseconds."},
			{"Queue", strPtr, ""},
			{"DeadLetter", rawJSON, "DeadLetter is the dead_letter block as JSON, nil when absent."},
		}},
		{sqsAttributeType, sqsAttributeType + " is one SQS MessageAttributeValue.", []structField{
			{"DataType", jen.String, ""},
			{"StringValue", jen.String, ""},
		}},
		{asbMessageType, asbMessageType + " is the projected Service Bus message.", []structField{
			{"Subject", jen.String, ""},
			{"CorrelationID", jen.String, ""},
			{"MessageID", jen.String, ""},
			{"ContentType", jen.String, ""},
			{"ApplicationProperties", rawJSON, "ApplicationProperties is a JSON object of the native AMQP-typed values (numbers stay numbers)."},
		}},
		{artemisMessageType, artemisMessageType + " is the projected AMQP 1.0 message.", []structField{
			{"Annotations", rawJSON, "Annotations is a JSON object of the message annotations."},
			{"CorrelationID", jen.String, ""},
			{"CreationTime", jen.Int64, "CreationTime is in Unix milliseconds."},
			{"Properties", rawJSON, "Properties is a JSON object of the application properties."},
		}},
		{rabbitMQType, rabbitMQType + " is the projected AMQP 0-9-1 publishing.", []structField{
			{"Properties", stringMapType, "Properties are the basic properties by protocol name: type, correlation_id, message_id, app_id, content_type."},
			{"Headers", rawJSON, "Headers is a JSON object of the natively typed headers."},
		}},
		{deliveryType, deliveryType + " is one delivery of an idempotency replay.", []structField{
			{"MetaID", jen.String, "MetaID is the message's meta.id; empty means the message has none."},
			{"Outcome", jen.String, "Outcome is the handler's result if it runs: \"ok\" (or empty) or \"throw\"."},
			{"ForgetBefore", jen.Bool, "ForgetBefore evicts MetaID from the store before the delivery."},
		}},
	}
}
