package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// CapabilitiesResult is the result of capabilities: every operation this
// subject provides, in protocol order.
type CapabilitiesResult struct {
	Operations []string `json:"operations"`
}

// Capabilities lists the operations the oracle provides: all of them.
func (o *Oracle) Capabilities() CapabilitiesResult {
	ops := operations()
	names := make([]string, len(ops))
	for i, op := range ops {
		names[i] = op.name
	}
	return CapabilitiesResult{Operations: names}
}

// argKind is the JSON type an argument must have on the wire.
type argKind int

// The argument kinds of the protocol.
const (
	kindString argKind = iota
	kindInt
	kindObject
	kindArray
	kindAny
	kindStringOrNull // null or absent: the native value is absent
	kindIntOrNull
)

// argField declares one argument of an operation.
type argField struct {
	name string
	kind argKind
}

// opSpec is one operation of the protocol: its name, its arguments, and how
// to call it with raw (already shape-checked) arguments.
type opSpec struct {
	name   string
	fields []argField
	call   func(o *Oracle, args json.RawMessage) (any, error)
}

// operation adapts a typed method to an opSpec: arguments are checked against
// fields, then decoded into A (unknown nested keys are rejected).
func operation[A, R any](name string, fields []argField, method func(*Oracle, A) (R, error)) opSpec {
	return opSpec{name: name, fields: fields, call: func(o *Oracle, raw json.RawMessage) (any, error) {
		var args A
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&args); err != nil {
			return nil, badArg(decodeErrorField(err, fields), "%v", err)
		}
		return method(o, args)
	}}
}

// decodeErrorField names the argument a typed decode error is about. After
// checkArgs only nested values can fail (a delivery's fields), so when the
// error carries no path the first declared argument is the one to blame.
func decodeErrorField(err error, fields []argField) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	if len(fields) == 0 {
		return "(args)"
	}
	return fields[0].name
}

// operations is the protocol's operation table, in protocol order.
func operations() []opSpec {
	env := []argField{{"envelope", kindString}}
	return []opSpec{
		operation("capabilities", nil, func(o *Oracle, _ struct{}) (CapabilitiesResult, error) { return o.Capabilities(), nil }),
		operation("decode", env, (*Oracle).Decode),
		operation("reencode", []argField{{"envelope", kindString}, {"attempts_increment", kindInt}}, (*Oracle).Reencode),
		operation("make", []argField{{"urn", kindString}, {"queue", kindString}, {"data", kindObject}}, (*Oracle).Make),
		operation("sqs_attributes", env, (*Oracle).SQSAttributes),
		operation("sqs_reconcile", []argField{{"body_attempts", kindInt}, {"approximate_receive_count", kindStringOrNull}}, (*Oracle).SQSReconcile),
		operation("asb_message", env, (*Oracle).ASBMessage),
		operation("asb_reconcile", []argField{{"body_attempts", kindInt}, {"delivery_count", kindInt}}, (*Oracle).ASBReconcile),
		operation("pulsar_properties", env, (*Oracle).PulsarProperties),
		operation("pulsar_reconcile", []argField{{"body_attempts", kindInt}, {"redelivery_count", kindInt}}, (*Oracle).PulsarReconcile),
		operation("kafka_headers", env, (*Oracle).KafkaHeaders),
		operation("kafka_reconcile", []argField{{"body_attempts", kindInt}, {"header_attempts", kindIntOrNull}}, (*Oracle).KafkaReconcile),
		operation("artemis_message", env, (*Oracle).ArtemisMessage),
		operation("artemis_reconcile", []argField{{"body_attempts", kindInt}, {"delivery_count", kindInt}}, (*Oracle).ArtemisReconcile),
		operation("rabbitmq_publishing", env, (*Oracle).RabbitMQPublishing),
		operation("redis_roundtrip", env, (*Oracle).RedisRoundtrip),
		operation("idempotency_key", env, (*Oracle).IdempotencyKey),
		operation("idempotency_replay", []argField{{"deliveries", kindArray}}, (*Oracle).IdempotencyReplay),
		operation("validate_payload", []argField{{"schema", kindObject}, {"data", kindAny}}, (*Oracle).ValidatePayload),
	}
}

// checkArgs verifies that args holds exactly the declared fields with the
// declared JSON types. Nullable fields may be absent; all others are required.
func checkArgs(args map[string]json.RawMessage, fields []argField) error {
	declared := map[string]bool{}
	for _, f := range fields {
		declared[f.name] = true
		raw, present := args[f.name]
		if !present {
			if f.kind == kindStringOrNull || f.kind == kindIntOrNull {
				continue
			}
			return badArg(f.name, "missing")
		}
		if !hasKind(raw, f.kind) {
			return badArg(f.name, "must be %s", kindName(f.kind))
		}
	}
	for _, key := range sortedKeys(args) {
		if !declared[key] {
			return badArg(key, "unknown argument")
		}
	}
	return nil
}

// hasKind reports whether the JSON value raw is of kind k.
func hasKind(raw json.RawMessage, k argKind) bool {
	isNull := string(raw) == "null"
	switch k {
	case kindString:
		_, ok := asString(raw)
		return ok
	case kindInt:
		_, ok := asInt(raw)
		return ok
	case kindObject:
		return isObject(raw)
	case kindArray:
		return len(raw) > 0 && raw[0] == '['
	case kindStringOrNull:
		return isNull || hasKind(raw, kindString)
	case kindIntOrNull:
		return isNull || hasKind(raw, kindInt)
	}
	return true // kindAny
}

// kindName describes a kind for error messages.
func kindName(k argKind) string {
	return [...]string{"a string", "an integer", "an object", "an array", "any JSON value", "a string or null", "an integer or null"}[k]
}

// operationsByName indexes the operation table once.
var operationsByName = sync.OnceValue(func() map[string]opSpec {
	byName := map[string]opSpec{}
	for _, op := range operations() {
		byName[op.name] = op
	}
	return byName
})

// findOperation returns the operation named name.
func findOperation(name string) (opSpec, bool) {
	op, ok := operationsByName()[name]
	return op, ok
}

// unknownOpError is the message of an unknown_op response.
func unknownOpError(name string) string {
	return fmt.Sprintf("unknown operation %q", name)
}
