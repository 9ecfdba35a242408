package gobackend

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
)

// adversarialStrings are case names and data that break naive code
// generation: quotes and backslashes, line breaks Go or JavaScript treat as
// such, comment terminators, NUL, invisible characters, non-BMP runes,
// template and format syntax, a leading digit, and names that collide once
// spaces and punctuation are sanitised away.
var adversarialStrings = []string{
	"with space",
	`quote " and \ backslash`,
	"new\nline, tab\t, return\r",
	"*/ ends a comment /* and // starts one",
	"nul \x00 byte",
	"line \u2028 and paragraph \u2029 separators",
	"bom \ufeff and zero-width \u200b",
	"emoji 🚀 and non-BMP 𝄞",
	"` backtick ${x} #{y} \"\"\" ?> %s %v %!",
	"1 leading digit",
	"a b", "a_b", "a-b", "A B",
	"café", "cafe",
	"a/b",
	"-",
	"\u0301 combining mark first",
}

// adversarialSuite writes a suite whose names, keys and values are all
// adversarial and whose expectations are consistent with its fixtures, so
// the generated tests must pass against the oracle. It returns the suite and
// the number of leaf tests the Go output must run.
func adversarialSuite(t *testing.T) (*model.Suite, int) {
	t.Helper()
	dir := t.TempDir()
	fixtures := map[string]any{}
	manifest := map[string]any{"schema_version": 1}
	leaves := 0
	add := func(block string, value any, n int) {
		manifest[block] = value
		leaves += n
	}
	add(model.BlockCases, adversarialCases(fixtures), len(adversarialStrings)+1)
	add(model.BlockIdempotency, adversarialIdempotency(), 1+len(adversarialStrings))
	add(model.BlockPayloadSchema, adversarialPayload(), len(adversarialStrings)+1)
	add(model.BlockRoundtrip, adversarialRoundtrip(fixtures), len(adversarialStrings))
	add(model.BlockKafka, adversarialKafka(), 1+len(adversarialStrings))
	add(model.BlockDataShape, adversarialDataShape(t), len(adversarialStrings))
	add(model.BlockForbiddenKeys, adversarialForbidden(fixtures), 1)
	sqsGate, asbGate := adversarialGate(false), adversarialGate(true)
	add(model.BlockSQS, map[string]any{"schema_version_gate": sqsGate}, len(sqsGate["cases"].([]any)))
	add(model.BlockASB, map[string]any{"schema_version_gate": asbGate}, len(asbGate["cases"].([]any)))
	add(model.BlockSettlement, adversarialSettlement(), len(adversarialStrings))
	add(model.BlockRowErrors, adversarialRowErrors(), len(adversarialStrings)+1)
	add(model.BlockFailedWrites, adversarialFailedWrites(), len(adversarialStrings))
	fixtures[model.ManifestFile] = manifest
	for path, content := range fixtures {
		raw, err := json.MarshalIndent(content, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(path)), raw); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeFile(filepath.Join(dir, model.VersionFile), []byte("9.9.9-adversarial.1+sha.5\n")); err != nil {
		t.Fatal(err)
	}
	return loadDir(t, dir), leaves
}

// adversarialEnvelope is a valid envelope built from s. Its data spells
// numbers one way; expectations spell them another (1.50 vs 1.5, 1e3 vs
// 1000), since the suite compares numbers by value.
func adversarialEnvelope(i int, s string) map[string]any {
	return map[string]any{
		"job":      "urn:test:" + s,
		"trace_id": "trace " + s,
		"data":     map[string]any{s: s, "n": json.Number("1.50"), "exp": json.Number("1e3"), "list": []any{map[string]any{}, []any{}, nil, true}},
		"meta":     map[string]any{"id": "id " + s, "queue": s, "lang": s, "schema_version": 1, "created_at": 1749132727000},
		"attempts": i,
	}
}

func adversarialCases(fixtures map[string]any) []any {
	var cases []any
	for i, s := range adversarialStrings {
		file := fmt.Sprintf("fixtures/case-%02d.json", i)
		env := adversarialEnvelope(i, s)
		env["dead_letter"] = map[string]any{"reason": s, "original_queue": s, "attempts": 3, "extra": nil}
		fixtures[file] = env
		cases = append(cases, map[string]any{"name": s, "file": file, "valid": true, "expect": map[string]any{
			"urn": "urn:test:" + s, "attempts": i, "lang": s, "schema_version": 1,
			"data":        map[string]any{s: s, "n": json.Number("1.5"), "exp": json.Number("1000"), "list": []any{map[string]any{}, []any{}, nil, true}},
			"dead_letter": map[string]any{"reason": s, "attempts": json.Number("3.0")},
		}})
	}
	fixtures["fixtures/no-identity.json"] = map[string]any{"trace_id": "t", "data": map[string]any{}, "meta": map[string]any{"schema_version": 1}, "attempts": 0}
	cases = append(cases, map[string]any{"name": "invalid: " + adversarialStrings[1], "file": "fixtures/no-identity.json", "valid": false, "reason": strings.Join(adversarialStrings, " | ")})
	return cases
}

func adversarialIdempotency() map[string]any {
	var seqs []any
	for _, s := range adversarialStrings {
		seqs = append(seqs, map[string]any{"name": s, "expected_effects": 3, "deliveries": []any{
			map[string]any{"meta_id": s, "expect_effect": "run", "outcome": "ok"},
			map[string]any{"meta_id": s, "expect_effect": "skip"},
			map[string]any{"meta_id": s, "expect_effect": "run", "outcome": "throw", "forget_before": true},
			map[string]any{"meta_id": s, "expect_effect": "run", "outcome": "ok"},
		}})
	}
	return map[string]any{
		"dedup_key": map[string]any{"envelope_file": "fixtures/case-00.json", "key_field": "meta.id", "expected_key": "id " + adversarialStrings[0]},
		"sequences": map[string]any{"cases": seqs},
	}
}

func adversarialPayload() map[string]any {
	enum := append([]any{}, stringsAsAny()...)
	var cases []any
	for _, s := range adversarialStrings {
		cases = append(cases, map[string]any{"name": s, "valid": true, "data": map[string]any{"k": s}})
	}
	cases = append(cases, map[string]any{"name": "*/ not listed", "valid": false, "data": map[string]any{"k": "*/"}})
	return map[string]any{"cases": cases, "schema": map[string]any{
		"type": "object", "additionalProperties": false,
		"properties": map[string]any{"k": map[string]any{"enum": enum}},
	}}
}

func stringsAsAny() []any {
	out := make([]any, len(adversarialStrings))
	for i, s := range adversarialStrings {
		out[i] = s
	}
	return out
}

// adversarialRoundtrip preserves unknown keys named by the adversarial
// strings, so the pointers carry escaped "/" and "~" too.
func adversarialRoundtrip(fixtures map[string]any) map[string]any {
	var cases []any
	for i, s := range adversarialStrings {
		file := fmt.Sprintf("fixtures/roundtrip-%02d.json", i)
		env := adversarialEnvelope(i, s)
		key := s + " ~/"
		env["meta"].(map[string]any)[key] = map[string]any{"v": s, "n": json.Number("2.0")}
		env["x "+key] = s
		fixtures[file] = env
		cases = append(cases, map[string]any{"name": s, "file": file, "expect_attempts": i + 1, "expect_preserved": map[string]any{
			model.Pointer{"meta", key}.String(): map[string]any{"v": s, "n": 2},
			model.Pointer{"x " + key}.String():  s,
		}})
	}
	return map[string]any{"cases": cases}
}

func adversarialKafka() map[string]any {
	s := adversarialStrings[0]
	var cases []any
	for i, name := range adversarialStrings {
		c := map[string]any{"name": name, "body_attempts": i, "header_attempts": nil, "expected_attempts": i}
		switch i % 3 {
		case 1: // an older suite's integer header, read as its text
			c["header_attempts"], c["expected_attempts"] = i-1, i-1
		case 2: // a header that is not a count: escaped text, ignored
			c["header_attempts"] = name
		}
		cases = append(cases, c)
	}
	return map[string]any{
		"property_projection": map[string]any{"envelope_file": "fixtures/case-00.json", "headers": map[string]any{
			"bq-job": "urn:test:" + s, "bq-trace-id": "trace " + s, "bq-message-id": "id " + s,
			"bq-schema-version": "1", "bq-source-lang": s, "bq-attempts": "0",
		}},
		"attempts_reconciliation": map[string]any{"cases": cases},
	}
}

// adversarialDataShape encodes adversarial data; the expected text is the
// compact JSON the producer emits for it.
func adversarialDataShape(t *testing.T) map[string]any {
	var cases []any
	for _, s := range adversarialStrings {
		data := map[string]any{s: s}
		raw, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		v, err := model.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, map[string]any{"name": s, "mode": "encode", "urn": "urn:test:" + s, "queue": s, "data": data, "expect_encoded_data_json": v.Compact()})
	}
	return map[string]any{"cases": cases}
}

func adversarialForbidden(fixtures map[string]any) map[string]any {
	env := adversarialEnvelope(0, adversarialStrings[3])
	env["timestamp"] = 1
	fixtures["fixtures/forbidden.json"] = env
	return map[string]any{"cases": []any{map[string]any{"name": adversarialStrings[3], "file": "fixtures/forbidden.json",
		"forbidden_key": "/timestamp", "expect": "warn", "expect_absent_after_reencode": []any{"/timestamp"}}}}
}

// adversarialGate is a schema_version_gate whose named cases carry the
// adversarial strings as names and values (none is blank or "1", so each
// rejects), and whose unnamed cases (named by the model) carry the values a
// gate must not trim or take for blank. A typed gate adds numbers: an
// integral one runs as AMQP int and long, a fraction as double.
func adversarialGate(typed bool) map[string]any {
	var cases []any
	for _, s := range adversarialStrings {
		cases = append(cases, map[string]any{"name": "gate " + s, "value": s, "expect": "reject"})
	}
	for _, c := range [][2]string{{"1", "decode"}, {" \t\n\v\f\r", "decode"}, {"\u0085", "reject"},
		{"\ufeff", "reject"}, {"\u00a0", "reject"}, {"\u00a01", "reject"}, {"1\u3000", "reject"}, {"\"1\"", "reject"}} {
		cases = append(cases, map[string]any{"value": c[0], "expect": c[1]})
	}
	cases = append(cases, map[string]any{"absent": true, "expect": "decode"})
	if typed {
		cases = append(cases,
			map[string]any{"value": json.Number("1"), "expect": "decode"},
			map[string]any{"value": json.Number("2"), "expect": "reject"},
			map[string]any{"value": json.Number("-1"), "expect": "reject"},
			map[string]any{"value": json.Number("4294967297"), "expect": "reject"},
			map[string]any{"value": json.Number("1.5"), "expect": "reject"})
	}
	return map[string]any{"property": "bq-schema-version", "fixture": "fixtures/case-00.json", "cases": cases}
}

// The messaging blocks: adversarial names, sources, positions, ids, bodies
// and metadata keys, with the results the messaging layer gives them.

var messagingBrokers = []string{"rabbitmq", "servicebus", "sqs", "kafka"}

// adversarialSettlement settles each message three ways: acknowledged with
// a later reject of the copy (the first call wins), the copy requeued then
// acknowledged (settling the copy settles the original), or never settled.
func adversarialSettlement() map[string]any {
	unsettled := map[string]string{"rabbitmq": "connection_close", "servicebus": "connection_close", "sqs": "visibility_timeout", "kafka": "restart"}
	var cases []any
	for i, s := range adversarialStrings {
		broker := messagingBrokers[i%len(messagingBrokers)]
		c := map[string]any{"name": s, "broker": broker, "dead_letter_queue": i%2 == 0}
		switch i % 3 {
		case 0:
			c["calls"] = []any{"acknowledge", "copy.reject"}
			c["expect"] = map[string]any{"results": []any{"acknowledged", "acknowledged"}, "broker_actions": []any{"acknowledged"},
				"redelivered_by": nil, "messages_settled": map[string]any{"acknowledged": 1}}
		case 1:
			c["calls"] = []any{"copy.requeue", "acknowledge"}
			c["expect"] = map[string]any{"results": []any{"requeued", "requeued"}, "broker_actions": []any{"requeued"},
				"redelivered_by": "requeue", "messages_settled": map[string]any{"requeued": json.Number("1.0")}}
		default:
			c["calls"] = []any{}
			c["expect"] = map[string]any{"results": []any{}, "broker_actions": []any{},
				"redelivered_by": unsettled[broker], "messages_settled": map[string]any{}}
		}
		cases = append(cases, c)
	}
	return map[string]any{"cases": cases}
}

// adversarialRowErrors reads bodies that are not JSON (every adversarial
// string) with no handler (the read fails naming source, position and the
// whole body), to the dead-letter sink (the whole message, metadata keyed
// by the string), or failing with an excerpt of three code points; and one
// valid body carrying the string.
func adversarialRowErrors() map[string]any {
	raw, _ := json.Marshal(map[string]string{"k": adversarialStrings[1]})
	validBody := string(raw)
	cases := []any{map[string]any{"name": "valid " + adversarialStrings[1], "broker": "kafka", "source": adversarialStrings[2],
		"position": adversarialStrings[3], "message_id": adversarialStrings[4], "metadata": map[string]any{},
		"body": validBody, "dead_letter_queue": true,
		"expect": map[string]any{"handed_on": true, "read_error": nil, "excerpt": nil, "settlement": "unsettled",
			"dead_letters": []any{}, "row_errors": map[string]any{}}}}
	for i, s := range adversarialStrings {
		source, position, id := "queue "+s, "position "+s, "id "+s
		metadata := map[string]any{s: s, "n": json.Number("1.50")}
		c := map[string]any{"name": s, "broker": messagingBrokers[i%len(messagingBrokers)], "source": source,
			"position": position, "message_id": id, "metadata": metadata, "body": s, "dead_letter_queue": false}
		failed := func(excerpt string) map[string]any {
			allowed := any(excerpt)
			if excerpt != s { // a cut body: the whole one stands in for another reading
				allowed = map[string]any{"one_of": []any{excerpt, s}}
			}
			return map[string]any{"handed_on": false, "read_error": map[string]any{"source": source, "position": position},
				"excerpt": allowed, "settlement": "unsettled", "dead_letters": []any{}, "row_errors": map[string]any{"fail": 1}}
		}
		switch i % 3 {
		case 0:
			c["expect"] = failed(s)
		case 1:
			c["action"] = "dead_letter"
			c["expect"] = map[string]any{"handed_on": false, "read_error": nil, "excerpt": nil, "settlement": "removed",
				"dead_letters": []any{map[string]any{"source": source, "message_id": id, "body": s,
					"metadata": map[string]any{"n": json.Number("1.5"), s: s}}},
				"row_errors": map[string]any{"dead_letter": 1}}
		default:
			c["action"], c["raw_excerpt_length"] = "fail", 3
			c["expect"] = failed(string([]rune(s)[:min(3, len([]rune(s)))]))
		}
		cases = append(cases, c)
	}
	return map[string]any{"type": map[string]any{"type": "object", "required": []any{"k"}}, "cases": cases}
}

// adversarialFailedWrites writes two messages whose ids are the string, the
// broker refusing the first: dead-lettered or requeued, the write goes on.
func adversarialFailedWrites() map[string]any {
	var cases []any
	for i, s := range adversarialStrings {
		other := s + " #2"
		c := map[string]any{"name": s, "sink": "message_queue", "batches": []any{[]any{s}, []any{other}}, "refused": []any{s}}
		if i%2 == 0 {
			c["action"] = "dead_letter"
			c["expect"] = map[string]any{"write_fails": false, "settlements": map[string]any{s: "acknowledged", other: "acknowledged"},
				"dead_letters": []any{s}, "acknowledged_after": map[string]any{s: "batch 1", other: "batch 2"}}
		} else {
			c["action"] = "requeue"
			c["expect"] = map[string]any{"write_fails": false, "settlements": map[string]any{s: "requeued", other: "acknowledged"},
				"dead_letters": []any{}, "acknowledged_after": map[string]any{other: "batch 2"}}
		}
		cases = append(cases, c)
	}
	return map[string]any{"cases": cases}
}
