package oracle

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/testkit/racetest"
)

// answerTo serves one request line and returns its single answer.
func answerTo(t *testing.T, line string) wireResponse {
	t.Helper()
	lines := serve(t, correct(t), line+"\n")
	if len(lines) != 1 {
		t.Fatalf("%d answers to one request: %q", len(lines), lines)
	}
	return parse(t, lines[0])
}

// Attack 7: each reconcile rule is computed as the spec writes it, with no
// int64 wrap-around: max(body, count - 1) of a count of -2^63 is the body
// (n - 1 wrapped to 2^63 - 1 and won the max).
func TestReconcileWithoutOverflow(t *testing.T) {
	t.Parallel()
	minInt, maxInt := strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10)
	cases := []struct{ op, args, want string }{
		{"asb_reconcile", `{"body_attempts":3,"delivery_count":` + minInt + `}`, "3"},
		{"asb_reconcile", `{"body_attempts":0,"delivery_count":` + maxInt + `}`, strconv.FormatInt(math.MaxInt64-1, 10)},
		{"asb_reconcile", `{"body_attempts":` + maxInt + `,"delivery_count":` + maxInt + `}`, maxInt},
		{"sqs_reconcile", `{"body_attempts":3,"approximate_receive_count":"` + minInt + `"}`, "3"},
		{"sqs_reconcile", `{"body_attempts":0,"approximate_receive_count":"` + maxInt + `"}`, strconv.FormatInt(math.MaxInt64-1, 10)},
		{"pulsar_reconcile", `{"body_attempts":2,"redelivery_count":` + minInt + `}`, "2"},
		{"artemis_reconcile", `{"body_attempts":` + maxInt + `,"delivery_count":` + minInt + `}`, maxInt},
		{"kafka_reconcile", `{"body_attempts":1,"header_attempts":"` + maxInt + `"}`, maxInt},
		{"kafka_reconcile", `{"body_attempts":1,"header_attempts":"` + minInt + `"}`, "1"},
	}
	for _, c := range cases {
		r := answerTo(t, `{"id":1,"op":"`+c.op+`","args":`+c.args+`}`)
		var res AttemptsResult
		if err := json.Unmarshal(r.Result, &res); err != nil || !r.OK || strconv.FormatInt(res.Attempts, 10) != c.want {
			t.Errorf("%s %s = %s %+v, want attempts %s", c.op, c.args, r.Result, r.Error, c.want)
		}
	}
}

// reencode of the largest count plus one fails as beyond 64 bits, not as
// "negative" (the wrapped sum).
func TestReencodeBeyondTheLargestCount(t *testing.T) {
	t.Parallel()
	env := strings.Replace(envelopeJSON, `"attempts": 2`, `"attempts": 9223372036854775807`, 1)
	if env == envelopeJSON {
		t.Fatal("envelopeJSON has no attempts to change")
	}
	r := answerTo(t, requestLine(t, 1, "reencode", map[string]any{"envelope": env, "attempts_increment": 1}))
	if r.OK || r.Error == nil || !strings.Contains(r.Error.Message, "beyond the largest 64-bit count") {
		t.Errorf("reencode answered %s %+v", r.Result, r.Error)
	}
}

// Attack 7: `data: 1e99999999999` was an "internal error … nil pointer
// dereference", and a request of 1e999999s ran for minutes: a number beyond
// a suite's limits is a bad request naming its place, at once.
func TestServeRefusesNumbersBeyondTheLimits(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`{"id":1,"op":"validate_payload","args":{"schema":{"minimum":0},"data":1e99999999999}}`:                            "/args/data",
		`{"id":2,"op":"validate_payload","args":{"schema":{"type":"integer"},"data":1e99999999999}}`:                       "/args/data",
		`{"id":3,"op":"validate_payload","args":{"schema":{"enum":[` + strings.Repeat("1e999999,", 300) + `2]},"data":3}}`: "/args/schema/enum/0",
		`{"id":4,"op":"validate_payload","args":{"schema":{"maximum":1` + strings.Repeat("0", 200) + `},"data":1}}`:        "/args/schema/maximum",
		`{"id":5,"op":"make","args":{"urn":"urn:x","queue":"q","data":{"n":-1e-999}}}`:                                     "/args/data/n",
		`{"id":6,"op":"asb_reconcile","args":{"body_attempts":1e999999999,"delivery_count":1}}`:                            "/args/body_attempts",
	}
	for line, place := range cases {
		start := time.Now()
		r := answerTo(t, line)
		if r.OK || r.Error == nil || r.Error.Code != codeBadRequest || !strings.Contains(r.Error.Message, place) ||
			!strings.Contains(r.Error.Message, "the limit is") {
			t.Errorf("%.70s… answered %s %+v, want a bad_request at %s", line, r.Result, r.Error, place)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%.70s… took %v", line, d)
		}
	}
}

// A number in JSON the request carries as a string (a row's body) is
// checked where exact arithmetic would read it: an error, not a hang.
func TestReadMessageRefusesAHugeNumberInItsBody(t *testing.T) {
	t.Parallel()
	line := requestLine(t, 1, "read_message", map[string]any{"type": map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"minimum": 0}}},
		"broker": "kafka", "source": "t", "position": "p", "message_id": "m", "metadata": map[string]any{},
		"body": `{"n": 1e99999999999}`, "action": nil, "dead_letter_queue": false})
	start := time.Now()
	r := answerTo(t, line)
	if r.OK || r.Error == nil || !strings.Contains(r.Error.Message, "the limit is") {
		t.Errorf("answered %s %+v", r.Result, r.Error)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}

// Attack 6: the suite's depth and string limits hold for every request.
func TestServeAppliesTheSuiteLimits(t *testing.T) {
	racetest.SkipRepetition(t, "Serve answers one line after another (these reach 64 MiB); the oracle's shared state is raced by validate's concurrent questions")
	t.Parallel()
	deep := strings.Repeat("[", 257) + strings.Repeat("]", 257)
	cases := map[string]string{
		`{"id":1,"op":"validate_payload","args":{"schema":{},"data":` + deep + `}}`:                                   "nest deeper than 256 levels",
		`{"id":2,"op":"make","args":{"urn":"urn:x","queue":"q","data":{"s":"` + strings.Repeat("x", 1<<20+1) + `"}}}`: "a string of 1048577 bytes; the limit is 1048576",
		`{"id":3,"op":"make","args":{"urn":"urn:x","queue":"q","data":{"` + strings.Repeat("k", 1<<20+1) + `":1}}}`:   "a string of 1048577 bytes",
		`{"id":4,"op":"decode","args":{"envelope":"` + strings.Repeat("x", 16<<20+1) + `"}}`:                          "a string of 16777217 bytes; the limit is 16777216",
	}
	for line, want := range cases {
		r := answerTo(t, line)
		if r.OK || r.Error == nil || r.Error.Code != codeBadRequest || !strings.Contains(r.Error.Message, want) {
			t.Errorf("%.60s… answered %.200s %+v, want %q", line, r.Result, r.Error, want)
		}
	}
	// At the limits, a request is answered: a suite's largest legal values.
	ok := []string{
		`{"id":1,"op":"validate_payload","args":{"schema":{},"data":` + strings.Repeat("[", 256) + strings.Repeat("]", 256) + `}}`,
		`{"id":2,"op":"decode","args":{"envelope":"` + strings.Repeat(`\ud83d\ude00`, 1<<20) + `"}}`,
	}
	for _, line := range ok {
		if r := answerTo(t, line); !r.OK {
			t.Errorf("%.60s… answered %+v, want ok", line, r.Error)
		}
	}
}

// Attack 7: an id holding a raw \xff was echoed, and the answer line was
// not UTF-8. Every answer is UTF-8 JSON; a request that is not UTF-8 is a
// bad request (its id cannot be echoed).
func TestServeAnswersAreUTF8(t *testing.T) {
	t.Parallel()
	input := "{\"id\":\"\xff\",\"op\":\"capabilities\"}\n" +
		"{\"id\":1,\"op\":\"make\",\"args\":{\"urn\":\"urn:x\",\"queue\":\"q\",\"data\":{\"k\":\"\xfe\xc0\"}}}\n" +
		"{\"id\":2,\"op\":\"decode\",\"args\":{\"envelope\":\"{\\\"job\\\":\\\"\xed\xa0\x80\\\"}\"}}\n"
	lines := serve(t, correct(t), input)
	if len(lines) != 3 {
		t.Fatalf("%d answers to 3 requests: %q", len(lines), lines)
	}
	for _, line := range lines {
		if !utf8.ValidString(line) || !json.Valid([]byte(line)) {
			t.Errorf("answer %q is not UTF-8 JSON", line)
		}
		if r := parse(t, line); r.OK || r.Error.Code != codeBadRequest || !strings.Contains(r.Error.Message, "not UTF-8") {
			t.Errorf("answer %s, want a bad_request saying the request is not UTF-8", line)
		}
	}
}

// zeros is an endless stream of one byte, as /dev/zero is of zeros.
type zeros struct{ left int }

func (z *zeros) Read(p []byte) (int, error) {
	if z.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), z.left)
	for i := range p[:n] {
		p[i] = 'x'
	}
	z.left -= n
	return n, nil
}

// Attack 6: `oracle serve` read lines without a limit (2.9 GB in 5 s on
// /dev/zero). A line past the limit is answered with an error as soon as
// it passes it, the rest of it is skipped without being kept, and the next
// line is served.
// Not parallel: it measures the process's allocations.
func TestServeBoundsTheLineLength(t *testing.T) {
	const streamed = 320 << 20 // five times the limit
	in := io.MultiReader(&zeros{left: streamed}, strings.NewReader("\n"+`{"id":"next","op":"capabilities"}`+"\n"))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out bytes.Buffer
	if err := Serve(in, &out, correct(t)); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d answers, want 2: %.300q", len(lines), lines)
	}
	if r := parse(t, lines[0]); r.OK || !strings.Contains(r.Error.Message, "longer than 64 MiB") {
		t.Errorf("first answer %s, want the line refused as too long", lines[0])
	}
	if r := parse(t, lines[1]); !r.OK || string(r.ID) != `"next"` {
		t.Errorf("the next line was not served: %s", lines[1])
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 200<<20 {
		t.Errorf("serving a %d MiB line allocated %d MiB", streamed>>20, grew>>20)
	}
}

// validatesWithin calls validate_payload and fails unless it answers, with
// the verdict valid, within limit seconds (the shapes below never ended).
func validatesWithin(t *testing.T, limit int, schema, data string, valid bool) {
	t.Helper()
	type answer struct {
		raw json.RawMessage
		err error
	}
	done := make(chan answer, 1)
	go func() {
		raw, err := correct(t).Call("validate_payload", json.RawMessage(`{"schema":`+schema+`,"data":`+data+`}`))
		done <- answer{raw, err}
	}()
	select {
	case a := <-done:
		var res ValidatePayloadResult
		if a.err != nil || json.Unmarshal(a.raw, &res) != nil || res.Valid != valid {
			t.Errorf("answered %.200s, %v; want valid %v", a.raw, a.err, valid)
		}
		if len(a.raw) > 2*maxErrorBytesForTest {
			t.Errorf("an answer of %d bytes", len(a.raw))
		}
	case <-time.After(time.Duration(limit) * time.Second):
		t.Fatalf("validate_payload still running after %d s", limit)
	}
}

// maxErrorBytesForTest is about how much error text an answer may list.
const maxErrorBytesForTest = 64 << 10

// list is n copies of item, as a JSON array's contents.
func list(n int, item func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = item(i)
	}
	return strings.Join(parts, ",")
}

// Attack 6: a request is a suite's value, up to 16 MiB, and the payload
// validator was quadratic in it: an enum scanned per value, a required
// list per object, a pointer written per value below a megabyte key, a
// pattern compiled per string. Each is now linear: these took hours.
func TestValidatePayloadIsLinear(t *testing.T) {
	t.Parallel()
	const n = 100000
	key := strings.Repeat("k", 1<<20)
	cases := []struct {
		name, schema, data string
		valid              bool
	}{
		{"enum over items",
			`{"items":{"enum":[` + list(n, func(i int) string { return `"v` + strconv.Itoa(i) + `"` }) + `]}}`,
			`[` + list(n, func(int) string { return `"v99999"` }) + `]`, true},
		{"required over objects",
			`{"items":{"required":[` + list(n, func(i int) string { return `"r` + strconv.Itoa(i) + `"` }) + `]}}`,
			`[` + list(n, func(int) string { return `{}` }) + `]`, false},
		{"errors below a long key",
			`{"additionalProperties":{"items":{"type":"string"}}}`,
			`{"` + key + `":[` + list(n, func(int) string { return `1` }) + `]}`, false},
		{"pattern over strings",
			`{"items":{"pattern":"^(` + strings.Repeat("a|", 2000) + `b)$"}}`,
			`[` + list(n, func(int) string { return `"b"` }) + `]`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			validatesWithin(t, 60, c.schema, c.data, c.valid)
		})
	}
}
