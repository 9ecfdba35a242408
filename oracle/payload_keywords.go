package oracle

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// checkType applies "type": a name or a list of names; "integer" is any
// number with a zero fractional part (1.0 included, as draft-07 says).
func (v *validator) checkType(s map[string]any, inst any, at *place) error {
	raw, ok := s["type"]
	if !ok || v.oracle.has(faultPayloadTypeIgnored) {
		return nil
	}
	names, err := typeNames(raw)
	if err != nil {
		return err
	}
	for _, name := range names {
		if name == "number" && v.oracle.has(faultPayloadNumberMeansInteger) {
			name = "integer" // the native type chosen for "number" is an integer type
		}
		if name == "integer" && v.oracle.has(faultPayloadIntegralFloatNotInt) {
			if n, isNumber := inst.(json.Number); isNumber && isFloatText(string(n)) {
				continue // integer read as the spelling, not the value
			}
		}
		if hasType(inst, name) || v.looseType(inst, name) {
			return nil
		}
	}
	v.fail(at, "type is %s, want %v", jsonType(inst), names)
	return nil
}

// looseType is the type faults of the keyword mutants: a boolean taken
// for a number, a number with a fraction for an integer.
func (v *validator) looseType(inst any, name string) bool {
	switch t := jsonType(inst); {
	case v.oracle.has(faultPayloadNumberAcceptsBoolean) && name == "number" && t == "boolean":
		return true
	case v.oracle.has(faultPayloadIntegerAcceptsFraction) && name == "integer" && t == "number":
		return true
	}
	return false
}

// typeNames reads the value of "type".
func typeNames(raw any) ([]string, error) {
	list, isList := raw.([]any)
	if !isList {
		list = []any{raw}
	}
	names := make([]string, 0, len(list))
	for _, item := range list {
		name, ok := item.(string)
		if !ok || !contains([]string{"null", "boolean", "object", "array", "number", "integer", "string"}, name) {
			return nil, badSchema("type: %v is not a JSON Schema type", item)
		}
		if contains(names, name) { // so a list holds at most the seven types
			return nil, badSchema("type: %q is listed twice; the types must be unique", name)
		}
		names = append(names, name)
	}
	return names, nil
}

// hasType reports whether inst is of the JSON Schema type name.
func hasType(inst any, name string) bool {
	t := jsonType(inst)
	switch {
	case t == name:
		return true
	case name == "integer" && t == "number":
		r, err := rat(inst.(json.Number))
		return err == nil && r.IsInt()
	}
	return false
}

// jsonType names the JSON type of a decoded value ("number" for every number).
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

// checkEnum applies "enum": inst must equal one of the listed values.
func (v *validator) checkEnum(s map[string]any, inst any, at *place) error {
	raw, ok := s["enum"]
	if !ok || v.oracle.has(faultPayloadEnumIgnored) {
		return nil
	}
	list, ok := raw.([]any)
	if !ok {
		return badSchema("enum must be an array")
	}
	if equal := v.faultyEqual(faultPayloadEnumLoose, faultPayloadEnumNumberAsDouble); equal != nil {
		if !slices.ContainsFunc(list, func(want any) bool { return equal(inst, want) }) {
			v.fail(at, "value is not one of the enum values")
		}
		return nil
	}
	values, err := v.enumValues(list)
	if err != nil {
		return err
	}
	key, err := canonicalJSON(inst)
	if err != nil {
		return err
	}
	if !values[key] {
		v.fail(at, "value is not one of the enum values")
	}
	return nil
}

// checkConst applies "const" (null is a legal const value).
func (v *validator) checkConst(s map[string]any, inst any, at *place) error {
	equal := v.faultyEqual(faultPayloadConstLoose, faultPayloadConstNumberAsDouble)
	if equal == nil {
		equal = jsonEqual
	}
	if want, ok := s["const"]; ok && !equal(inst, want) {
		v.fail(at, "value is not the const value")
	}
	return nil
}

// faultyEqual returns the equality a faulty enum or const check uses (loose
// or double-strict, whichever fault is on), or nil for the correct one.
func (v *validator) faultyEqual(loose, double Fault) func(a, b any) bool {
	switch {
	case v.oracle.has(loose):
		return looseEqual
	case v.oracle.has(double):
		return doubleEqual
	}
	return v.faultyTypeEqual()
}

// checkNumber applies the numeric bounds to a number instance. Comparisons
// are exact (big.Rat), so 9007199254740993 is not rounded.
func (v *validator) checkNumber(s map[string]any, inst any, at *place) error {
	n, ok := inst.(json.Number)
	if !ok {
		return nil
	}
	x, err := rat(n)
	if err != nil {
		return err
	}
	bounds := []struct {
		keyword string
		fails   func(cmp int) bool
		what    string
	}{
		{"minimum", func(c int) bool { return c < 0 }, ">="},
		{"maximum", func(c int) bool { return c > 0 }, "<="},
		{"exclusiveMinimum", func(c int) bool { return c <= 0 }, ">"},
		{"exclusiveMaximum", func(c int) bool { return c >= 0 }, "<"},
	}
	for _, b := range bounds {
		if b.keyword == "minimum" && v.oracle.has(faultPayloadMinimumIgnored) ||
			b.keyword == "maximum" && v.oracle.has(faultPayloadMaximumIgnored) {
			continue
		}
		limit, present, err := numberKeyword(s, b.keyword)
		if err != nil {
			return err
		}
		fails := v.faultyBound(b.keyword, b.fails)
		if present && fails(x.Cmp(v.faultyLimit(b.keyword, limit))) {
			v.fail(at, "%s must be %s %s", n, b.what, limit.RatString())
		}
	}
	return nil
}

// numberKeyword reads a numeric keyword value.
func numberKeyword(s map[string]any, keyword string) (*big.Rat, bool, error) {
	raw, ok := s[keyword]
	if !ok {
		return nil, false, nil
	}
	n, isNum := raw.(json.Number)
	r, err := rat(n)
	if !isNum || err != nil {
		return nil, false, badSchema("%s must be a number", keyword)
	}
	return r, true, nil
}

// rat converts a JSON number to an exact rational. A number beyond a suite's
// limits (model.CheckNumber) is refused before math/big sees it: its cost
// grows with the exponent, and 1e99999999999 would never finish.
func rat(n json.Number) (*big.Rat, error) {
	if err := model.CheckNumber(string(n)); err != nil {
		return nil, badSchema("%v", err)
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return nil, badSchema("%q is not a number", string(n))
	}
	return r, nil
}

// checkString applies minLength, maxLength and pattern to a string instance.
func (v *validator) checkString(s map[string]any, inst any, at *place) error {
	str, ok := inst.(string)
	if !ok {
		return nil
	}
	length := v.stringLength(str)
	if limit, present, err := lengthKeyword(s, "minLength"); err != nil {
		return err
	} else if present && !v.oracle.has(faultPayloadMinLengthIgnored) &&
		(length < limit || (length == limit && v.minLengthExclusive(s))) {
		v.fail(at, "length %d is less than minLength %d", length, limit)
	}
	if limit, present, err := lengthKeyword(s, "maxLength"); err != nil {
		return err
	} else if present && !v.oracle.has(faultPayloadMaxLengthIgnored) &&
		(length > limit || (length == limit && v.oracle.has(faultPayloadMaxLengthExclusive))) {
		v.fail(at, "length %d is more than maxLength %d", length, limit)
	}
	return v.checkPattern(s, str, at)
}

// minLengthExclusive reports whether a faulty validator rejects a string
// exactly minLength long: always, or (one range check, min < length <= max)
// only where the schema gives maxLength too.
func (v *validator) minLengthExclusive(s map[string]any) bool {
	_, ranged := s["maxLength"]
	return v.oracle.has(faultMinLengthExclusive) || ranged && v.oracle.has(faultPayloadLengthRangeMinExclusive)
}

// stringLength is the JSON Schema length of a string: Unicode code points,
// not UTF-8 bytes, UTF-16 code units or grapheme clusters.
func (v *validator) stringLength(s string) int64 {
	switch {
	case v.oracle.has(faultMinLengthBytes):
		return int64(len(s))
	case v.oracle.has(faultMinLengthUTF16):
		return int64(len(utf16.Encode([]rune(s))))
	case v.oracle.has(faultMinLengthGraphemes):
		return graphemeCount(s)
	}
	return int64(utf8.RuneCountInString(s))
}

// graphemeCount approximates the grapheme clusters of s the way a
// StringInfo-style length does: a combining mark joins the character before
// it. Only the min-length-graphemes fault uses it.
func graphemeCount(s string) int64 {
	var n int64
	for i, r := range s {
		if i == 0 || !unicode.Is(unicode.M, r) {
			n++
		}
	}
	return n
}

// lengthKeyword reads a non-negative integer keyword value.
func lengthKeyword(s map[string]any, keyword string) (int64, bool, error) {
	limit, present, err := numberKeyword(s, keyword)
	if err != nil || !present {
		return 0, false, err
	}
	if !limit.IsInt() || limit.Sign() < 0 || !limit.Num().IsInt64() {
		return 0, false, badSchema("%s must be a non-negative integer", keyword)
	}
	return limit.Num().Int64(), true, nil
}

// checkPattern applies "pattern", an unanchored regular expression search.
func (v *validator) checkPattern(s map[string]any, str string, at *place) error {
	raw, ok := s["pattern"]
	if !ok || v.oracle.has(faultPayloadPatternIgnored) {
		return nil
	}
	expr, isString := raw.(string)
	if !isString {
		return badSchema("pattern must be a valid regular expression")
	}
	if v.oracle.has(faultPayloadPatternAnchored) {
		expr = "^(?:" + expr + ")$" // a whole-string match, as Java's String.matches
	}
	re, err := v.pattern(expr)
	if err != nil {
		return err
	}
	if err := v.steps.Spend(re, str); err != nil {
		return badSchema("%v", err) // an answer, not minutes of matching
	}
	if !re.MatchString(str) {
		v.fail(at, "string does not match pattern %q", expr)
	}
	return nil
}

// checkObject applies required, properties and additionalProperties to an
// object instance.
func (v *validator) checkObject(s map[string]any, inst any, at *place) error {
	obj, ok := inst.(map[string]any)
	if !ok {
		return nil
	}
	if err := v.checkRequired(s, obj, at); err != nil {
		return err
	}
	props, _ := s["properties"].(map[string]any)
	if _, present := s["properties"]; present && props == nil {
		return badSchema("properties must be an object")
	}
	for _, key := range sortedKeys(obj) {
		sub, declared := props[key]
		if !declared {
			if v.oracle.has(faultPayloadAdditionalPropertiesIgnored) {
				continue
			}
			sub, declared = s["additionalProperties"]
			if !declared && v.oracle.has(faultPayloadClosedByDefault) {
				sub, declared = false, true // additionalProperties read as false when absent
			}
		}
		if !declared {
			continue
		}
		if err := v.requiredOnParent(sub, obj, key, at); err != nil {
			return err
		}
		if err := v.validate(sub, obj[key], at.child(key)); err != nil {
			return err
		}
	}
	return nil
}

// requiredOnParent is the payload-nested-required-on-parent fault: the
// required list of the schema of a nested object (obj[key]) is also looked
// up in obj, the object holding it. Without the fault it does nothing.
func (v *validator) requiredOnParent(sub any, obj map[string]any, key string, at *place) error {
	subSchema, isSchema := sub.(map[string]any)
	_, isObject := obj[key].(map[string]any)
	if !isSchema || !isObject || !v.oracle.has(faultPayloadNestedRequiredOnParent) {
		return nil
	}
	return v.checkRequired(subSchema, obj, at.child(key))
}

// checkRequired applies "required": every listed key must be present.
func (v *validator) checkRequired(s map[string]any, obj map[string]any, at *place) error {
	raw, ok := s["required"]
	if props, isObject := s["properties"].(map[string]any); isObject && v.oracle.has(faultPayloadAllPropertiesRequired) {
		raw, ok = anySlice(sortedKeys(props)), true // every declared property treated as required
	}
	if !ok || v.oracle.has(faultPayloadRequiredIgnored) || at != nil && v.oracle.has(faultPayloadNestedRequiredIgnored) {
		return nil
	}
	list, ok := raw.([]any)
	if !ok {
		return badSchema("required must be an array of strings")
	}
	for _, item := range list {
		key, ok := item.(string)
		if !ok {
			return badSchema("required must be an array of strings")
		}
		if value, present := obj[key]; !present || value == nil && v.oracle.has(faultPayloadRequiredNullMissing) {
			v.fail(at, "required property %q is missing", key)
		}
		if v.full() {
			return errListFull // a list longer than the object: stop where the errors do
		}
	}
	return nil
}

// anySlice converts a list of strings to the []any a decoded JSON array is.
func anySlice(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// checkArray applies "items" to an array instance: one schema for every
// element, or (tuple form) one schema per position.
func (v *validator) checkArray(s map[string]any, inst any, at *place) error {
	arr, ok := inst.([]any)
	items, present := s["items"]
	if !ok || !present || v.oracle.has(faultPayloadItemsIgnored) {
		return nil
	}
	tuple, isTuple := items.([]any)
	if !isTuple && v.oracle.has(faultPayloadItemsOnArray) {
		return v.validate(items, arr, at) // the array, not each element, checked against items
	}
	for i, elem := range arr {
		sub := items
		if isTuple {
			if i >= len(tuple) {
				break // additionalItems is not supported; extra positions are unconstrained
			}
			sub = tuple[i]
		}
		if err := v.validate(sub, elem, at.child(strconv.Itoa(i))); err != nil {
			return err
		}
	}
	return nil
}

// faultyBound returns the comparison a numeric keyword fails by, as a
// faulty validator writes it; without a fault of that keyword, fails itself.
func (v *validator) faultyBound(keyword string, fails func(cmp int) bool) func(cmp int) bool {
	switch {
	case keyword == "minimum" && v.oracle.has(faultPayloadMinimumExclusive):
		return func(c int) bool { return c <= 0 } // <= where < belongs
	case keyword == "maximum" && v.oracle.has(faultPayloadMaximumExclusive):
		return func(c int) bool { return c >= 0 } // >= where > belongs
	case keyword == "exclusiveMinimum" && v.oracle.has(faultPayloadExclusiveMinimumInclusive):
		return func(c int) bool { return c < 0 } // read as minimum
	case keyword == "exclusiveMaximum" && v.oracle.has(faultPayloadExclusiveMaximumInclusive):
		return func(c int) bool { return c > 0 } // read as maximum
	}
	return fails
}

// faultyLimit returns the limit a numeric keyword is compared with, as a
// faulty validator computes it; without a fault of that keyword, limit itself.
func (v *validator) faultyLimit(keyword string, limit *big.Rat) *big.Rat {
	one := big.NewRat(1, 1)
	switch {
	case keyword == "exclusiveMinimum" && v.oracle.has(faultPayloadExclusiveMinimumOffByOne):
		return new(big.Rat).Add(limit, one) // the integer minimum, still compared with >
	case keyword == "exclusiveMaximum" && v.oracle.has(faultPayloadExclusiveMaximumOffByOne):
		return new(big.Rat).Sub(limit, one) // the integer maximum, still compared with <
	}
	return limit
}

// doubleEqual is a faulty validator's equality: the data's numbers were
// decoded as doubles and the schema's integers as integers, and equals is
// type-strict, so a data number never equals an integer-spelled schema
// number. Only the payload-const/enum-number-as-double faults use it.
func doubleEqual(inst, want any) bool {
	if w, ok := want.(json.Number); ok {
		if _, isNumber := inst.(json.Number); isNumber && !strings.ContainsAny(string(w), ".eE") {
			return false
		}
	}
	return jsonEqual(inst, want)
}

// looseEqual is a faulty validator's equality: scalars compared by their
// text, so the string "1" equals the number 1 (PHP's ==, JavaScript's ==).
// Only the payload-enum-loose and payload-const-loose faults use it.
func looseEqual(a, b any) bool {
	if jsonEqual(a, b) {
		return true
	}
	scalar := func(x any) bool {
		switch x.(type) {
		case string, json.Number, bool:
			return true
		}
		return false
	}
	return scalar(a) && scalar(b) && fmt.Sprint(a) == fmt.Sprint(b)
}

// jsonEqual is JSON deep equality with type distinction (true != 1,
// {} != []) and numeric equality by value (1 == 1.0), as JSON Schema defines.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		x, errA := rat(a)
		y, errB := rat(bn)
		return ok && errA == nil && errB == nil && x.Cmp(y) == 0
	case []any:
		bl, ok := b.([]any)
		return ok && len(a) == len(bl) && allEqual(len(a), func(i int) bool { return jsonEqual(a[i], bl[i]) })
	case map[string]any:
		bm, ok := b.(map[string]any)
		return ok && len(a) == len(bm) && mapsEqual(a, bm)
	}
	return a == b // nil, bool, string: comparable, and differing types are unequal
}

// allEqual reports whether eq holds for every index below n.
func allEqual(n int, eq func(int) bool) bool {
	for i := 0; i < n; i++ {
		if !eq(i) {
			return false
		}
	}
	return true
}

// mapsEqual reports whether two same-sized objects hold equal values per key.
func mapsEqual(a, b map[string]any) bool {
	for k, av := range a {
		bv, ok := b[k]
		if !ok || !jsonEqual(av, bv) {
			return false
		}
	}
	return true
}

// sortedKeys returns the keys of m in sorted order, for deterministic errors.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
