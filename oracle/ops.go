package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/babelqueue/bqgen/protocol"
)

// CapabilitiesResult is the result of capabilities: every operation this
// subject provides, in protocol order.
type CapabilitiesResult struct {
	Operations []string `json:"operations"`
}

// Capabilities lists the operations the oracle provides: all of them.
func (o *Oracle) Capabilities() CapabilitiesResult {
	ops := protocol.All()
	names := make([]string, len(ops))
	for i, op := range ops {
		names[i] = op.Name
	}
	return CapabilitiesResult{Operations: names}
}

// argKind is the JSON type an argument must have on the wire.
type argKind int

// The argument kinds of the wire.
const (
	kindString argKind = iota
	kindInt
	kindObject
	kindArray
	kindAny
	kindStringOrNull // null or absent: the native value is absent
	kindIntOrNull
	kindBool
)

// wireKinds is the wire kind of each protocol kind a parameter can have.
var wireKinds = map[protocol.Kind]argKind{
	protocol.Envelope: kindString, protocol.Text: kindString, protocol.Integer: kindInt,
	protocol.OptionalText: kindStringOrNull, protocol.OptionalInteger: kindIntOrNull,
	protocol.JSONObject: kindObject, protocol.JSONValue: kindAny, protocol.RecordList: kindArray,
	protocol.Boolean: kindBool, protocol.TextList: kindArray,
}

// argField declares one argument of an operation.
type argField struct {
	name string
	kind argKind
}

// opSpec is one operation of the protocol: its name, its arguments, and how
// to call it with raw (already shape-checked) arguments.
type opSpec struct {
	op     protocol.Operation
	name   string
	fields []argField
	call   func(o *Oracle, args json.RawMessage) (any, error)
}

// operation adapts a typed method to the protocol operation op: arguments
// are checked against op's parameters, then decoded into A (unknown nested
// keys are rejected).
func operation[A, R any](op protocol.Operation, method func(*Oracle, A) (R, error)) opSpec {
	fields := make([]argField, len(op.Params))
	for i, p := range op.Params {
		kind, ok := wireKinds[p.Type.Kind]
		if !ok {
			panic(fmt.Sprintf("oracle: %s.%s has kind %d, which has no wire kind", op.Name, p.Name, p.Type.Kind))
		}
		fields[i] = argField{p.Name, kind}
	}
	if op.OwnLang {
		fields = append(fields, argField{protocol.OwnLangArg, kindStringOrNull})
	}
	return opSpec{op: op, name: op.Name, fields: fields, call: func(o *Oracle, raw json.RawMessage) (any, error) {
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

// operations binds every operation of the protocol to its implementation,
// in protocol order. A test checks that it covers protocol.All exactly.
func operations() []opSpec {
	return []opSpec{
		operation(protocol.Capabilities, func(o *Oracle, _ struct{}) (CapabilitiesResult, error) { return o.Capabilities(), nil }),
		operation(protocol.Decode, (*Oracle).Decode),
		operation(protocol.Reencode, (*Oracle).Reencode),
		operation(protocol.Make, (*Oracle).Make),
		operation(protocol.SQSAttributes, (*Oracle).SQSAttributes),
		operation(protocol.SQSReconcile, (*Oracle).SQSReconcile),
		operation(protocol.ASBMessage, (*Oracle).ASBMessage),
		operation(protocol.ASBReconcile, (*Oracle).ASBReconcile),
		operation(protocol.PulsarProperties, (*Oracle).PulsarProperties),
		operation(protocol.PulsarReconcile, (*Oracle).PulsarReconcile),
		operation(protocol.KafkaHeaders, (*Oracle).KafkaHeaders),
		operation(protocol.KafkaReconcile, (*Oracle).KafkaReconcile),
		operation(protocol.ArtemisMessage, (*Oracle).ArtemisMessage),
		operation(protocol.ArtemisReconcile, (*Oracle).ArtemisReconcile),
		operation(protocol.RabbitMQPublishing, (*Oracle).RabbitMQPublishing),
		operation(protocol.RedisRoundtrip, (*Oracle).RedisRoundtrip),
		operation(protocol.IdempotencyKey, (*Oracle).IdempotencyKey),
		operation(protocol.IdempotencyReplay, (*Oracle).IdempotencyReplay),
		operation(protocol.ValidatePayload, (*Oracle).ValidatePayload),
		operation(protocol.SQSSchemaVersionGate, (*Oracle).SQSSchemaVersionGate),
		operation(protocol.ASBSchemaVersionGate, (*Oracle).ASBSchemaVersionGate),
		operation(protocol.PulsarSchemaVersionGate, (*Oracle).PulsarSchemaVersionGate),
		operation(protocol.KafkaSchemaVersionGate, (*Oracle).KafkaSchemaVersionGate),
		operation(protocol.ArtemisSchemaVersionGate, (*Oracle).ArtemisSchemaVersionGate),
		operation(protocol.Settle, (*Oracle).Settle),
		operation(protocol.ReadMessage, (*Oracle).ReadMessage),
		operation(protocol.WriteMessages, (*Oracle).WriteMessages),
		operation(protocol.NewMessage, (*Oracle).NewMessage),
		operation(protocol.DeadLetter, (*Oracle).DeadLetter),
		operation(protocol.IdempotencyRaised, (*Oracle).IdempotencyRaised),
		operation(protocol.RedisProduce, (*Oracle).RedisProduce),
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
	case kindBool:
		return string(raw) == "true" || string(raw) == "false"
	}
	return true // kindAny
}

// kindName describes a kind for error messages.
func kindName(k argKind) string {
	return [...]string{"a string", "an integer", "an object", "an array", "any JSON value", "a string or null", "an integer or null", "a boolean"}[k]
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
