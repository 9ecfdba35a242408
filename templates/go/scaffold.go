package gobackend

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// The SDK binding (BindSDK): conformance_subject_test.go, a scaffold subject
// for the real Go SDK (BabelQueue/babelqueue-go, facts in
// shared/sdk-api/go.md). It is written once and owned by the SDK afterwards,
// so it carries no DO NOT EDIT marker and uses only the generated subject API
// (never a support helper that a later suite could drop). It compiles
// against the 8f09695 snapshot (no Envelope.Warnings) and newer cores.

// The SDK's import paths.
const (
	sdkCore        = "github.com/babelqueue/babelqueue-go"
	sdkIdempotency = sdkCore + "/idempotency"
	sdkSchema      = sdkCore + "/schema"
	sdkPackage     = "babelqueue"
	sdkSubjectType = "sdkConformanceSubject"
)

// sdkTransportReasons says, for each operation the core module cannot
// provide, where its API lives instead. Every transport is its own module
// and keeps its projection and reconciliation unexported.
var sdkTransportReasons = map[string]string{
	"SQSAttributes":      transportReason("sqs", "attributes"),
	"SQSReconcile":       transportReason("sqs", "reconcileAttempts"),
	"ASBMessage":         transportReason("azureservicebus", "message"),
	"ASBReconcile":       transportReason("azureservicebus", "reconcileAttempts"),
	"PulsarProperties":   transportReason("pulsar", "properties"),
	"PulsarReconcile":    transportReason("pulsar", "reconcileAttempts"),
	"KafkaHeaders":       transportReason("kafka", "headers"),
	"KafkaReconcile":     transportReason("kafka", "reconcileAttempts"),
	"ArtemisMessage":     transportReason("artemis", "message"),
	"ArtemisReconcile":   transportReason("artemis", "reconcileAttempts"),
	"RabbitMQPublishing": transportReason("amqp", "Transport.publishing"),
	"RedisRoundtrip":     transportReason("redis", "frameValue") + "; Transport.Publish needs a live Redis",
}

func transportReason(module, function string) string {
	return fmt.Sprintf("%s is unexported in the separate module %s/%s; that module's own conformance test runs it", function, sdkCore, module)
}

// sdk is an identifier of the SDK's core package.
func sdk(name string) *jen.Statement { return jen.Qual(sdkCore, name) }

// genScaffold builds the scaffold subject file.
func genScaffold(v *view) *fileBuilder {
	b := &fileBuilder{path: scaffoldPath, file: newScaffoldFile(v.pkg)}
	b.file.HeaderComment(fmt.Sprintf("Scaffolded by bqgen from conformance suite %s.", v.version))
	b.file.HeaderComment("This file is yours: bqgen writes it only when it is absent, never over your edits.")
	b.decl(newSubjectFunc+" returns the subject the generated conformance tests run against: this SDK's core.",
		jen.Func().Id(newSubjectFunc).Params(tParam()).Id(subjectType).Block(tHelper(), jen.Return(jen.Id(sdkSubjectType).Values())))
	b.decl(sdkSubjectType+" maps each subject operation onto the babelqueue-go API. Broker projections and reconciliation live in the transport modules, unexported, so those operations are not provided here.",
		jen.Type().Id(sdkSubjectType).Struct())
	for _, op := range operations() {
		b.decl("", jen.Func().Params(jen.Id(sdkSubjectType)).Id(op.method).Add(op.signature()).Block(scaffoldBody(op)...))
	}
	emitScaffoldHelpers(b)
	return b
}

// newScaffoldFile starts the file in the external test package, where the
// core is imported as babelqueue (the path's last element is not the
// package name).
func newScaffoldFile(pkg string) *jen.File {
	f := jen.NewFile(pkg)
	f.ImportAlias(sdkCore, sdkPackage)
	f.ImportName(sdkIdempotency, "idempotency")
	f.ImportName(sdkSchema, "schema")
	return f
}

// scaffoldBody is the body of one scaffold method.
func scaffoldBody(op operation) []jen.Code {
	if reason, ok := sdkTransportReasons[op.method]; ok {
		return []jen.Code{jen.Return(op.zero(), jen.Id(notProvidedFunc).Call(jen.Lit(reason)))}
	}
	switch op.method {
	case "Decode":
		return scaffoldDecode()
	case "Reencode":
		return scaffoldReencode()
	case "Make":
		return scaffoldMake()
	case "IdempotencyKey":
		return scaffoldIdempotencyKey()
	case "IdempotencyReplay":
		return scaffoldIdempotencyReplay()
	case "ValidatePayload":
		return scaffoldValidatePayload()
	}
	return []jen.Code{jen.Return(op.zero(), jen.Id(notProvidedFunc).Call(jen.Lit("no babelqueue-go mapping for "+op.wire+" yet")))}
}

// ifErrReturn is `if err != nil { return zero, err }`.
func ifErrReturn(zero jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(zero, jen.Err()))
}

// decodeEnvelope is `env, err := babelqueue.Decode(envelope)`.
func decodeEnvelope() *jen.Statement {
	return jen.List(jen.Id("env"), jen.Err()).Op(":=").Add(sdk("Decode")).Call(jen.Id("envelope"))
}

func scaffoldDecode() []jen.Code {
	result := func(f string) *jen.Statement { return jen.Id("result").Dot(f) }
	return []jen.Code{
		decodeEnvelope(),
		jen.If(jen.Err().Op("!=").Nil()).Block(
			jen.Comment("Decode fails on malformed JSON and wrong JSON types (data [1,2]): a rejection."),
			jen.Return(jen.Id(decodeResultType).Values(jen.Id("Reason").Op(":").Err().Dot("Error").Call()), jen.Nil())),
		jen.Id("result").Op(":=").Id(decodeResultType).Values(jen.Id("Accepted").Op(":").Id("env").Dot("Accepts").Call()),
		jen.If(jen.Op("!").Add(result("Accepted"))).Block(result("Reason").Op("=").Lit("Envelope.Accepts() is false")),
		jen.List(result("Warnings"), result("WarningsErr")).Op("=").Id("sdkConformanceWarnings").Call(jen.Id("env")),
		jen.List(result("View"), jen.Err()).Op("=").Id("sdkConformanceView").Call(jen.Id("env")),
		jen.Return(jen.Id("result"), jen.Err()),
	}
}

func scaffoldReencode() []jen.Code {
	return []jen.Code{
		decodeEnvelope(),
		ifErrReturn(jen.Nil()),
		jen.If(jen.Op("!").Id("env").Dot("Accepts").Call()).Block(
			jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit("the envelope is not accepted")))),
		jen.Id("env").Dot("Attempts").Op("+=").Int().Parens(jen.Id("attemptsIncrement")),
		jen.Return(jen.Id("env").Dot("Encode").Call()),
	}
}

func scaffoldMake() []jen.Code {
	return []jen.Code{
		jen.Var().Id("payload").Map(jen.String()).Any(),
		jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("payload")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Err())),
		jen.List(jen.Id("env"), jen.Err()).Op(":=").Add(sdk("Make")).Call(jen.Id("urn"), jen.Id("payload"), sdk("WithQueue").Call(jen.Id("queue"))),
		ifErrReturn(jen.Nil()),
		jen.Return(jen.Id("env").Dot("Encode").Call()),
	}
}

func scaffoldIdempotencyKey() []jen.Code {
	return []jen.Code{
		decodeEnvelope(),
		ifErrReturn(jen.Lit("")),
		jen.Comment("The key is whatever the helper remembers after one successful delivery."),
		jen.Id("store").Op(":=").Op("&").Id("sdkConformanceRecordingStore").Values(
			jen.Id("Store").Op(":").Qual(sdkIdempotency, "NewInMemoryStore").Call()),
		jen.Id("handler").Op(":=").Qual(sdkIdempotency, "Wrap").Call(jen.Id("store"),
			jen.Func().Params(jen.Qual("context", "Context"), sdk("Envelope")).Error().Block(jen.Return(jen.Nil()))),
		jen.If(jen.Err().Op(":=").Id("handler").Call(jen.Qual("context", "Background").Call(), jen.Id("env")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Lit(""), jen.Err())),
		jen.If(jen.Len(jen.Id("store").Dot("remembered")).Op("!=").Lit(1)).Block(
			jen.Return(jen.Lit(""), jen.Qual("fmt", "Errorf").Call(jen.Lit("the helper remembered %d keys after one delivery, want 1"), jen.Len(jen.Id("store").Dot("remembered"))))),
		jen.Return(jen.Id("store").Dot("remembered").Index(jen.Lit(0)), jen.Nil()),
	}
}

func scaffoldIdempotencyReplay() []jen.Code {
	current := func() *jen.Statement { return jen.Id("deliveries").Index(jen.Id("current")) }
	return []jen.Code{
		jen.Id("ctx").Op(":=").Qual("context", "Background").Call(),
		jen.Id("store").Op(":=").Qual(sdkIdempotency, "NewInMemoryStore").Call(),
		jen.Id("invoked").Op(":=").Make(jen.Index().Bool(), jen.Len(jen.Id("deliveries"))),
		jen.Id("current").Op(":=").Lit(0),
		jen.Id("handler").Op(":=").Qual(sdkIdempotency, "Wrap").Call(jen.Id("store"),
			jen.Func().Params(jen.Qual("context", "Context"), sdk("Envelope")).Error().Block(
				jen.Id("invoked").Index(jen.Id("current")).Op("=").True(),
				jen.If(current().Dot("Outcome").Op("==").Lit("throw")).Block(jen.Return(jen.Id("errConformanceHandlerThrew"))),
				jen.Return(jen.Nil()),
			)),
		jen.For(jen.List(jen.Id("i"), jen.Id("d")).Op(":=").Range().Id("deliveries")).Block(
			jen.Id("current").Op("=").Id("i"),
			jen.If(jen.Id("d").Dot("ForgetBefore")).Block(
				jen.If(jen.Err().Op(":=").Id("store").Dot("Forget").Call(jen.Id("ctx"), jen.Id("d").Dot("MetaID")), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Nil(), jen.Err()))),
			jen.List(jen.Id("env"), jen.Err()).Op(":=").Add(sdk("Make")).Call(jen.Lit("urn:bqgen:conformance:replay"), jen.Nil()),
			ifErrReturn(jen.Nil()),
			jen.Id("env").Dot("Meta").Dot("ID").Op("=").Id("d").Dot("MetaID"),
			jen.If(jen.Err().Op(":=").Id("handler").Call(jen.Id("ctx"), jen.Id("env")),
				jen.Err().Op("!=").Nil().Op("&&").Op("!").Qual("errors", "Is").Call(jen.Err(), jen.Id("errConformanceHandlerThrew"))).Block(
				jen.Return(jen.Nil(), jen.Err())),
		),
		jen.Return(jen.Id("invoked"), jen.Nil()),
	}
}

func scaffoldValidatePayload() []jen.Code {
	return []jen.Code{
		jen.List(jen.Id("compiled"), jen.Err()).Op(":=").Qual(sdkSchema, "Parse").Call(jen.Id("payloadSchema")),
		ifErrReturn(jen.False()),
		jen.Var().Id("value").Any(),
		jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("value")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.False(), jen.Err())),
		jen.Comment("Validate lists the violations; none means valid."),
		jen.Return(jen.Len(jen.Id("compiled").Dot("Validate").Call(jen.Id("value"))).Op("==").Lit(0), jen.Nil()),
	}
}
