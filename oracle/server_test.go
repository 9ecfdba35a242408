package oracle

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// serve runs Serve over input and returns the response lines.
func serve(t *testing.T, o *Oracle, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := Serve(strings.NewReader(input), &out, o); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	text := strings.TrimSuffix(out.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// wireResponse is a response as a client reads it.
type wireResponse struct {
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *wireError      `json:"error"`
}

// parse decodes one response line.
func parse(t *testing.T, line string) wireResponse {
	t.Helper()
	var r wireResponse
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("response %q is not JSON: %v", line, err)
	}
	return r
}

// request renders one request line.
func requestLine(t *testing.T, id any, op string, args any) string {
	t.Helper()
	return toJSON(t, map[string]any{"id": id, "op": op, "args": args})
}

// TestServeDecode checks a valid request is answered with the operation's
// result and the id echoed.
func TestServeDecode(t *testing.T) {
	t.Parallel()
	lines := serve(t, correct(t), requestLine(t, 7, "decode", map[string]any{"envelope": envelopeJSON})+"\n")
	if len(lines) != 1 {
		t.Fatalf("got %d lines, want 1", len(lines))
	}
	r := parse(t, lines[0])
	var res DecodeResult
	if err := json.Unmarshal(r.Result, &res); err != nil || !r.OK || string(r.ID) != "7" || !res.Accepted {
		t.Fatalf("response %s", lines[0])
	}
	if got, _ := at(t, lines[0], "/result/view/data"); got != `{"b":1,"a":[1.50,{}]}` {
		t.Errorf("data = %s, want the exact input JSON", got)
	}
}

// TestServeErrors checks each error code, that ids are echoed (null when the
// line is unreadable), and that serving continues after every bad line.
func TestServeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, id, code string
	}{
		{"not JSON", `{"id":1,`, "null", codeBadRequest},
		{"not an object", `[1,2]`, "null", codeBadRequest},
		{"op missing", `{"id":"a"}`, `"a"`, codeBadRequest},
		{"op not a string", `{"id":"a","op":3}`, `"a"`, codeBadRequest},
		{"args not an object", `{"id":{"k":[1]},"op":"decode","args":[]}`, `{"k":[1]}`, codeBadRequest},
		{"unknown request field", `{"id":2,"op":"decode","args":{},"extra":1}`, "2", codeBadRequest},
		{"unknown op", `{"id":3,"op":"frobnicate","args":{}}`, "3", codeUnknownOp},
		{"missing arg", `{"id":4,"op":"decode","args":{}}`, "4", codeBadRequest},
		{"ill-typed arg", `{"id":5,"op":"decode","args":{"envelope":5}}`, "5", codeBadRequest},
		{"unknown arg", `{"id":6,"op":"decode","args":{"envelope":"{}","x":1}}`, "6", codeBadRequest},
		{"fractional int", `{"id":7,"op":"asb_reconcile","args":{"body_attempts":1.5,"delivery_count":1}}`, "7", codeBadRequest},
		{"bad delivery field", `{"id":8,"op":"idempotency_replay","args":{"deliveries":[{"meta_id":1}]}}`, "8", codeBadRequest},
		{"unknown delivery field", `{"id":9,"op":"idempotency_replay","args":{"deliveries":[{"meta_id":"a","x":1}]}}`, "9", codeBadRequest},
		{"bad outcome", `{"id":10,"op":"idempotency_replay","args":{"deliveries":[{"meta_id":"a","outcome":"boom"}]}}`, "10", codeBadRequest},
		{"operation failed", `{"id":11,"op":"reencode","args":{"envelope":"{}","attempts_increment":1}}`, "11", codeFailed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			next := requestLine(t, "next", "capabilities", map[string]any{})
			lines := serve(t, correct(t), tc.line+"\n"+next+"\n")
			if len(lines) != 2 {
				t.Fatalf("got %d lines, want 2: %q", len(lines), lines)
			}
			r := parse(t, lines[0])
			if r.OK || r.Error == nil || r.Error.Code != tc.code || string(r.ID) != tc.id || r.Error.Message == "" {
				t.Errorf("response %s, want code %s and id %s", lines[0], tc.code, tc.id)
			}
			if r := parse(t, lines[1]); !r.OK || string(r.ID) != `"next"` {
				t.Errorf("the next request was not answered: %s", lines[1])
			}
		})
	}
}

// TestServeErrorNamesField checks a bad argument's message names the field.
func TestServeErrorNamesField(t *testing.T) {
	t.Parallel()
	lines := serve(t, correct(t), `{"id":1,"op":"kafka_reconcile","args":{"body_attempts":1,"header_attempts":3}}`)
	if r := parse(t, lines[0]); r.Error == nil || !strings.Contains(r.Error.Message, "header_attempts") {
		t.Errorf("response %s does not name header_attempts", lines[0])
	}
}

// TestServeBlankLinesAndEOF checks blank lines are skipped, a last line
// without newline is answered, and EOF ends serving cleanly.
func TestServeBlankLinesAndEOF(t *testing.T) {
	t.Parallel()
	input := "\n   \r\n" + requestLine(t, 1, "capabilities", nil) + "\r\n\n" + requestLine(t, nil, "capabilities", map[string]any{})
	lines := serve(t, correct(t), input)
	if len(lines) != 2 || parse(t, lines[0]).ID == nil || string(parse(t, lines[1]).ID) != "null" {
		t.Errorf("lines = %q", lines)
	}
	if got := serve(t, correct(t), ""); len(got) != 0 {
		t.Errorf("empty input answered: %q", got)
	}
}

// TestServeLongLine checks a request far beyond bufio.Scanner's 64 KiB limit.
func TestServeLongLine(t *testing.T) {
	t.Parallel()
	big := strings.Replace(envelopeJSON, `"b": 1`, `"b": "`+strings.Repeat("x", 1<<20)+`"`, 1)
	lines := serve(t, correct(t), requestLine(t, 1, "reencode", map[string]any{"envelope": big, "attempts_increment": 1}))
	if len(lines) != 1 || !parse(t, lines[0]).OK {
		t.Fatalf("long line not answered")
	}
}

// TestServeEveryOperation sends one well-formed request per operation and
// checks each is answered ok, so the table and the methods stay in step.
func TestServeEveryOperation(t *testing.T) {
	t.Parallel()
	args := map[string]any{
		"capabilities":                map[string]any{},
		"decode":                      map[string]any{"envelope": envelopeJSON},
		"reencode":                    map[string]any{"envelope": envelopeJSON, "attempts_increment": 1},
		"make":                        map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{}},
		"sqs_attributes":              map[string]any{"envelope": envelopeJSON},
		"sqs_reconcile":               map[string]any{"body_attempts": 0, "approximate_receive_count": nil},
		"asb_message":                 map[string]any{"envelope": envelopeJSON},
		"asb_reconcile":               map[string]any{"body_attempts": 0, "delivery_count": 1},
		"pulsar_properties":           map[string]any{"envelope": envelopeJSON},
		"pulsar_reconcile":            map[string]any{"body_attempts": 0, "redelivery_count": 0},
		"kafka_headers":               map[string]any{"envelope": envelopeJSON},
		"kafka_reconcile":             map[string]any{"body_attempts": 0, "header_attempts": "2"},
		"artemis_message":             map[string]any{"envelope": envelopeJSON},
		"artemis_reconcile":           map[string]any{"body_attempts": 0, "delivery_count": 0},
		"rabbitmq_publishing":         map[string]any{"envelope": envelopeJSON},
		"redis_roundtrip":             map[string]any{"envelope": envelopeJSON},
		"idempotency_key":             map[string]any{"envelope": envelopeJSON},
		"idempotency_replay":          map[string]any{"deliveries": []any{map[string]any{"meta_id": "a", "outcome": "ok"}, map[string]any{"meta_id": "a"}}},
		"validate_payload":            map[string]any{"schema": map[string]any{"type": "object"}, "data": nil},
		"sqs_schema_version_gate":     map[string]any{"envelope": envelopeJSON, "property": "1"},
		"asb_schema_version_gate":     map[string]any{"envelope": envelopeJSON, "property": 1, "amqp_type": "long"},
		"pulsar_schema_version_gate":  map[string]any{"envelope": envelopeJSON},
		"kafka_schema_version_gate":   map[string]any{"envelope": envelopeJSON, "property": nil},
		"artemis_schema_version_gate": map[string]any{"envelope": envelopeJSON, "property": "2"},
		"settle":                      map[string]any{"broker": "sqs", "dead_letter_queue": false, "calls": []any{"acknowledge"}},
		"read_message": map[string]any{"type": map[string]any{"type": "object"}, "broker": "kafka", "source": "t", "position": "p",
			"message_id": "m", "metadata": map[string]any{}, "body": "x", "action": nil, "dead_letter_queue": false},
		"write_messages":     map[string]any{"sink": "other", "action": "fail", "batches": []any{[]any{"m1"}}, "refused": []any{}},
		"new_message":        map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{}, "trace_id": nil, "lang": "php"},
		"dead_letter":        map[string]any{"envelope": envelopeJSON, "reason": "failed", "original_queue": "q"},
		"redis_produce":      map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{"p": "a/é"}, "trace_id": "t"},
		"idempotency_raised": map[string]any{"deliveries": []any{map[string]any{"meta_id": "a", "outcome": "throw"}}},
	}
	ops := correct(t).Capabilities().Operations
	var input strings.Builder
	for _, op := range ops {
		a, ok := args[op]
		if !ok {
			t.Fatalf("no sample arguments for %q", op)
		}
		input.WriteString(requestLine(t, op, op, a) + "\n")
	}
	lines := serve(t, correct(t), input.String())
	if len(lines) != len(ops) || len(ops) != len(args) {
		t.Fatalf("%d answers, %d operations, %d samples", len(lines), len(ops), len(args))
	}
	for i, line := range lines {
		if r := parse(t, line); !r.OK || string(r.ID) != `"`+ops[i]+`"` {
			t.Errorf("%s: %s", ops[i], line)
		}
	}
}

// TestServeFlushesEachResponse checks a response is written before the next
// request is read, so a client can talk to the server one line at a time.
func TestServeFlushesEachResponse(t *testing.T) {
	t.Parallel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(inR, outW, correct(t)); outW.Close() }()
	responses := bufio.NewReader(outR)
	for i := 0; i < 2; i++ {
		if _, err := io.WriteString(inW, requestLine(t, i, "capabilities", map[string]any{})+"\n"); err != nil {
			t.Fatal(err)
		}
		line, err := responses.ReadString('\n')
		if err != nil || !parse(t, line).OK {
			t.Fatalf("response %d: %q, %v", i, line, err)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("Serve after EOF: %v", err)
	}
}

// failingReader fails every read.
type failingReader struct{}

// Read fails.
func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestServeReadError checks a read failure is returned, not swallowed.
func TestServeReadError(t *testing.T) {
	t.Parallel()
	if err := Serve(failingReader{}, io.Discard, correct(t)); err == nil {
		t.Errorf("Serve swallowed the read error")
	}
}

// TestServeWithFault checks the server uses the oracle it is given.
func TestServeWithFault(t *testing.T) {
	t.Parallel()
	line := requestLine(t, 1, "asb_reconcile", map[string]any{"body_attempts": 0, "delivery_count": 4})
	if got, _ := at(t, serve(t, newOracle(t, faultASBReconcileNoDecrement), line)[0], "/result/attempts"); got != "4" {
		t.Errorf("attempts = %s, want the faulty 4", got)
	}
}
