package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/babelqueue/bqgen/internal/patternbudget"
	"github.com/babelqueue/bqgen/model"
)

// Payload schema validation (ADR-0024): a per-URN JSON Schema for the data
// block, draft-07 keyword subset. Every SDK's optional validator must agree on
// valid/invalid; error texts are informative only.

// ValidatePayloadArgs is the argument of validate_payload. Schema is a JSON
// object (or boolean) schema; Data is any JSON value, null included.
type ValidatePayloadArgs struct {
	Schema json.RawMessage `json:"schema"`
	Data   json.RawMessage `json:"data"`
}

// ValidatePayloadResult is the result of validate_payload. Errors is empty
// (never nil) when Valid; each entry names the instance location as an RFC
// 6901 pointer.
type ValidatePayloadResult struct {
	Valid  bool     `json:"valid"`
	Errors []string `json:"errors"`
}

// ValidatePayload validates data against a draft-07 schema. Supported
// keywords: type (including integer vs number), enum, const, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum (numbers, draft-06+ form),
// minLength, maxLength (in Unicode code points), pattern (Go RE2 syntax, a
// close subset of ECMA-262), required, properties, additionalProperties
// (boolean or schema), items (schema or tuple). Annotations ($schema, title,
// description, format, ...) are ignored. A keyword that changes the verdict
// but is not supported ($ref, allOf, patternProperties, ...) fails the
// operation instead of silently giving a wrong verdict. A malformed keyword
// value also fails the operation, when the instance reaches it.
func (o *Oracle) ValidatePayload(a ValidatePayloadArgs) (ValidatePayloadResult, error) {
	schema, err := decodeSchema(a.Schema)
	if err != nil {
		return ValidatePayloadResult{}, badArg("schema", "%v", err)
	}
	data, err := decodeValue(a.Data)
	if err != nil {
		return ValidatePayloadResult{}, badArg("data", "%v", err)
	}
	v := &validator{oracle: o}
	if err := v.validate(schema, data, nil); err != nil && !errors.Is(err, errListFull) {
		return ValidatePayloadResult{}, err
	}
	return ValidatePayloadResult{Valid: len(v.errs) == 0, Errors: append([]string{}, v.errs...)}, nil
}

// decodeValue parses one JSON value, keeping numbers as json.Number so that
// integer vs number and exact comparisons never go through float64, and
// refusing a number beyond a suite's limits, which exact comparison could
// not afford.
func decodeValue(raw json.RawMessage) (any, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, errors.New("missing")
	}
	if !json.Valid(raw) {
		return nil, errors.New("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, checkNumbers(v, nil)
}

// checkNumbers refuses the first number in v beyond model.CheckNumber's
// limits, naming its place as a JSON pointer.
func checkNumbers(v any, at *place) error {
	switch v := v.(type) {
	case json.Number:
		if err := model.CheckNumber(string(v)); err != nil {
			return fmt.Errorf("%s: %v", placeOf(at.String()), err)
		}
	case []any:
		for i, item := range v {
			if err := checkNumbers(item, at.child(strconv.Itoa(i))); err != nil {
				return err
			}
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if err := checkNumbers(v[k], at.child(k)); err != nil {
				return err
			}
		}
	}
	return nil
}

// placeOf is a pointer as an error names it: "(root)" for the whole value.
func placeOf(at string) string {
	if at == "" {
		return "(root)"
	}
	return at
}

// validator walks one schema over one instance, collecting violations.
type validator struct {
	oracle   *Oracle
	errs     []string
	errBytes int                              // the length of errs' text
	patterns map[string]patternbudget.Pattern // compiled once per pattern
	steps    patternbudget.Steps              // the matching done, bounded
	enums    map[*any]map[string]bool         // by the enum's first value
}

// schemaError is a defect of the schema itself (not of the data).
type schemaError struct{ msg string }

// Error describes the schema defect.
func (e *schemaError) Error() string { return "schema: " + e.msg }

// badSchema builds a schemaError.
func badSchema(format string, a ...any) error {
	return &schemaError{msg: fmt.Sprintf(format, a...)}
}

// fail records a violation at the instance location at, until the list
// holds maxErrorBytes of text.
func (v *validator) fail(at *place, format string, a ...any) {
	if v.full() {
		return
	}
	msg := placeOf(at.String()) + ": " + fmt.Sprintf(format, a...)
	v.errs = append(v.errs, msg)
	v.errBytes += len(msg)
}

// validate applies schema s to the instance inst found at at. It stops
// with errListFull once the error list is full.
func (v *validator) validate(s, inst any, at *place) error {
	if v.full() {
		return errListFull
	}
	switch s := s.(type) {
	case bool:
		if !s {
			v.fail(at, "no value is allowed here (schema false)")
		}
		return nil
	case map[string]any:
		return v.validateObjectSchema(s, inst, at)
	}
	return badSchema("a schema must be an object or a boolean, got %s", jsonType(s))
}

// validateObjectSchema applies every supported keyword of s, in a fixed order
// so the error list is deterministic.
func (v *validator) validateObjectSchema(s map[string]any, inst any, at *place) error {
	for k := range s {
		if isUnsupportedKeyword(k) {
			return fmt.Errorf("schema keyword %q is not supported by this validator", k)
		}
	}
	checks := []func(map[string]any, any, *place) error{
		v.checkType, v.checkEnum, v.checkConst, v.checkNumber, v.checkString, v.checkObject, v.checkArray,
	}
	if _, isObject := inst.(map[string]any); isObject && at != nil && v.oracle.has(faultPayloadNestedUnchecked) {
		checks = checks[:1] // a nested object's type checked, its keywords never applied
	}
	for _, check := range checks {
		if err := check(s, inst, at); err != nil {
			return err
		}
	}
	return nil
}

// isUnsupportedKeyword reports whether k is a draft-07 assertion or
// applicator outside the supported subset.
func isUnsupportedKeyword(k string) bool {
	return contains([]string{
		"$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
		"dependencies", "propertyNames", "patternProperties", "additionalItems", "contains",
		"minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "multipleOf",
	}, k)
}
