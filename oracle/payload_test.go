package oracle

import (
	"encoding/json"
	"strconv"
	"testing"
)

// orderSchema is a hand-written draft-07 schema in the shape of a per-URN
// payload schema.
const orderSchema = `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "order",
  "type": "object",
  "required": ["order_id"],
  "properties": {
    "order_id": {"type": "integer", "minimum": 1},
    "amount": {"type": "number", "minimum": 0, "exclusiveMaximum": 1000000},
    "currency": {"enum": ["USD", "EUR", "TRY"]},
    "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}},
    "kind": {"const": "order"},
    "code": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]+$"},
    "note": {"type": ["string", "null"]}
  },
  "additionalProperties": false
}`

// validate runs ValidatePayload with o.
func validate(t *testing.T, o *Oracle, schema, data string) (bool, error) {
	t.Helper()
	res, err := o.ValidatePayload(ValidatePayloadArgs{Schema: json.RawMessage(schema), Data: json.RawMessage(data)})
	if err == nil && res.Valid != (len(res.Errors) == 0) {
		t.Errorf("valid %v with errors %q", res.Valid, res.Errors)
	}
	return res.Valid, err
}

// TestValidatePayload checks each supported keyword on both sides.
func TestValidatePayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data string
		valid      bool
	}{
		{"minimal", `{"order_id": 1042}`, true},
		{"full", `{"order_id": 1, "amount": 99.9, "currency": "EUR", "tags": ["a", "bcd"], "kind": "order", "code": "AB-12", "note": null}`, true},
		{"integer written as 1.0", `{"order_id": 1.0}`, true},
		{"missing required", `{"amount": 10}`, false},
		{"wrong type", `{"order_id": "x"}`, false},
		{"fraction is not integer", `{"order_id": 1.5}`, false},
		{"additional property", `{"order_id": 1, "extra": true}`, false},
		{"enum", `{"order_id": 1, "currency": "GBP"}`, false},
		{"below minimum", `{"order_id": 0}`, false},
		{"minimum 0 inclusive", `{"order_id": 1, "amount": 0}`, true},
		{"exclusiveMaximum", `{"order_id": 1, "amount": 1000000}`, false},
		{"items type", `{"order_id": 1, "tags": ["a", 1]}`, false},
		{"items maxLength", `{"order_id": 1, "tags": ["abcd"]}`, false},
		{"const", `{"order_id": 1, "kind": "refund"}`, false},
		{"pattern", `{"order_id": 1, "code": "ab-12"}`, false},
		{"type list", `{"order_id": 1, "note": 3}`, false},
		{"not an object", `[1]`, false},
		{"true is not 1", `{"order_id": true}`, false},
		{"exact big integer", `{"order_id": 9007199254740993}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			valid, err := validate(t, correct(t), orderSchema, tc.data)
			if err != nil || valid != tc.valid {
				t.Errorf("valid = %v (%v), want %v", valid, err, tc.valid)
			}
		})
	}
}

// TestValidatePayloadUnicode checks minLength counts code points, with the
// strings the payload_schema_unicode prose names.
func TestValidatePayloadUnicode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, value string
		min         int
		valid       bool
	}{
		{"ascii 3cp min3", "abc", 3, true},
		{"turkish 2cp min3", "ğü", 3, false},
		{"turkish 3cp min3", "ğüş", 3, true},
		{"emoji 1cp min2", "😀", 2, false},
		{"emoji+ascii 2cp min3", "😀a", 3, false},
		{"combining 2cp min2", "e\u0301", 2, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			schema := `{"type":"object","properties":{"s":{"type":"string","minLength":` + strconv.Itoa(tc.min) + `}}}`
			valid, err := validate(t, correct(t), schema, `{"s":`+toJSON(t, tc.value)+`}`)
			if err != nil || valid != tc.valid {
				t.Errorf("valid = %v (%v), want %v", valid, err, tc.valid)
			}
		})
	}
}

// TestValidatePayloadSchemas checks boolean schemas, additionalProperties as a
// schema, tuple items, and that unsupported or malformed schemas fail.
func TestValidatePayloadSchemas(t *testing.T) {
	t.Parallel()
	o := correct(t)
	ok := []struct {
		schema, data string
		valid        bool
	}{
		{`true`, `{"a": 1}`, true},
		{`false`, `{}`, false},
		{`{"additionalProperties": {"type": "integer"}}`, `{"a": 1, "b": 2}`, true},
		{`{"additionalProperties": {"type": "integer"}}`, `{"a": 1, "b": "2"}`, false},
		{`{"items": [{"type": "string"}, {"type": "integer"}]}`, `["a", 1, null]`, true},
		{`{"items": [{"type": "string"}, {"type": "integer"}]}`, `[1, "a"]`, false},
		{`{"const": null}`, `null`, true},
		{`{"enum": [{"a": [1]}]}`, `{"a": [1.0]}`, true},
		{`{"enum": [{}]}`, `[]`, false},
		{`{"maxLength": 2}`, `"ğü"`, true},
		{`{"format": "uuid", "description": "annotation only"}`, `"nope"`, true},
	}
	for _, tc := range ok {
		if valid, err := validate(t, o, tc.schema, tc.data); err != nil || valid != tc.valid {
			t.Errorf("%s on %s: valid = %v (%v), want %v", tc.schema, tc.data, valid, err, tc.valid)
		}
	}
	// Keyword values are checked when they apply to the instance.
	bad := []struct{ schema, data string }{
		{`{"anyOf": []}`, `{}`}, {`{"$ref": "#/x"}`, `{}`}, {`{"type": "float"}`, `{}`}, {`[]`, `{}`},
		{`{"properties": {"a": 3}}`, `{"a": 1}`}, {`{"minimum": "1"}`, `2`}, {`{"minLength": -1}`, `"s"`}, {`{"pattern": "("}`, `"s"`},
	}
	for _, tc := range bad {
		if _, err := validate(t, o, tc.schema, tc.data); err == nil {
			t.Errorf("schema %s on %s: no error", tc.schema, tc.data)
		}
	}
	if _, err := o.ValidatePayload(ValidatePayloadArgs{Schema: json.RawMessage(`{}`)}); !isArgError(err) {
		t.Errorf("missing data: err = %v, want an argument error", err)
	}
}
