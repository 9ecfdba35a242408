package java

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/model"
)

// adversarialSuite is a suite whose case names, descriptions, reasons,
// keys, values and pointers are the adversarial strings.
func adversarialSuite(t *testing.T) *model.Suite {
	t.Helper()
	fixture := map[string]any{"job": "urn:x", "trace_id": "t", "data": map[string]any{}, "attempts": 0,
		"meta": map[string]any{"id": "i", "queue": "q", "lang": "go", "schema_version": 1, "created_at": 1}}
	var cases, payloads, roundtrips, sequences []any
	preserved := map[string]any{}
	for i, s := range adversarial {
		name := "case " + s // names must be non-empty and unique
		cases = append(cases, map[string]any{"name": name, "file": "fixtures/f.json", "valid": i%2 == 0,
			"description": s, "reason": s, "expect": map[string]any{"urn": s, "data": map[string]any{s: s},
				"attempts": i, "lang": s, "schema_version": 1, "dead_letter": map[string]any{s: s}}})
		payloads = append(payloads, map[string]any{"name": name, "valid": i%2 == 1, "data": map[string]any{s: []any{s}}})
		sequences = append(sequences, map[string]any{"name": name, "description": s, "expected_effects": 1,
			"deliveries": []any{map[string]any{"meta_id": s, "expect_effect": "run", "outcome": "ok"}}})
		fixture[s+" key"] = s
		preserved[model.Pointer{s + " key"}.String()] = s
	}
	roundtrips = append(roundtrips, map[string]any{"name": "keys", "file": "fixtures/f.json", "description": strings.Join(adversarial, "\n"),
		"expect_attempts": 1, "expect_preserved": preserved})
	// The gates: every adversarial string as a named SQS case and an
	// unnamed Azure Service Bus case (named by the model), the ASB one with
	// numbers of each AMQP kind, and both with an absent property.
	var sqsGate, asbGate []any
	for i, s := range adversarial {
		expect := []string{"decode", "reject"}[i%2]
		sqsGate = append(sqsGate, map[string]any{"name": "gate " + s, "value": s, "expect": expect})
		asbGate = append(asbGate, map[string]any{"value": s, "expect": expect})
	}
	sqsGate = append(sqsGate, map[string]any{"name": "gate absent", "absent": true, "expect": "decode"})
	asbGate = append(asbGate, map[string]any{"absent": true, "expect": "decode"},
		map[string]any{"value": json.Number("1"), "expect": "decode"},
		map[string]any{"value": json.Number("-9007199254740993"), "expect": "reject"},
		map[string]any{"value": json.Number("1.5"), "expect": "reject"},
		map[string]any{"value": json.Number("1E0"), "expect": "reject"})
	gate := func(cases []any) map[string]any {
		return map[string]any{"schema_version_gate": map[string]any{"property": strings.Join(adversarial, "|"),
			"fixture": "fixtures/f.json", "cases": cases}}
	}
	settlement, rowErrors, failedWrites := adversarialMessaging()
	manifest := map[string]any{"schema_version": 1, "description": strings.Join(adversarial, " "), "cases": cases,
		"sqs": gate(sqsGate), "asb": gate(asbGate),
		"settlement": settlement, "row_errors": rowErrors, "failed_writes": failedWrites,
		"idempotency":    map[string]any{"description": strings.Join(adversarial, "\r\n"), "sequences": map[string]any{"cases": sequences}},
		"payload_schema": map[string]any{"description": "*/ \\u000a", "schema": map[string]any{"type": "object"}, "cases": payloads},
		"roundtrip":      map[string]any{"cases": roundtrips},
	}
	fsys := fstest.MapFS{
		"manifest.json":       {Data: mustJSON(t, manifest)},
		"fixtures/f.json":     {Data: mustJSON(t, fixture)},
		"CONFORMANCE_VERSION": {Data: []byte("1.2.3-adversarial.1\n")},
	}
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// adversarialMessaging is the messaging blocks with every adversarial string
// as a case name, a description, a text argument, an item of a list
// argument, a key and a value of a JSON argument, an expected value and a
// mention; the shared row_errors type becomes a class constant.
func adversarialMessaging() (settlement, rowErrors, failedWrites map[string]any) {
	var settle, read, write []any
	brokers := []string{"rabbitmq", "servicebus", "sqs", "kafka"}
	for i, s := range adversarial {
		name, obj := "messaging "+s, map[string]any{s: []any{s, i, nil, true}}
		settle = append(settle, map[string]any{"name": name, "description": s, "broker": brokers[i%4],
			"dead_letter_queue": i%2 == 0, "calls": []any{s, "copy." + s},
			"expect": map[string]any{"results": []any{s}, "broker_actions": []any{}, "redelivered_by": []any{s, nil}[i%2],
				"messages_settled": obj}})
		c := map[string]any{"name": name, "description": s, "broker": brokers[i%4], "source": s, "position": s,
			"message_id": s, "metadata": obj, "body": s, "dead_letter_queue": i%2 == 1,
			"expect": map[string]any{"handed_on": i%2 == 0, "read_error": map[string]any{"mentions": []any{"m " + s, s + " m"}},
				"excerpt": []any{map[string]any{"one_of": []any{s, nil}}, s}[i%2], "settlement": s, "dead_letters": []any{obj}, "row_errors": obj}}
		if i%3 == 0 {
			c["action"], c["raw_excerpt_length"] = "dead_letter", i
			c["expect"].(map[string]any)["read_error"] = nil
		}
		read = append(read, c)
		write = append(write, map[string]any{"name": name, "description": s, "sink": "other", "action": "skip",
			"batches": []any{[]any{s, s}, []any{}}, "refused": []any{s},
			"expect": map[string]any{"write_fails": i%2 == 0, "settlements": obj, "dead_letters": []any{s},
				"acknowledged_after": map[string]any{s: s}}})
	}
	settlement = map[string]any{"description": strings.Join(adversarial, "\n"), "cases": settle}
	rowErrors = map[string]any{"description": strings.Join(adversarial, " "), "cases": read,
		"type": map[string]any{"type": "object", "description": strings.Join(adversarial, "|")}}
	failedWrites = map[string]any{"cases": write}
	return settlement, rowErrors, failedWrites
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
