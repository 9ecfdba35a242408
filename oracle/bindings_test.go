package oracle

import (
	"strings"
	"testing"
)

// Expected projections below are written from the binding prose applied to
// envelopeJSON (urn:babel:test:thing, attempts 2, lang java, created_at
// 1700000000123), never copied from a manifest.

// TestSQSAttributes checks ids/strings are String and counters Number.
func TestSQSAttributes(t *testing.T) {
	t.Parallel()
	res, err := correct(t).SQSAttributes(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"attributes":{"bq-created-at":{"DataType":"Number","StringValue":"1700000000123"},"bq-job":{"DataType":"String","StringValue":"urn:babel:test:thing"},"bq-message-id":{"DataType":"String","StringValue":"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"},"bq-schema-version":{"DataType":"Number","StringValue":"1"},"bq-source-lang":{"DataType":"String","StringValue":"java"},"bq-trace-id":{"DataType":"String","StringValue":"11111111-2222-4333-8444-555555555555"}}}`
	if got := toJSON(t, res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestASBMessage checks the native fields and AMQP-typed properties.
func TestASBMessage(t *testing.T) {
	t.Parallel()
	res, err := correct(t).ASBMessage(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"subject":"urn:babel:test:thing","correlation_id":"11111111-2222-4333-8444-555555555555","message_id":"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee","content_type":"application/json","application_properties":{"bq-created-at":1700000000123,"bq-schema-version":1,"bq-source-lang":"java"}}`
	if got := toJSON(t, res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestPulsarAndKafkaProperties checks the all-string bq- property set.
func TestPulsarAndKafkaProperties(t *testing.T) {
	t.Parallel()
	want := `{"bq-attempts":"2","bq-job":"urn:babel:test:thing","bq-message-id":"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee","bq-schema-version":"1","bq-source-lang":"java","bq-trace-id":"11111111-2222-4333-8444-555555555555"}`
	o := correct(t)
	p, err := o.PulsarProperties(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil || toJSON(t, p.Properties) != want {
		t.Errorf("pulsar = %s, %v; want %s", toJSON(t, p.Properties), err, want)
	}
	k, err := o.KafkaHeaders(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil || toJSON(t, k.Headers) != want {
		t.Errorf("kafka = %s, %v; want %s", toJSON(t, k.Headers), err, want)
	}
}

// TestArtemisMessage checks the JMS-native slots and underscore properties.
func TestArtemisMessage(t *testing.T) {
	t.Parallel()
	res, err := correct(t).ArtemisMessage(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"annotations":{"x-opt-jms-type":"urn:babel:test:thing"},"correlation_id":"11111111-2222-4333-8444-555555555555","creation_time":1700000000123,"properties":{"bq_app_id":"babelqueue","bq_attempts":"2","bq_schema_version":"1","bq_source_lang":"java"}}`
	if got := toJSON(t, res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestRabbitMQPublishing checks the basic properties and native-typed headers.
func TestRabbitMQPublishing(t *testing.T) {
	t.Parallel()
	res, err := correct(t).RabbitMQPublishing(ProjectionArgs{Envelope: envelopeJSON})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"properties":{"type":"urn:babel:test:thing","correlation_id":"11111111-2222-4333-8444-555555555555","message_id":"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee","app_id":"babelqueue","content_type":"application/json"},"headers":{"x-attempts":2,"x-schema-version":1,"x-source-lang":"java"}}`
	if got := toJSON(t, res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestProjectionsFollowTheEnvelope checks values are computed from the
// envelope given (here the order-created fixture), not fixed.
func TestProjectionsFollowTheEnvelope(t *testing.T) {
	t.Parallel()
	in := fixture(t, "order-created.json")
	res, err := correct(t).KafkaHeaders(ProjectionArgs{Envelope: in})
	if err != nil {
		t.Fatal(err)
	}
	if res.Headers["bq-job"] != "urn:babel:orders:created" || res.Headers["bq-source-lang"] != "php" || res.Headers["bq-attempts"] != "0" {
		t.Errorf("headers = %v", res.Headers)
	}
}

// TestProjectionErrors checks rejected or unprojectable envelopes fail.
func TestProjectionErrors(t *testing.T) {
	t.Parallel()
	o := correct(t)
	bad := []string{`[]`, variant(t, `"schema_version": 1`, `"schema_version": 2`), variant(t, `"id": "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",`, ``)}
	for _, in := range bad {
		if _, err := o.SQSAttributes(ProjectionArgs{Envelope: in}); err == nil {
			t.Errorf("projection of %.40q succeeded", in)
		}
	}
}

// reconcileCase is one body/native-count pair and the attempts the prose
// yields for it.
type reconcileCase struct {
	name   string
	body   int64
	native int64
	want   int64
}

// TestReconcileMaxRules checks the three max-based rules: ASB (1-based, -1)
// and Pulsar/Artemis (0-based, no -1).
func TestReconcileMaxRules(t *testing.T) {
	t.Parallel()
	o := correct(t)
	asb := []reconcileCase{{"first delivery", 0, 1, 0}, {"redelivered", 0, 4, 3}, {"never lowered", 5, 2, 5}, {"dc 0 keeps body", 2, 0, 2}, {"dc 1 keeps body", 2, 1, 2}}
	zeroBased := []reconcileCase{{"first delivery", 0, 0, 0}, {"redelivered", 0, 3, 3}, {"never lowered", 5, 2, 5}, {"rc 0 keeps body", 2, 0, 2}, {"equal", 3, 3, 3}}
	run := func(name string, cases []reconcileCase, f func(body, native int64) (AttemptsResult, error)) {
		for _, tc := range cases {
			if got, err := f(tc.body, tc.native); err != nil || got.Attempts != tc.want {
				t.Errorf("%s %s: got %d (%v), want %d", name, tc.name, got.Attempts, err, tc.want)
			}
		}
	}
	run("asb", asb, func(b, n int64) (AttemptsResult, error) { return o.ASBReconcile(ASBReconcileArgs{b, n}) })
	run("pulsar", zeroBased, func(b, n int64) (AttemptsResult, error) { return o.PulsarReconcile(PulsarReconcileArgs{b, n}) })
	run("artemis", zeroBased, func(b, n int64) (AttemptsResult, error) { return o.ArtemisReconcile(ArtemisReconcileArgs{b, n}) })
}

// TestSQSReconcile checks max(body, ARC-1), with absent and garbage ignored.
func TestSQSReconcile(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	tests := []struct {
		name string
		body int64
		arc  *string
		want int64
	}{
		{"first delivery", 0, str("1"), 0},
		{"redelivered", 0, str("3"), 2},
		{"never lowered", 4, str("2"), 4},
		{"absent", 2, nil, 2},
		{"garbage", 2, str("many"), 2},
		{"empty", 1, str(""), 1},
		{"zero", 1, str("0"), 1},
	}
	o := correct(t)
	for _, tc := range tests {
		got, err := o.SQSReconcile(SQSReconcileArgs{BodyAttempts: tc.body, ApproximateReceiveCount: tc.arc})
		if err != nil || got.Attempts != tc.want {
			t.Errorf("%s: got %d (%v), want %d", tc.name, got.Attempts, err, tc.want)
		}
	}
}

// TestKafkaReconcile checks the header is authoritative, even when lower, and
// that only canonical decimal text is a header: anything else is ignored.
func TestKafkaReconcile(t *testing.T) {
	t.Parallel()
	n := func(v string) *string { return &v }
	tests := []struct {
		name   string
		body   int64
		header *string
		want   int64
	}{
		{"header wins when higher", 1, n("3"), 3},
		{"header wins when lower", 4, n("1"), 1},
		{"header zero", 2, n("0"), 0},
		{"absent header keeps body", 2, nil, 2},
		{"fraction ignored", 3, n("2.0"), 3},
		{"leading space ignored", 3, n(" 2"), 3},
		{"trailing space ignored", 3, n("2 "), 3},
		{"letters ignored", 3, n("abc"), 3},
		{"empty ignored", 3, n(""), 3},
		{"leading zero ignored", 3, n("02"), 3},
		{"sign ignored", 3, n("+2"), 3},
		{"negative ignored", 3, n("-1"), 3},
		{"beyond int64 ignored", 3, n("9223372036854775808"), 3},
	}
	o := correct(t)
	for _, tc := range tests {
		got, err := o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: tc.body, HeaderAttempts: tc.header})
		if err != nil || got.Attempts != tc.want {
			t.Errorf("%s: got %d (%v), want %d", tc.name, got.Attempts, err, tc.want)
		}
	}
}

// TestReconcileNegativeBody checks a negative body count is a bad argument.
func TestReconcileNegativeBody(t *testing.T) {
	t.Parallel()
	if _, err := correct(t).PulsarReconcile(PulsarReconcileArgs{BodyAttempts: -1}); !isArgError(err) {
		t.Errorf("err = %v, want an argument error", err)
	}
}

// TestReconcileBodyUntouched checks a body whose count does not change comes
// back byte-identical, and a changed one is re-encoded with the new count.
func TestReconcileBodyUntouched(t *testing.T) {
	t.Parallel()
	o := correct(t)
	same := o.reconcileBody([]byte(envelopeJSON), func(n int64) int64 { return n })
	if string(same) != envelopeJSON {
		t.Errorf("unchanged count rewrote the body")
	}
	changed := o.reconcileBody([]byte(envelopeJSON), func(n int64) int64 { return n + 5 })
	if got, _ := at(t, string(changed), "/attempts"); got != "7" {
		t.Errorf("attempts = %s, want 7", got)
	}
}

// TestRedisRoundtrip checks the element is the produced bytes, unchanged,
// including the fixture's pretty-printing.
func TestRedisRoundtrip(t *testing.T) {
	t.Parallel()
	for _, in := range []string{envelopeJSON, fixture(t, "order-created.json"), "not even json"} {
		res, err := correct(t).RedisRoundtrip(EnvelopeArgs{Envelope: in})
		if err != nil || res.Element != in {
			t.Errorf("element = %.60q (%v), want the input bytes", res.Element, err)
		}
	}
	if !strings.Contains(envelopeJSON, "\n  ") {
		t.Fatal("envelopeJSON must be pretty-printed for this test to mean anything")
	}
}
