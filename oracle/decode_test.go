package oracle

import (
	"strings"
	"testing"
)

// TestDecodeFixtures decodes the canonical fixtures (read as inputs) and
// checks the view against what each file says, per the cases prose.
func TestDecodeFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file     string
		accepted bool
		view     string // compact JSON of the view; "" = not checked
	}{
		{"order-created.json", true, `{"urn":"urn:babel:orders:created","data":{"order_id":1042},"attempts":0,"lang":"php","schema_version":1,"trace_id":"7b3f9c2a-e41d-4f88-9b2a-1c0d5e6f7a8b","id":"f1e2d3c4-b5a6-4789-90ab-cdef01234567","created_at":1749132727000,"queue":"orders","dead_letter":null}`},
		{"urn-alias.json", true, `{"urn":"urn:babel:orders:created","data":{"order_id":1042},"attempts":0,"lang":"go","schema_version":1,"trace_id":"9c1e0b44-7a2d-4e6f-8a10-2b3c4d5e6f70","id":"a1b2c3d4-e5f6-4789-90ab-cdef01234567","created_at":1749132727000,"queue":"orders","dead_letter":null}`},
		{"dead-lettered.json", true, ""},
		{"unicode-and-numbers.json", true, ""},
		{"invalid-unknown-schema-version.json", false, ""},
		{"invalid-missing-urn.json", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			res := mustDecode(t, correct(t), fixture(t, tc.file))
			if res.Accepted != tc.accepted {
				t.Fatalf("accepted = %v (reason %q), want %v", res.Accepted, res.Reason, tc.accepted)
			}
			if !res.Accepted && res.Reason == "" {
				t.Errorf("rejected without a reason")
			}
			if tc.view != "" {
				if got := toJSON(t, res.View); got != tc.view {
					t.Errorf("view:\n got %s\nwant %s", got, tc.view)
				}
			}
		})
	}
}

// TestDecodeDeadLetter checks that the dead_letter block is surfaced whole.
func TestDecodeDeadLetter(t *testing.T) {
	t.Parallel()
	res := mustDecode(t, correct(t), fixture(t, "dead-lettered.json"))
	dl := string(res.View.DeadLetter)
	for _, want := range []string{`"reason":"failed"`, `"original_queue":"orders"`, `"attempts":3`, `"exception":"App\\Exceptions\\GatewayTimeout"`} {
		if !strings.Contains(dl, want) {
			t.Errorf("dead_letter %s lacks %s", dl, want)
		}
	}
	if *res.View.Attempts != 3 {
		t.Errorf("attempts = %d, want 3", *res.View.Attempts)
	}
}

// TestDecodeDataExact checks that data keeps its exact JSON text: UTF-8,
// number text, key order, and {} vs [].
func TestDecodeDataExact(t *testing.T) {
	t.Parallel()
	res := mustDecode(t, correct(t), fixture(t, "unicode-and-numbers.json"))
	want := `{"title":"Café — naïve ☕","qty":7,"price_cents":1299,"ratio":0.5,"active":true,"note":null}`
	if got := string(res.View.Data); got != want {
		t.Errorf("data = %s, want %s", got, want)
	}
	edge := variant(t, `{"b": 1, "a": [1.50, {}]}`, `{"z": 9007199254740993, "e": 1.5e3, "10": [], "2": {}}`)
	res = mustDecode(t, correct(t), edge)
	if got, want := string(res.View.Data), `{"z":9007199254740993,"e":1.5e3,"10":[],"2":{}}`; got != want {
		t.Errorf("data = %s, want %s", got, want)
	}
}

// TestDecodeAccepts pins accepts() on hand-written variants.
func TestDecodeAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, old, new string
		accepted       bool
	}{
		{"valid", `"attempts": 2`, `"attempts": 2`, true},
		{"urn alias when job empty", `"job": "urn:babel:test:thing"`, `"job": "", "urn": "urn:babel:test:alias"`, true},
		{"job blank, no urn", `"job": "urn:babel:test:thing"`, `"job": "  "`, false},
		{"job not a string", `"job": "urn:babel:test:thing"`, `"job": 7`, false},
		{"no job", `"job": "urn:babel:test:thing",`, ``, false},
		{"schema_version 2", `"schema_version": 1`, `"schema_version": 2`, false},
		{"schema_version string", `"schema_version": 1`, `"schema_version": "1"`, false},
		{"schema_version 1.0", `"schema_version": 1`, `"schema_version": 1.0`, false},
		{"schema_version missing", `"schema_version": 1,`, ``, false},
		{"schema_version 0", `"schema_version": 1`, `"schema_version": 0`, false},
		{"schema_version negative", `"schema_version": 1`, `"schema_version": -1`, false},
		{"meta not an object", `"meta": {`, `"meta": [], "x": {`, false},
		{"data array", `{"b": 1, "a": [1.50, {}]}`, `[1, 2]`, false},
		{"data null", `{"b": 1, "a": [1.50, {}]}`, `null`, false},
		{"data string", `{"b": 1, "a": [1.50, {}]}`, `"x"`, false},
		{"data string holding an object", `{"b": 1, "a": [1.50, {}]}`, `"{\"b\": 1}"`, false},
		{"data number", `{"b": 1, "a": [1.50, {}]}`, `0`, false},
		{"data boolean", `{"b": 1, "a": [1.50, {}]}`, `false`, false},
		{"data empty object", `{"b": 1, "a": [1.50, {}]}`, `{}`, true},
		{"attempts negative", `"attempts": 2`, `"attempts": -1`, false},
		{"attempts string", `"attempts": 2`, `"attempts": "2"`, false},
		{"attempts fraction", `"attempts": 2`, `"attempts": 2.5`, false},
		{"attempts missing", `,
  "attempts": 2`, ``, false},
		{"trace_id empty", `"11111111-2222-4333-8444-555555555555"`, `""`, false},
		{"unknown lang tolerated", `"lang": "java"`, `"lang": "cobol"`, true},
		{"meta.id missing tolerated", `"id": "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",`, ``, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := mustDecode(t, correct(t), variant(t, tc.old, tc.new))
			if res.Accepted != tc.accepted {
				t.Fatalf("accepted = %v (reason %q), want %v", res.Accepted, res.Reason, tc.accepted)
			}
			if res.View == nil {
				t.Fatalf("view is nil for a JSON object")
			}
		})
	}
}

// TestDecodeNotAnObject checks inputs that have no view at all.
func TestDecodeNotAnObject(t *testing.T) {
	t.Parallel()
	for _, in := range []string{``, `{`, `[]`, `"job"`, `null`, `{"job":"x"} {}`} {
		res := mustDecode(t, correct(t), in)
		if res.Accepted || res.View != nil || res.Reason == "" || res.Warnings == nil {
			t.Errorf("Decode(%q) = %+v, want rejected with reason, nil view, empty warnings", in, res)
		}
	}
}

// TestDecodeURNPrecedence checks that job wins over the urn alias.
func TestDecodeURNPrecedence(t *testing.T) {
	t.Parallel()
	res := mustDecode(t, correct(t), variant(t, `"job": "urn:babel:test:thing"`, `"urn": "urn:babel:test:alias", "job": "urn:babel:test:thing"`))
	if got := *res.View.URN; got != "urn:babel:test:thing" {
		t.Errorf("urn = %q, want the job value", got)
	}
}

// TestDecodeAbsentFieldsAreNull checks that absent or ill-typed fields are
// null in the view.
func TestDecodeAbsentFieldsAreNull(t *testing.T) {
	t.Parallel()
	in := `{"job":"urn:x","trace_id":"t","data":{},"meta":{"schema_version":1,"created_at":"soon"},"attempts":0}`
	res := mustDecode(t, correct(t), in)
	want := `{"urn":"urn:x","data":{},"attempts":0,"lang":null,"schema_version":1,"trace_id":"t","id":null,"created_at":null,"queue":null,"dead_letter":null}`
	if got := toJSON(t, res.View); got != want || !res.Accepted {
		t.Errorf("accepted %v view\n got %s\nwant %s", res.Accepted, got, want)
	}
}

// TestDecodeDuplicateKeys checks a repeated key takes its last value, as
// JSON.parse, Python's json and encoding/json all do.
func TestDecodeDuplicateKeys(t *testing.T) {
	t.Parallel()
	in := variant(t, `"job": "urn:babel:test:thing"`, `"job": "urn:first", "job": "urn:second"`)
	if res := mustDecode(t, correct(t), in); *res.View.URN != "urn:second" {
		t.Errorf("urn = %q, want the last value", *res.View.URN)
	}
	if got, _ := at(t, mustReencode(t, correct(t), in, 0), "/job"); got != `"urn:second"` {
		t.Errorf("job = %s, want the last value once", got)
	}
}
