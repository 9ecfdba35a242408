package gobackend

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/dave/jennifer/jen"
)

// The oracle binding (BindOracle): a subject that calls the oracle package,
// copied into the verify module, directly. Each method maps its parameters
// onto the oracle's protocol structs and the result back onto the subject's
// types; JSON-valued results are marshalled, so they cross the interface as
// JSON exactly as they would over `bqgen oracle serve`.

const (
	oracleImport      = verifyModuleName + "/" + oraclePackageDir
	oracleSubjectType = "oracleConformanceSubject"
)

// oq is an identifier of the copied oracle package.
func oq(name string) *jen.Statement { return jen.Qual(oracleImport, name) }

// genOracleSubject builds conformance_oracle_subject_gen_test.go.
func genOracleSubject(v *view) *fileBuilder {
	b := v.newGenerated(oracleSubjectPath)
	b.file.ImportName(oracleImport, "oracle")
	b.decl("conformanceOracle is the oracle the tests run against, with the fault named by "+backend.EnvOracleFault+" switched on (none when empty); the variable is read once, at first use.",
		jen.Var().Id("conformanceOracle").Op("=").Qual("sync", "OnceValues").Call(
			jen.Func().Params().Params(jen.Op("*").Add(oq("Oracle")), jen.Error()).Block(
				jen.Return(oq("New").Call(oq("Fault").Call(jen.Qual("os", "Getenv").Call(jen.Lit(backend.EnvOracleFault))))))))
	b.decl(newSubjectFunc+" returns the oracle subject; an unknown fault name stops the test.",
		jen.Func().Id(newSubjectFunc).Params(tParam()).Id(subjectType).Block(
			tHelper(),
			jen.List(jen.Id("o"), jen.Err()).Op(":=").Id("conformanceOracle").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(tDo("Fatalf", jen.Lit("start the oracle: %v"), jen.Err())),
			jen.Return(jen.Id(oracleSubjectType).Values(jen.Id("oracle").Op(":").Id("o"))),
		))
	b.decl(oracleSubjectType+" is the "+subjectType+" of the oracle.",
		jen.Type().Id(oracleSubjectType).Struct(jen.Id("oracle").Op("*").Add(oq("Oracle"))))
	for _, op := range operations() {
		b.decl("", jen.Func().Params(jen.Id("s").Id(oracleSubjectType)).Id(op.method).Add(op.signature()).Block(oracleMethodBody(op)...))
	}
	b.decl("conformanceMarshal renders an oracle result value as the JSON the protocol would carry.",
		jen.Func().Id("conformanceMarshal").Params(jen.Id("value").Any(), jen.Id("err").Op("*").Error()).Add(rawJSON()).Block(
			jen.List(jen.Id("raw"), jen.Id("marshalErr")).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("value")),
			jen.If(jen.Op("*").Id("err").Op("==").Nil()).Block(jen.Op("*").Id("err").Op("=").Id("marshalErr")),
			jen.Return(jen.Id("raw")),
		))
	return b
}

// oracleCall is `result, err := s.oracle.Method(oracle.Args{fields})`.
func oracleCall(method, argsType string, fields ...field) *jen.Statement {
	return jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("s").Dot("oracle").Dot(method).Call(inline(oq(argsType), fields...))
}

// envelopeArgs are the fields of oracle.EnvelopeArgs.
func envelopeArgs() []field {
	return []field{named("Envelope", jen.String().Parens(jen.Id("envelope")))}
}

// oracleMethodBody is the body of one oracle subject method.
func oracleMethodBody(op operation) []jen.Code {
	result := func(f string) *jen.Statement { return jen.Id("result").Dot(f) }
	simple := func(argsType string, ret jen.Code, fields ...field) []jen.Code {
		return []jen.Code{oracleCall(op.method, argsType, fields...), jen.Return(ret, jen.Err())}
	}
	reconcile := func(argsType, native, param string) []jen.Code {
		return simple(argsType, result("Attempts"), named("BodyAttempts", jen.Id("bodyAttempts")), named(native, jen.Id(param)))
	}
	switch op.method {
	case "Decode":
		return oracleDecodeBody()
	case "Reencode":
		return simple("ReencodeArgs", jen.Index().Byte().Parens(result("Encoded")),
			named("Envelope", jen.String().Parens(jen.Id("envelope"))), named("AttemptsIncrement", jen.Id("attemptsIncrement")))
	case "Make":
		return simple("MakeArgs", jen.Index().Byte().Parens(result("Encoded")),
			named("URN", jen.Id("urn")), named("Queue", jen.Id("queue")), named("Data", jen.Id("data")))
	case "SQSAttributes":
		return oracleSQSAttributesBody()
	case "SQSReconcile":
		return reconcile("SQSReconcileArgs", "ApproximateReceiveCount", "approximateReceiveCount")
	case "ASBMessage":
		return oracleMarshalBody(op.method, asbMessageType, []string{"Subject", "CorrelationID", "MessageID", "ContentType"}, []string{"ApplicationProperties"})
	case "ASBReconcile":
		return reconcile("ASBReconcileArgs", "DeliveryCount", "deliveryCount")
	case "PulsarProperties":
		return simple("EnvelopeArgs", result("Properties"), envelopeArgs()...)
	case "PulsarReconcile":
		return reconcile("PulsarReconcileArgs", "RedeliveryCount", "redeliveryCount")
	case "KafkaHeaders":
		return simple("EnvelopeArgs", result("Headers"), envelopeArgs()...)
	case "KafkaReconcile":
		return reconcile("KafkaReconcileArgs", "HeaderAttempts", "headerAttempts")
	case "ArtemisMessage":
		return oracleMarshalBody(op.method, artemisMessageType, []string{"CorrelationID", "CreationTime"}, []string{"Annotations", "Properties"})
	case "ArtemisReconcile":
		return reconcile("ArtemisReconcileArgs", "DeliveryCount", "deliveryCount")
	case "RabbitMQPublishing":
		return oracleRabbitMQBody()
	case "RedisRoundtrip":
		return simple("EnvelopeArgs", jen.Index().Byte().Parens(result("Element")), envelopeArgs()...)
	case "IdempotencyKey":
		return simple("EnvelopeArgs", result("Key"), envelopeArgs()...)
	case "IdempotencyReplay":
		return oracleReplayBody()
	case "ValidatePayload":
		return simple("ValidatePayloadArgs", result("Valid"), named("Schema", jen.Id("payloadSchema")), named("Data", jen.Id("data")))
	}
	// An operation added to the table without an oracle mapping: the oracle
	// subject says so instead of the generated module failing to compile.
	return []jen.Code{jen.Return(op.zero(), jen.Id(notProvidedFunc).Call(jen.Lit("bqgen has no oracle mapping for "+op.wire)))}
}

// oracleDecodeBody copies the decode result and its view field by field; the
// view's fields have the same names on both sides.
func oracleDecodeBody() []jen.Code {
	var viewFields []field
	for _, t := range subjectTypes() {
		if t.name == viewType {
			for _, f := range t.fields {
				viewFields = append(viewFields, named(f.name, jen.Id("v").Dot(f.name)))
			}
		}
	}
	return []jen.Code{
		oracleCall("Decode", "EnvelopeArgs", envelopeArgs()...),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(decodeResultType).Values(), jen.Err())),
		jen.Id("decoded").Op(":=").Add(composite(jen.Id(decodeResultType),
			named("Accepted", jen.Id("result").Dot("Accepted")),
			named("Reason", jen.Id("result").Dot("Reason")),
			named("Warnings", jen.Id("result").Dot("Warnings")))),
		jen.If(jen.Id("v").Op(":=").Id("result").Dot("View"), jen.Id("v").Op("!=").Nil()).Block(
			jen.Id("decoded").Dot("View").Op("=").Op("&").Add(composite(jen.Id(viewType), viewFields...))),
		jen.Return(jen.Id("decoded"), jen.Nil()),
	}
}

// oracleSQSAttributesBody converts the oracle's attribute structs.
func oracleSQSAttributesBody() []jen.Code {
	return []jen.Code{
		oracleCall("SQSAttributes", "EnvelopeArgs", envelopeArgs()...),
		jen.Id("attributes").Op(":=").Map(jen.String()).Id(sqsAttributeType).Values(),
		jen.For(jen.List(jen.Id("name"), jen.Id("a")).Op(":=").Range().Id("result").Dot("Attributes")).Block(
			jen.Id("attributes").Index(jen.Id("name")).Op("=").Id(sqsAttributeType).Values(
				jen.Id("DataType").Op(":").Id("a").Dot("DataType"), jen.Id("StringValue").Op(":").Id("a").Dot("StringValue"))),
		jen.Return(jen.Id("attributes"), jen.Err()),
	}
}

// oracleMarshalBody copies the plain fields of a message result and
// marshals its JSON-valued ones.
func oracleMarshalBody(method, resultType string, plain, marshalled []string) []jen.Code {
	var fields []field
	for _, f := range plain {
		fields = append(fields, named(f, jen.Id("result").Dot(f)))
	}
	for _, f := range marshalled {
		fields = append(fields, named(f, jen.Id("conformanceMarshal").Call(jen.Id("result").Dot(f), jen.Op("&").Err())))
	}
	return []jen.Code{
		oracleCall(method, "EnvelopeArgs", envelopeArgs()...),
		jen.Id("message").Op(":=").Add(composite(jen.Id(resultType), fields...)),
		jen.Return(jen.Id("message"), jen.Err()),
	}
}

// oracleRabbitMQBody turns the oracle's property struct into the protocol's
// name → value map.
func oracleRabbitMQBody() []jen.Code {
	p := func(f string) *jen.Statement { return jen.Id("result").Dot("Properties").Dot(f) }
	return []jen.Code{
		oracleCall("RabbitMQPublishing", "EnvelopeArgs", envelopeArgs()...),
		jen.Id("publishing").Op(":=").Add(composite(jen.Id(rabbitMQType),
			named("Properties", composite(jen.Map(jen.String()).String(),
				keyed("type", p("Type")),
				keyed("correlation_id", p("CorrelationID")),
				keyed("message_id", p("MessageID")),
				keyed("app_id", p("AppID")),
				keyed("content_type", p("ContentType")))),
			named("Headers", jen.Id("conformanceMarshal").Call(jen.Id("result").Dot("Headers"), jen.Op("&").Err())))),
		jen.Return(jen.Id("publishing"), jen.Err()),
	}
}

// oracleReplayBody converts the deliveries to the oracle's.
func oracleReplayBody() []jen.Code {
	d := func(f string) *jen.Statement { return jen.Id("d").Dot(f) }
	return []jen.Code{
		jen.Id("converted").Op(":=").Make(jen.Index().Add(oq("Delivery")), jen.Len(jen.Id("deliveries"))),
		jen.For(jen.List(jen.Id("i"), jen.Id("d")).Op(":=").Range().Id("deliveries")).Block(
			jen.Id("converted").Index(jen.Id("i")).Op("=").Add(inline(oq("Delivery"),
				named("MetaID", d("MetaID")), named("Outcome", d("Outcome")), named("ForgetBefore", d("ForgetBefore"))))),
		oracleCall("IdempotencyReplay", "IdempotencyReplayArgs", named("Deliveries", jen.Id("converted"))),
		jen.Return(jen.Id("result").Dot("Invoked"), jen.Err()),
	}
}
