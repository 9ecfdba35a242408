package oracle

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// producerProbes holds, per producer and idempotency-error fault, an
// observation of what the oracle writes that the fault must change. Each
// observation is a fact the spec fixes (a kept trace id, a millisecond
// clock), never a random value.
func producerProbes() map[Fault]probe {
	str := func(s string) *string { return &s }
	made := func(trace *string, observe func(env map[string]any, trace string) string) func(*testing.T, *Oracle) string {
		return func(t *testing.T, o *Oracle) string {
			env := produced(t, o, NewMessageArgs{URN: "urn:babel:orders:created", Queue: "orders", Data: json.RawMessage(`{"order_id":1}`), TraceID: trace, Lang: str("python")})
			return observe(env, stringAt(env, "trace_id"))
		}
	}
	meta := func(key string) func(map[string]any, string) string {
		return func(env map[string]any, _ string) string { return toJSONText(env["meta"].(map[string]any)[key]) }
	}
	lettered := func(errText *string, observe func(env map[string]any) string) func(*testing.T, *Oracle) string {
		return func(t *testing.T, o *Oracle) string {
			r, err := o.DeadLetter(DeadLetterArgs{Envelope: envelopeJSON, Reason: "poison", OriginalQueue: "orders-priority", Error: errText})
			if err != nil {
				return err.Error()
			}
			var env map[string]any
			if err := json.Unmarshal([]byte(r.Encoded), &env); err != nil {
				t.Fatal(err)
			}
			return observe(env)
		}
	}
	block := func(key string) func(map[string]any) string {
		return func(env map[string]any) string { return toJSONText(env["dead_letter"].(map[string]any)[key]) }
	}
	return map[Fault]probe{
		faultProduceAttemptsOne:     {"0", made(nil, func(env map[string]any, _ string) string { return toJSONText(env["attempts"]) })},
		faultProduceAttemptsOmitted: {"0", made(nil, func(env map[string]any, _ string) string { return toJSONText(env["attempts"]) })},
		faultProduceLangWrongTag:    {`"python"`, made(nil, meta("lang"))},
		faultProduceCreatedAtSeconds: {"ms", made(nil, func(env map[string]any, _ string) string {
			return clockUnit(env["meta"].(map[string]any)["created_at"])
		})},
		faultProduceBlankTraceIDKept:     {"fresh", made(str("  "), freshTrace)},
		faultProduceEmptyTraceIDKept:     {"fresh", made(str(""), freshTrace)},
		faultProduceGivenTraceIDReplaced: {"kept", made(str("7b3f9c2a-e41d-4f88-9b2a-1c0d5e6f7a8b"), keptTrace)},
		faultProduceMetaIDIsTraceID: {"distinct", made(nil, func(env map[string]any, trace string) string {
			return distinct(stringAt(env["meta"].(map[string]any), "id"), trace)
		})},
		faultProduceIDsNotUUID: {"uuid uuid", made(nil, func(env map[string]any, trace string) string {
			return uuidShape(trace) + " " + uuidShape(stringAt(env["meta"].(map[string]any), "id"))
		})},
		faultProduceSchemaVersionString:   {"1", made(nil, meta("schema_version"))},
		faultProduceQueueIgnored:          {`"orders"`, made(nil, meta("queue"))},
		faultDeadLetterFailedAtSeconds:    {"ms", lettered(nil, func(env map[string]any) string { return clockUnit(env["dead_letter"].(map[string]any)["failed_at"]) })},
		faultDeadLetterReasonAlwaysFailed: {`"poison"`, lettered(nil, block("reason"))},
		faultDeadLetterQueueFromMeta:      {`"orders-priority"`, lettered(nil, block("original_queue"))},
		faultDeadLetterAttemptsZero:       {"2", lettered(nil, block("attempts"))},
		faultDeadLetterErrorDropped:       {`"gateway timeout"`, lettered(str("gateway timeout"), block("error"))},
		faultDeadLetterResetsAttempts:     {"2", lettered(nil, func(env map[string]any) string { return toJSONText(env["attempts"]) })},
		faultDeadLetterReplacesTraceID:    {`"11111111-2222-4333-8444-555555555555"`, lettered(nil, func(env map[string]any) string { return toJSONText(env["trace_id"]) })},
		faultSQSProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.SQSAttributes(a)
			return r.Attributes["bq-source-lang"].StringValue, err
		})},
		faultASBProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.ASBMessage(a)
			return r.ApplicationProperties["bq-source-lang"], err
		})},
		faultPulsarProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.PulsarProperties(a)
			return r.Properties["bq-source-lang"], err
		})},
		faultKafkaProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.KafkaHeaders(a)
			return r.Headers["bq-source-lang"], err
		})},
		faultArtemisProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.ArtemisMessage(a)
			return r.Properties["bq_source_lang"], err
		})},
		faultRabbitMQProjectsOwnLang: {"java", projectedLang(func(o *Oracle, a ProjectionArgs) (any, error) {
			r, err := o.RabbitMQPublishing(a)
			return r.Headers["x-source-lang"], err
		})},
		faultRedisProduceFramed:            {"element is the envelope", redisProduceProbe},
		faultRedisProduceReserialised:      {"element is the envelope", redisProduceProbe},
		faultPayloadNumberAcceptsBoolean:   {"false", validProbe(`{"type":"number"}`, `true`)},
		faultPayloadIntegerAcceptsFraction: {"false", validProbe(`{"type":"integer"}`, `3.5`)},
		faultPayloadClosedByDefault:        {"true", validProbe(`{"properties":{"a":{"type":"string"}}}`, `{"a":"x","b":1}`)},
		faultHelperSwallowsError:           {"[true,false]", raisedProbe(d("A", "throw", false), d("A", "ok", false))},
		faultSkipRaises:                    {"[false,false]", raisedProbe(d("A", "ok", false), d("A", "", false))},
	}
}

// projectedLang observes the source lang a projection writes for a Java
// envelope when the oracle answers for Python.
func projectedLang(project func(*Oracle, ProjectionArgs) (any, error)) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		python := "python"
		lang, err := project(o, ProjectionArgs{Envelope: envelopeJSON, Lang: &python})
		return fmt.Sprint(lang) + errText(err)
	}
}

// produced is the envelope produce writes, parsed.
func produced(t *testing.T, o *Oracle, a NewMessageArgs) map[string]any {
	t.Helper()
	r, err := o.NewMessage(a)
	if err != nil {
		t.Fatalf("new_message: %v", err)
	}
	var env map[string]any
	if err := json.Unmarshal([]byte(r.Encoded), &env); err != nil {
		t.Fatalf("new_message wrote %s: %v", r.Encoded, err)
	}
	return env
}

func stringAt(obj map[string]any, key string) string { s, _ := obj[key].(string); return s }

func toJSONText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// clockUnit says whether a time is Unix milliseconds of today's clock.
func clockUnit(v any) string {
	n, _ := v.(float64)
	now := float64(time.Now().UnixMilli())
	if n > now-3.6e6 && n <= now {
		return "ms"
	}
	return "not ms: " + toJSONText(v)
}

func freshTrace(_ map[string]any, trace string) string {
	if uuidShape(trace) == "uuid" {
		return "fresh"
	}
	return "kept " + trace
}

func keptTrace(_ map[string]any, trace string) string {
	if trace == "7b3f9c2a-e41d-4f88-9b2a-1c0d5e6f7a8b" {
		return "kept"
	}
	return "replaced"
}

func distinct(a, b string) string {
	if a != b && a != "" {
		return "distinct"
	}
	return "same"
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func uuidShape(s string) string {
	if uuidPattern.MatchString(s) {
		return "uuid"
	}
	return "not a uuid: " + strings.TrimSpace(s)
}

// raisedProbe observes which deliveries' calls gave the error back.
func raisedProbe(ds ...Delivery) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		res, err := o.IdempotencyRaised(IdempotencyReplayArgs{Deliveries: ds})
		return toJSON(t, res.Raised) + errText(err)
	}
}

// TestProduceFollowsTheSchema checks what produce writes against the
// envelope schema's prose, clause by clause.
func TestProduceFollowsTheSchema(t *testing.T) {
	t.Parallel()
	o := correct(t)
	before := time.Now().UnixMilli()
	env := produced(t, o, NewMessageArgs{URN: "urn:babel:orders:created", Queue: "orders", Data: json.RawMessage(`{}`)})
	after := time.Now().UnixMilli()
	meta := env["meta"].(map[string]any)
	if got := toJSONText(env["attempts"]); got != "0" {
		t.Errorf("attempts = %s, want 0", got)
	}
	if meta["lang"] != "go" || meta["schema_version"] != 1.0 || meta["queue"] != "orders" {
		t.Errorf("meta = %v, want lang go, schema_version 1, queue orders", meta)
	}
	if at := meta["created_at"].(float64); at < float64(before) || at > float64(after) {
		t.Errorf("created_at = %v, want between %d and %d", at, before, after)
	}
	if _, ok := env["dead_letter"]; ok {
		t.Error("a new envelope carries a dead_letter block")
	}
	if toJSONText(env["data"]) != "{}" {
		t.Errorf("data = %s, want {}", toJSONText(env["data"]))
	}
}

// TestDeadLetterRefusesWhatTheSchemaDoesNot checks the reasons the schema
// enumerates and that a message is dead-lettered once.
func TestDeadLetterRefusesWhatTheSchemaDoesNot(t *testing.T) {
	t.Parallel()
	o := correct(t)
	if _, err := o.DeadLetter(DeadLetterArgs{Envelope: envelopeJSON, Reason: "timeout", OriginalQueue: "q"}); err == nil {
		t.Error("reason timeout accepted; the schema enumerates failed, unknown_urn, poison")
	}
	r, err := o.DeadLetter(DeadLetterArgs{Envelope: envelopeJSON, Reason: "failed", OriginalQueue: "q"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.DeadLetter(DeadLetterArgs{Envelope: r.Encoded, Reason: "failed", OriginalQueue: "q"}); err == nil {
		t.Error("a dead-lettered envelope was dead-lettered again")
	}
}

// redisProduceProbe observes whether the stored element is the envelope's
// own encoding, with the URN given.
func redisProduceProbe(t *testing.T, o *Oracle) string {
	r, err := o.RedisProduce(RedisProduceArgs{URN: "urn:x", Queue: "q", Data: json.RawMessage(`{"p":"a/é"}`), TraceID: "t-1"})
	if err != nil {
		return err.Error()
	}
	var env map[string]any
	if json.Unmarshal([]byte(r.Element), &env) != nil || env["job"] != "urn:x" || env["trace_id"] != "t-1" {
		return "element is not the envelope: " + r.Element
	}
	if r.Element != r.Reencoded {
		return "element is not the codec's bytes: " + r.Element
	}
	return "element is the envelope"
}
