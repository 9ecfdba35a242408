package oracle

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
)

// fixtureDirs are where the canonical fixtures are read from, as inputs
// only: the project's own suite first, then the upstream snapshot.
var fixtureDirs = fixtureSearchPath()

func fixtureSearchPath() []string {
	dirs := []string{filepath.Join("..", "conformance", "fixtures")}
	if upstream := suitetest.UpstreamDir(); upstream != "" {
		dirs = append(dirs, filepath.Join(upstream, "fixtures"))
	}
	return dirs
}

// fixture returns the bytes of a canonical fixture, skipping the test when no
// copy of the suite is reachable.
func fixture(t *testing.T, name string) string {
	t.Helper()
	for _, dir := range fixtureDirs {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			return string(data)
		}
	}
	t.Skipf("fixture %s not found in %v", name, fixtureDirs)
	return ""
}

// newOracle builds an oracle with fault f or fails the test.
func newOracle(t *testing.T, f Fault) *Oracle {
	t.Helper()
	o, err := New(f)
	if err != nil {
		t.Fatalf("New(%q): %v", f, err)
	}
	return o
}

// correct is the oracle without faults.
func correct(t *testing.T) *Oracle { return newOracle(t, None) }

// envelopeJSON is a valid hand-written envelope (pretty-printed, like the
// fixtures); edit it with strings.Replace to build variants.
const envelopeJSON = `{
  "job": "urn:babel:test:thing",
  "trace_id": "11111111-2222-4333-8444-555555555555",
  "data": {"b": 1, "a": [1.50, {}]},
  "meta": {
    "id": "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
    "queue": "things",
    "lang": "java",
    "schema_version": 1,
    "created_at": 1700000000123
  },
  "attempts": 2
}`

// variant returns envelopeJSON with old replaced by new (which must occur).
func variant(t *testing.T, old, new string) string {
	t.Helper()
	if !strings.Contains(envelopeJSON, old) {
		t.Fatalf("variant: %q not in envelopeJSON", old)
	}
	return strings.Replace(envelopeJSON, old, new, 1)
}

// at evaluates an RFC 6901 pointer on a JSON document, returning the value
// re-encoded as compact JSON (so {} and [] and number text stay visible).
func at(t *testing.T, doc, ptr string) (string, bool) {
	t.Helper()
	var cur json.RawMessage = json.RawMessage(doc)
	if ptr == "" {
		return compactString(t, cur), true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		next, ok := child(t, cur, tok)
		if !ok {
			return "", false
		}
		cur = next
	}
	return compactString(t, cur), true
}

// child steps into an object member or array element.
func child(t *testing.T, cur json.RawMessage, tok string) (json.RawMessage, bool) {
	t.Helper()
	var obj map[string]json.RawMessage
	if json.Unmarshal(cur, &obj) == nil {
		v, ok := obj[tok]
		return v, ok
	}
	var arr []json.RawMessage
	if json.Unmarshal(cur, &arr) == nil {
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(arr) {
			return nil, false
		}
		return arr[i], true
	}
	return nil, false
}

// compactString compacts a JSON value.
func compactString(t *testing.T, raw []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		t.Fatalf("not JSON: %v: %s", err, raw)
	}
	return buf.String()
}

// toJSON renders v as compact JSON for comparisons.
func toJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return string(raw)
}

// mustDecode decodes s with o.
func mustDecode(t *testing.T, o *Oracle, s string) DecodeResult {
	t.Helper()
	res, err := o.Decode(EnvelopeArgs{Envelope: s})
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return res
}

// mustReencode re-encodes s with o, adding inc attempts.
func mustReencode(t *testing.T, o *Oracle, s string, inc int64) string {
	t.Helper()
	res, err := o.Reencode(ReencodeArgs{Envelope: s, AttemptsIncrement: inc})
	if err != nil {
		t.Fatalf("Reencode: %v", err)
	}
	return res.Encoded
}

// mustMake builds an envelope with o.
func mustMake(t *testing.T, o *Oracle, urn, queue, data string) string {
	t.Helper()
	res, err := o.Make(MakeArgs{URN: urn, Queue: queue, Data: json.RawMessage(data)})
	if err != nil {
		t.Fatalf("Make: %v", err)
	}
	return res.Encoded
}
