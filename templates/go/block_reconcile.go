package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// reconcileOp is how one broker's attempts_reconciliation reaches the
// subject: the method, its protocol name, and how the case's native count
// becomes the method's second argument.
type reconcileOp struct {
	method, wire string
	native       func(model.Value) (jen.Code, error)
}

var (
	sqsReconcile     = reconcileOp{"SQSReconcile", "sqs_reconcile", optionalString}
	asbReconcile     = reconcileOp{"ASBReconcile", "asb_reconcile", requiredInt}
	pulsarReconcile  = reconcileOp{"PulsarReconcile", "pulsar_reconcile", requiredInt}
	kafkaReconcile   = reconcileOp{"KafkaReconcile", "kafka_reconcile", optionalInt}
	artemisReconcile = reconcileOp{"ArtemisReconcile", "artemis_reconcile", requiredInt}
)

// emitReconciliation adds one test with a subtest per reconciliation case:
// reconcile(body_attempts, native count) == expected_attempts.
func emitReconciliation(b *fileBuilder, block string, rec *model.Reconciliation, op reconcileOp) error {
	if rec == nil {
		return nil
	}
	runs := make([]jen.Code, len(rec.Cases))
	for i, c := range rec.Cases {
		native, err := op.native(c.Native)
		if err != nil {
			return locationError(model.Location{File: c.At.File, Pointer: c.At.Pointer.Child(rec.NativeKey)}, err)
		}
		runs[i] = subtest(c.Name,
			callOp(op.method, intLit(c.BodyAttempts), native),
			requireOK(op.wire),
			expectEqual("attempts", jen.Id("got"), intLit(c.ExpectedAttempts)),
		)
	}
	name := testName(block, "attempts_reconciliation")
	b.decl(name+" runs "+block+".attempts_reconciliation: the attempts a consumer sees after reconciling the body's count with the broker's.",
		testFunc(name, runs...))
	return nil
}

// optionalString is an SQS count: a string, or null for an absent attribute.
func optionalString(v model.Value) (jen.Code, error) {
	switch v.Kind {
	case model.Null:
		return jen.Nil(), nil
	case model.String:
		return jen.Id("conformancePtr").Call(jen.Lit(v.Text)), nil
	}
	return nil, fmt.Errorf("must be a string or null, not %s", v.Kind)
}

// optionalInt is a Kafka header count: an integer, or null for an absent
// header. The int64 conversion jen writes makes conformancePtr a *int64.
func optionalInt(v model.Value) (jen.Code, error) {
	if v.Kind == model.Null {
		return jen.Nil(), nil
	}
	n, ok := v.Int64()
	if !ok {
		return nil, fmt.Errorf("must be an integer or null, not %s", v.Compact())
	}
	return jen.Id("conformancePtr").Call(jen.Lit(n)), nil
}

// requiredInt is a count that is always present.
func requiredInt(v model.Value) (jen.Code, error) {
	n, ok := v.Int64()
	if !ok {
		return nil, fmt.Errorf("must be an integer, not %s", v.Compact())
	}
	return intLit(n), nil
}
