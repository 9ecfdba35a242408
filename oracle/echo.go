package oracle

import (
	"encoding/json"

	"github.com/babelqueue/bqgen/protocol"
)

// The echo subjects: instead of implementing an operation, answer with its
// input envelope where the result is an envelope, and with a constant of the
// result's type everywhere else, as a scaffold mapping that cannot fail
// would (identity, a constant, the input read back). They are run like
// mutants: every generated test must fail against at least one of the two,
// or it could not catch such a mapping.
const (
	faultEchoSubject            Fault = "echo-subject"
	faultEchoSubjectAffirmative Fault = "echo-subject-affirmative"
)

// isEcho reports whether o is one of the echo subjects.
func (o *Oracle) isEcho() bool {
	return o.has(faultEchoSubject) || o.has(faultEchoSubjectAffirmative)
}

// isEchoFault reports whether f names an echo subject.
func isEchoFault(f Fault) bool { return f == faultEchoSubject || f == faultEchoSubjectAffirmative }

// echo answers op as an echo subject: args' envelope for an envelope
// result, else the zero constant (echo-subject) or an affirmative one (true,
// 1, "x", one item) of the result's type.
func (o *Oracle) echo(op protocol.Operation, args map[string]json.RawMessage) any {
	var envelope string
	if raw, ok := args["envelope"]; ok {
		envelope, _ = asString(raw)
	}
	e := echoer{affirmative: o.has(faultEchoSubjectAffirmative), envelope: envelope}
	if op.Result.Member == "" {
		return e.value(op.Result.Type)
	}
	return map[string]any{op.Result.Member: e.value(op.Result.Type)}
}

type echoer struct {
	affirmative bool
	envelope    string
}

// value is the constant of type t.
func (e echoer) value(t protocol.Type) any {
	switch t.Kind {
	case protocol.Envelope:
		return e.envelope
	case protocol.Text:
		return e.pick("", "x")
	case protocol.Integer:
		return e.pick(0, 1)
	case protocol.Boolean:
		return e.affirmative
	case protocol.OptionalText:
		return e.pick(nil, "x")
	case protocol.OptionalInteger:
		return e.pick(nil, 1)
	case protocol.JSONObject:
		return map[string]any{}
	case protocol.JSONValue:
		return e.pick(nil, map[string]any{})
	case protocol.TextList:
		return e.pick([]any{}, []any{"x"})
	case protocol.BooleanList:
		return e.pick([]any{}, []any{true})
	case protocol.TextMap, protocol.RecordMap:
		return map[string]any{}
	case protocol.RecordList:
		return []any{}
	case protocol.OptionalRecord:
		if !e.affirmative {
			return nil
		}
	}
	return e.record(t.Record)
}

// record is a record of constants, every field present.
func (e echoer) record(name string) any {
	r, _ := protocol.LookupRecord(name)
	out := map[string]any{}
	for _, f := range r.Fields {
		out[f.Name] = e.value(f.Type)
	}
	return out
}

func (e echoer) pick(zero, affirmative any) any {
	if e.affirmative {
		return affirmative
	}
	return zero
}
