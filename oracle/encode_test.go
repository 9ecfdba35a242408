package oracle

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestReencodeRoundtrip follows the roundtrip prose: decode (accepted),
// attempts + 1, encode; unknown keys come back unchanged.
func TestReencodeRoundtrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		in        string
		attempts  string
		preserved map[string]string // pointer -> compact JSON value
	}{
		{
			name:      "unknown meta keys",
			in:        variant(t, `"created_at": 1700000000123`, `"created_at": 1700000000123, "vendor_flag": true, "vendor_ctx": {"region": "eu-west-1", "hops": [1, 2]}`),
			attempts:  "3",
			preserved: map[string]string{"/meta/vendor_flag": `true`, "/meta/vendor_ctx": `{"region":"eu-west-1","hops":[1,2]}`},
		},
		{
			name:      "unknown top-level key",
			in:        variant(t, `"attempts": 2`, `"attempts": 2, "extra_top": 1, "nested": {"k": [null, 1.0]}`),
			attempts:  "3",
			preserved: map[string]string{"/extra_top": `1`, "/nested": `{"k":[null,1.0]}`},
		},
		{
			name:      "unknown lang",
			in:        variant(t, `"lang": "java"`, `"lang": "cobol"`),
			attempts:  "3",
			preserved: map[string]string{"/meta/lang": `"cobol"`},
		},
		{
			name:      "empty data stays an object",
			in:        variant(t, `{"b": 1, "a": [1.50, {}]}`, `{}`),
			attempts:  "3",
			preserved: map[string]string{"/data": `{}`},
		},
		{
			name:      "data exact",
			in:        envelopeJSON,
			attempts:  "3",
			preserved: map[string]string{"/data": `{"b":1,"a":[1.50,{}]}`, "/meta/created_at": `1700000000123`},
		},
		{
			name:      "dead_letter kept",
			in:        variant(t, `"attempts": 2`, `"attempts": 2, "dead_letter": {"reason": "poison", "x": 1}`),
			attempts:  "3",
			preserved: map[string]string{"/dead_letter": `{"reason":"poison","x":1}`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := mustReencode(t, correct(t), tc.in, 1)
			if got, _ := at(t, out, "/attempts"); got != tc.attempts {
				t.Errorf("attempts = %s, want %s in %s", got, tc.attempts, out)
			}
			for ptr, want := range tc.preserved {
				if got, ok := at(t, out, ptr); !ok || got != want {
					t.Errorf("%s = %s (present %v), want %s in %s", ptr, got, ok, want, out)
				}
			}
		})
	}
}

// TestReencodeLayout pins the documented layout: compact, known keys in
// canonical order, unknown keys after the known ones in input order, the urn
// alias re-emitted as job, no HTML escaping.
func TestReencodeLayout(t *testing.T) {
	t.Parallel()
	in := `{"zz":1, "meta":{"m2":2,"created_at":5,"schema_version":1,"m1":1}, "urn":"urn:a<b>&c",
	"attempts":0, "aa":{"k" : "v"}, "data":{"html":"<p>&amp;</p>"}, "trace_id":"t"}`
	want := `{"job":"urn:a<b>&c","trace_id":"t","data":{"html":"<p>&amp;</p>"},"meta":{"schema_version":1,"created_at":5,"m2":2,"m1":1},"attempts":1,"zz":1,"aa":{"k":"v"}}`
	if got := mustReencode(t, correct(t), in, 1); got != want {
		t.Errorf("reencode:\n got %s\nwant %s", got, want)
	}
}

// TestReencodeURNAlias checks the alias is written back under the producer
// name job and not as urn.
func TestReencodeURNAlias(t *testing.T) {
	t.Parallel()
	out := mustReencode(t, correct(t), fixture(t, "urn-alias.json"), 0)
	if got, _ := at(t, out, "/job"); got != `"urn:babel:orders:created"` {
		t.Errorf("job = %s", got)
	}
	if _, ok := at(t, out, "/urn"); ok {
		t.Errorf("urn re-emitted: %s", out)
	}
}

// TestReencodeFixturesStable checks that re-encoding with increment 0 keeps
// every fixture's content (only whitespace goes).
func TestReencodeFixturesStable(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"order-created.json", "dead-lettered.json", "unicode-and-numbers.json"} {
		in := fixture(t, f)
		if got, want := mustReencode(t, correct(t), in, 0), compactString(t, []byte(in)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", f, got, want)
		}
	}
}

// TestReencodeErrors checks the operation fails on a rejected envelope and on
// a negative result.
func TestReencodeErrors(t *testing.T) {
	t.Parallel()
	o := correct(t)
	if _, err := o.Reencode(ReencodeArgs{Envelope: fixture(t, "invalid-missing-urn.json")}); err == nil {
		t.Errorf("reencode of a rejected envelope succeeded")
	}
	if _, err := o.Reencode(ReencodeArgs{Envelope: envelopeJSON, AttemptsIncrement: -3}); err == nil {
		t.Errorf("reencode to negative attempts succeeded")
	}
}

// TestForbiddenKeys follows the forbidden_keys prose: decode succeeds with a
// warning naming the key's pointer; the re-encoded envelope lacks the key.
func TestForbiddenKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ptr, old, new string
	}{
		{"/timestamp", `"attempts": 2`, `"attempts": 2, "timestamp": 1700000000`},
		{"/meta/max_retries", `"schema_version": 1`, `"schema_version": 1, "max_retries": 5`},
		{"/meta/attempts", `"schema_version": 1`, `"schema_version": 1, "attempts": 9`},
		{"/meta/source", `"schema_version": 1`, `"schema_version": 1, "source": "legacy"`},
		{"/meta/ts", `"schema_version": 1`, `"schema_version": 1, "ts": 1700000000`},
	}
	for _, tc := range tests {
		t.Run(tc.ptr, func(t *testing.T) {
			t.Parallel()
			in := variant(t, tc.old, tc.new)
			res := mustDecode(t, correct(t), in)
			if !res.Accepted || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], tc.ptr) {
				t.Fatalf("decode = accepted %v, warnings %q; want accepted with one warning naming %s", res.Accepted, res.Warnings, tc.ptr)
			}
			out := mustReencode(t, correct(t), in, 0)
			if _, ok := at(t, out, tc.ptr); ok {
				t.Errorf("%s re-emitted: %s", tc.ptr, out)
			}
			if got, _ := at(t, out, "/attempts"); got != "2" {
				t.Errorf("top-level attempts = %s, want 2", got)
			}
		})
	}
}

// TestForbiddenKeysCaseSensitive checks that only exact names are forbidden.
func TestForbiddenKeysCaseSensitive(t *testing.T) {
	t.Parallel()
	in := variant(t, `"attempts": 2`, `"attempts": 2, "Timestamp": 1`)
	if res := mustDecode(t, correct(t), in); len(res.Warnings) != 0 {
		t.Errorf("warnings = %q, want none", res.Warnings)
	}
	if got, ok := at(t, mustReencode(t, correct(t), in, 0), "/Timestamp"); !ok || got != "1" {
		t.Errorf("unknown key Timestamp not preserved")
	}
}

// uuidV4 matches a canonical RFC 4122 version 4 UUID.
var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestMake follows the producer contract.
func TestMake(t *testing.T) {
	t.Parallel()
	o := correct(t)
	before := time.Now().UnixMilli()
	out := mustMake(t, o, "urn:babel:orders:created", "orders", `{"b": 1, "a": {}}`)
	after := time.Now().UnixMilli()
	fields := map[string]string{
		"/job": `"urn:babel:orders:created"`, "/data": `{"b":1,"a":{}}`, "/attempts": `0`,
		"/meta/queue": `"orders"`, "/meta/lang": `"go"`, "/meta/schema_version": `1`,
	}
	for ptr, want := range fields {
		if got, _ := at(t, out, ptr); got != want {
			t.Errorf("%s = %s, want %s", ptr, got, want)
		}
	}
	trace, _ := at(t, out, "/trace_id")
	id, _ := at(t, out, "/meta/id")
	if !uuidV4.MatchString(strings.Trim(trace, `"`)) || !uuidV4.MatchString(strings.Trim(id, `"`)) || trace == id {
		t.Errorf("trace_id %s and meta.id %s must be distinct UUIDv4s", trace, id)
	}
	created, _ := at(t, out, "/meta/created_at")
	if ms, err := strconv.ParseInt(created, 10, 64); err != nil || ms < before || ms > after {
		t.Errorf("created_at = %s, want Unix ms in [%d, %d]", created, before, after)
	}
	if res := mustDecode(t, o, out); !res.Accepted {
		t.Errorf("made envelope rejected: %s", res.Reason)
	}
}

// TestMakeEmptyData checks the data_shape encode prose: {} stays {}.
func TestMakeEmptyData(t *testing.T) {
	t.Parallel()
	if got, _ := at(t, mustMake(t, correct(t), "urn:x", "q", `{}`), "/data"); got != `{}` {
		t.Errorf("data = %s, want {}", got)
	}
}

// TestMakeErrors checks a blank URN and non-object data are refused, and an
// empty queue falls back to the default queue.
func TestMakeErrors(t *testing.T) {
	t.Parallel()
	o := correct(t)
	for _, a := range []MakeArgs{{URN: "", Data: []byte(`{}`)}, {URN: " \t", Data: []byte(`{}`)}, {URN: "urn:x", Data: []byte(`[]`)}, {URN: "urn:x", Data: []byte(`{`)}} {
		if _, err := o.Make(a); err == nil {
			t.Errorf("Make(%q, %s) succeeded", a.URN, a.Data)
		}
	}
	if got, _ := at(t, mustMake(t, o, "urn:x", "", `{}`), "/meta/queue"); got != `"default"` {
		t.Errorf("queue = %s, want \"default\"", got)
	}
}
