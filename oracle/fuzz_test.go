package oracle

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzServe: any input, served by the correct oracle or a mutant, gets
// exactly one answer line per request line that is not blank, each a
// UTF-8 JSON object with an id and ok; nothing panics or fails the server.
// Its seeds run in every go test: `go test -run '^$' -fuzz FuzzServe
// ./oracle` explores further.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		`{"id":1,"op":"capabilities"}`,
		`{"id":1,"op":"validate_payload","args":{"schema":{"minimum":0},"data":1e99999999999}}`,
		`{"id":2,"op":"asb_reconcile","args":{"body_attempts":0,"delivery_count":-9223372036854775808}}`,
		`{"id":3,"op":"sqs_reconcile","args":{"body_attempts":0,"approximate_receive_count":"-9223372036854775808"}}`,
		"{\"id\":\"\xff\",\"op\":\"capabilities\"}",
		`{"id":4,"op":"decode","args":{"envelope":` + strings.ReplaceAll(toJSONString(envelopeJSON), `\n`, ``) + `}}`,
		`{"id":5,"op":"reencode","args":{"envelope":"{\"job\":\"urn:x\",\"trace_id\":\"t\",\"attempts\":9223372036854775807,\"data\":{},\"meta\":{\"id\":\"i\",\"lang\":\"go\",\"schema_version\":1,\"created_at\":1}}","attempts_increment":1}}`,
		`{"id":6,"op":"validate_payload","args":{"schema":{"type":"array","items":{"enum":[1,"a",{"b":[null]}],"pattern":"("}},"data":[1.0,"a"]}}`,
		`{"id":7,"op":"read_message","args":{"type":{"type":"object"},"broker":"kafka","source":"t","position":"p","message_id":"m","metadata":{},"body":"{\"n\":1e999}","action":"dead_letter","dead_letter_queue":true,"raw_excerpt_length":-1}}`,
		`{"id":8,"op":"settle","args":{"broker":"sqs","dead_letter_queue":false,"calls":["acknowledge","copy.reject"]}}`,
		`{"id":9,"op":"write_messages","args":{"sink":"sql","action":"requeue","batches":[["m1","m2"]],"refused":["m2"]}}`,
		`{"id":10,"op":"idempotency_replay","args":{"deliveries":[{"meta_id":"a","outcome":"ok"},{"meta_id":"a"}]}}`,
		"\n \r\n{\"id\":[{}],\"op\":\"make\",\"args\":{\"urn\":\"urn:x\",\"queue\":\"q\",\"data\":{\"a\":[1,{}]}}}\n[1,2]\n{",
		`{"id":11,"op":"kafka_reconcile","args":{"body_attempts":1,"header_attempts":null},"id":12}`,
		`{"id":"\ud800","op":"asb_schema_version_gate","args":{"envelope":"{}","property":1e400,"amqp_type":"long"}}`,
	} {
		f.Add([]byte(seed), uint8(0))
	}
	faults := append([]Fault{None}, faultNames()...)
	f.Fuzz(func(t *testing.T, input []byte, fault uint8) {
		o, err := New(faults[int(fault)%len(faults)])
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Serve(bytes.NewReader(input), &out, o); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		answers := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if out.Len() == 0 {
			answers = nil
		}
		if want := requestLines(input); len(answers) != want {
			t.Fatalf("%d answers to %d request lines:\n%q", len(answers), want, out.String())
		}
		for _, a := range answers {
			checkAnswer(t, a)
		}
	})
}

// requestLines counts the lines of input Serve answers: those not blank.
func requestLines(input []byte) int {
	n := 0
	for _, line := range bytes.Split(input, []byte("\n")) {
		if len(bytes.TrimSpace(line)) > 0 {
			n++
		}
	}
	return n
}

// checkAnswer fails unless line is one UTF-8 JSON object with an id and
// ok, and a result or an error that agrees with ok.
func checkAnswer(t *testing.T, line string) {
	t.Helper()
	if !utf8.ValidString(line) || !json.Valid([]byte(line)) {
		t.Fatalf("answer is not UTF-8 JSON: %q", line)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &members); err != nil || members["id"] == nil || members["ok"] == nil {
		t.Fatalf("answer lacks an id or ok (%v): %s", err, line)
	}
	var a struct {
		OK    bool       `json:"ok"`
		Error *wireError `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &a); err != nil || a.OK == (a.Error != nil) || (!a.OK && a.Error.Message == "") {
		t.Fatalf("ok and error disagree (%v): %s", err, line)
	}
}

// faultNames lists every mutant.
func faultNames() []Fault {
	var out []Fault
	for _, f := range Faults() {
		out = append(out, f.Name)
	}
	return out
}

// toJSONString encodes s as a JSON string.
func toJSONString(s string) string {
	raw, _ := json.Marshal(s)
	return string(raw)
}
