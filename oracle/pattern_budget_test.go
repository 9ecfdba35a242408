package oracle

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The pattern bomb of issue 27: a 726-byte pattern compiling to about
// 140,000 instructions, over a 20 KB string, took validate_payload minutes.
// It is refused as a schema error, in well under a second, naming the
// pattern; and a pattern under the size limit but matched over enough
// strings is stopped at the step budget, also as an error.
func TestValidatePayloadRefusesPatternBombs(t *testing.T) {
	o, err := New(None)
	if err != nil {
		t.Fatal(err)
	}
	bomb := strings.Repeat(`\\w{1,1000}`, 72) + "xxxxxx"
	long := strings.Repeat("a", 20<<10)
	for _, tc := range []struct {
		name, schema, data, want string
	}{
		{"over the program size", `{"type":"string","pattern":"` + bomb + `"}`, `"` + long + `"`, "over the limit of 10000"},
		{"over the step budget", `{"type":"array","items":{"type":"string","pattern":"\\w{1,1000}x"}}`,
			`[` + strings.TrimSuffix(strings.Repeat(`"`+long+`",`, 20), ",") + `]`, "regular-expression steps, the limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := o.ValidatePayload(ValidatePayloadArgs{Schema: json.RawMessage(tc.schema), Data: json.RawMessage(tc.data)})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `\\w{1,`) {
				t.Fatalf("ValidatePayload = %v, want an error saying %q and naming the pattern", err, tc.want)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("refusing took %v", d)
			}
		})
	}
}
