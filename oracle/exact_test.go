package oracle

import (
	"strconv"
	"testing"
)

// TestEnvelopeIntegersAreExactAndTyped: attempts is read with its JSON type
// (a boolean or a string is never a number) and exactly across the range
// the oracle accepts (int64), past the 2^53 a double holds.
func TestEnvelopeIntegersAreExactAndTyped(t *testing.T) {
	t.Parallel()
	o := correct(t)
	for _, tc := range []struct {
		value string
		want  string
	}{
		{"2147483648", "2147483648"},
		{"4294967296", "4294967296"},
		{"9007199254740993", "9007199254740993"}, // 2^53+1: a double would read 2^53
		{"9223372036854775807", "9223372036854775807"},
		{"true", "rejected"},
		{"false", "rejected"},
		{`"2"`, "rejected"},
		{"null", "rejected"},
		{"2.0", "rejected"}, // envelope integers are typed integers in every SDK
	} {
		d := mustDecode(t, o, variant(t, `"attempts": 2`, `"attempts": `+tc.value))
		got := "rejected"
		if d.Accepted && d.View.Attempts != nil {
			got = strconv.FormatInt(*d.View.Attempts, 10)
		}
		if got != tc.want {
			t.Errorf("attempts %s: got %s, want %s", tc.value, got, tc.want)
		}
	}
}

// TestPayloadTypesAreExact: the payload validator tells a boolean from a
// number and a string from an integer, and compares integers exactly.
func TestPayloadTypesAreExact(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ schema, data, want string }{
		{`{"type":"integer"}`, `true`, "false"},
		{`{"type":"integer"}`, `"3"`, "false"},
		{`{"type":"number"}`, `false`, "false"},
		{`{"type":"integer"}`, `3.0`, "true"},
		{`{"type":"integer"}`, `9007199254740993.0`, "true"},
		{`{"const":9007199254740993}`, `9007199254740992`, "false"},
		{`{"enum":[9007199254740993]}`, `9007199254740993.0`, "true"},
		{`{"maximum":9007199254740992}`, `9007199254740993`, "false"},
		{`{"const":1}`, `true`, "false"},
		{`{"enum":[0]}`, `false`, "false"},
	} {
		if got := validProbe(tc.schema, tc.data)(t, correct(t)); got != tc.want {
			t.Errorf("%s against %s: got %s, want %s", tc.data, tc.schema, got, tc.want)
		}
	}
}
