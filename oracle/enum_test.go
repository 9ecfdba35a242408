package oracle

import (
	"encoding/json"
	"testing"
)

// The enum's constant-time lookup agrees with JSON Schema equality.
func TestEnumLookupAgreesWithJSONEqual(t *testing.T) {
	t.Parallel()
	values := []string{`1`, `1.0`, `10e-1`, `-0`, `0`, `0.0e5`, `true`, `false`, `null`, `"1"`, `""`, `[]`, `{}`,
		`[1,2]`, `[2,1]`, `[1.0,2]`, `{"a":1,"b":[2]}`, `{"b":[2.0],"a":1}`, `{"a":1}`, `{"a":"1"}`, `"a,b"`, `["a","b"]`,
		`["a,b"]`, `{"a":{}}`, `{"a":[]}`, `1e400`, `10e399`, `1E-400`}
	decoded := make([]any, len(values))
	for i, v := range values {
		var err error
		if decoded[i], err = decodeValue(json.RawMessage(v)); err != nil {
			t.Fatal(v, err)
		}
	}
	for i, a := range decoded {
		for j, b := range decoded {
			ka, errA := canonicalJSON(a)
			kb, errB := canonicalJSON(b)
			if errA != nil || errB != nil || (ka == kb) != jsonEqual(a, b) {
				t.Errorf("%s vs %s: canonical equal %v, jsonEqual %v", values[i], values[j], ka == kb, jsonEqual(a, b))
			}
		}
	}
}
