package oracle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestDecodedSchemasStayBounded: the cache of decoded schemas never holds
// more than its bound, keeps no schema past its size limit, and a schema
// answered from it validates as a freshly decoded one does.
func TestDecodedSchemasStayBounded(t *testing.T) {
	o, err := New(None)
	if err != nil {
		t.Fatal(err)
	}
	validate := func(schema, data string) bool {
		t.Helper()
		res, err := o.ValidatePayload(ValidatePayloadArgs{Schema: json.RawMessage(schema), Data: json.RawMessage(data)})
		if err != nil {
			t.Fatal(err)
		}
		return res.Valid
	}
	for i := range maxCachedSchemas * 3 {
		schema := fmt.Sprintf(`{"type": "object", "required": ["k%d"]}`, i)
		for range 2 { // decoded, then from the cache
			if validate(schema, `{}`) || !validate(schema, fmt.Sprintf(`{"k%d": 1}`, i)) {
				t.Fatalf("schema %s: wrong verdict", schema)
			}
		}
		decodedSchemas.mu.Lock()
		n := len(decodedSchemas.entries)
		decodedSchemas.mu.Unlock()
		if n > maxCachedSchemas {
			t.Fatalf("%d schemas cached, the bound is %d", n, maxCachedSchemas)
		}
	}
	big := `{"type": "object", "description": "` + strings.Repeat("x", maxCachedSchemaBytes) + `"}`
	validate(big, `{}`)
	decodedSchemas.mu.Lock()
	_, kept := decodedSchemas.entries[big]
	decodedSchemas.mu.Unlock()
	if kept {
		t.Error("a schema past maxCachedSchemaBytes was cached")
	}
}
