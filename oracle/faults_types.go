package oracle

import (
	"encoding/json"
	"math"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The faults the derived cases (suite 1.5.0) catch: each is a bug real SDKs
// were found to have, or the one a typed language gets from a loose read,
// at the place it lives. Only the derived cases kill them.
const (
	faultAttemptsBooleanAsInteger      Fault = "attempts-boolean-as-integer"
	faultAttemptsNonNumberZero         Fault = "attempts-non-number-zero"
	faultAttemptsInt32Truncated        Fault = "attempts-int32-truncated"
	faultAttemptsInt32NextOverflows    Fault = "attempts-int32-next-overflows"
	faultSchemaVersionLooseEquality    Fault = "schema-version-loose-equality"
	faultSchemaVersionNonNumberDefault Fault = "schema-version-non-number-defaulted"
	faultSchemaVersionTruncated        Fault = "schema-version-truncated"
	faultTraceIDUntyped                Fault = "trace-id-untyped"
	faultMetaNonObjectUnchecked        Fault = "meta-non-object-unchecked"
	faultIdentityEmptyAccepted         Fault = "identity-empty-accepted"
	faultPayloadIntegralFloatNotInt    Fault = "payload-integral-float-not-integer"
	faultPayloadRequiredNullMissing    Fault = "payload-required-null-missing"
	faultPayloadEqualityFloatDistinct  Fault = "payload-const-enum-float-distinct"
	faultPayloadEqualityBooleanNumber  Fault = "payload-const-enum-boolean-as-number"
	faultPayloadEqualityNullSkipped    Fault = "payload-const-enum-null-skipped"
	faultPayloadEqualityArrayUnwrapped Fault = "payload-const-enum-array-unwrapped"
)

// typeFaultTable describes the faults above.
func typeFaultTable() []FaultInfo {
	return []FaultInfo{
		{Name: faultAttemptsBooleanAsInteger, Block: model.BlockCases, Description: "attempts read through a numeric conversion that takes a boolean (true as 1), so \"attempts\": true is accepted"},
		{Name: faultAttemptsNonNumberZero, Block: model.BlockCases, Description: "an attempts that is not a number reads as 0 (a type assertion whose failure is ignored), so a string, object, array, boolean or null attempts is accepted"},
		{Name: faultAttemptsInt32Truncated, Block: model.BlockCases, Description: "attempts is held in a 32-bit integer: 2^31 wraps negative and is rejected, 2^32 reads as 0"},
		{Name: faultAttemptsInt32NextOverflows, Block: model.BlockCases, Description: "attempts is held in a 32-bit integer and the next attempt computed on decode; one that overflows (from 2^31-1 on) rejects the envelope"},
		{Name: faultSchemaVersionLooseEquality, Block: model.BlockCases, Description: "meta.schema_version compared with loose equality (PHP's and JavaScript's ==), so \"1\" and true are version 1"},
		{Name: faultSchemaVersionNonNumberDefault, Block: model.BlockCases, Description: "a meta.schema_version that is not a number is read as the default version 1, so a string, object, array, boolean or null version is accepted"},
		{Name: faultSchemaVersionTruncated, Block: model.BlockCases, Description: "meta.schema_version converted to an integer by truncation, so 1.5 is version 1"},
		{Name: faultTraceIDUntyped, Block: model.BlockCases, Description: "trace_id checked for presence and, when a string, for blankness, but not for its type: a numeric (or any non-string) trace_id is accepted"},
		{Name: faultMetaNonObjectUnchecked, Block: model.BlockCases, Description: "the meta checks run only when meta is an object, so a meta of any other type skips them and the envelope is accepted"},
		{Name: faultIdentityEmptyAccepted, Block: model.BlockCases, Description: "a job (or urn) that is a string names the message even when empty or blank: a presence check, not a value check"},
		{Name: faultPayloadIntegralFloatNotInt, Block: model.BlockPayloadSchema, Description: "type integer requires an integer spelling, so 7.0 (an integer in draft-07) is rejected", Needs: protocol.IntegralFloatSpelling},
		{Name: faultPayloadRequiredNullMissing, Block: model.BlockPayloadSchema, Description: "required treats a property present as null as missing, though its type admits null"},
		{Name: faultPayloadEqualityFloatDistinct, Block: model.BlockPayloadSchema, Description: "const and enum tell 1.0 from 1 (Java's Long.equals(Double)), though draft-07 compares numbers by value", Needs: protocol.IntegralFloatSpelling},
		{Name: faultPayloadEqualityBooleanNumber, Block: model.BlockPayloadSchema, Description: "const and enum compare true equal to 1 and false to 0 (Python's True == 1)"},
		{Name: faultPayloadEqualityNullSkipped, Block: model.BlockPayloadSchema, Description: "const and enum skip a null value as if the property were absent"},
		{Name: faultPayloadEqualityArrayUnwrapped, Block: model.BlockPayloadSchema, Description: "const and enum compare a one-item array as its item (JavaScript's String([1]) === \"1\")"},
	}
}

// faultyAttempts is attempts as a faulty consumer reads it: ok false when
// it rejects the value, handled true when a fault decided.
func (o *Oracle) faultyAttempts(raw json.RawMessage) (n int64, ok, handled bool) {
	isNumber := len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
	switch {
	case o.has(faultAttemptsBooleanAsInteger) && (string(raw) == "true" || string(raw) == "false"):
		if string(raw) == "true" {
			return 1, true, true
		}
		return 0, true, true
	case o.has(faultAttemptsNonNumberZero) && len(raw) > 0 && !isNumber:
		return 0, true, true
	}
	n, ok = asInt(raw)
	switch {
	case ok && o.has(faultAttemptsInt32Truncated):
		return int64(int32(n)), true, true
	case ok && o.has(faultAttemptsInt32NextOverflows):
		return n, int64(int32(n)) == n && n < math.MaxInt32, true
	}
	return 0, false, false
}

// faultySchemaVersion is meta.schema_version as a faulty consumer reads it.
func (o *Oracle) faultySchemaVersion(raw json.RawMessage) (supported, handled bool) {
	isNumber := len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
	switch {
	case o.has(faultSchemaVersionLooseEquality) && (string(raw) == `"1"` || string(raw) == "true"):
		return true, true
	case o.has(faultSchemaVersionNonNumberDefault) && len(raw) > 0 && !isNumber:
		return true, true
	case o.has(faultSchemaVersionTruncated) && isNumber:
		var f float64
		return json.Unmarshal(raw, &f) == nil && math.Trunc(f) == supportedSchemaVersion, true
	}
	return false, false
}

// faultyIdentity is the name a faulty consumer takes from an empty or
// blank job or urn string.
func (o *Oracle) faultyIdentity(e *envelope) (string, bool) {
	if !o.has(faultIdentityEmptyAccepted) {
		return "", false
	}
	for _, key := range []string{"job", "urn"} {
		if s, ok := asString(lookup(e.top, key)); ok {
			return s, true
		}
	}
	return "", false
}

// faultyTypeEqual is the equality a faulty const or enum uses for the
// derived cases' faults; nil when none is on.
func (v *validator) faultyTypeEqual() func(inst, want any) bool {
	switch {
	case v.oracle.has(faultPayloadEqualityFloatDistinct):
		return func(inst, want any) bool {
			a, aNum := inst.(json.Number)
			b, bNum := want.(json.Number)
			if aNum && bNum && isFloatText(string(a)) != isFloatText(string(b)) {
				return false
			}
			return jsonEqual(inst, want)
		}
	case v.oracle.has(faultPayloadEqualityBooleanNumber):
		return func(inst, want any) bool {
			if b, ok := inst.(bool); ok {
				n, isNum := want.(json.Number)
				return isNum && (b && string(n) == "1" || !b && string(n) == "0")
			}
			return jsonEqual(inst, want)
		}
	case v.oracle.has(faultPayloadEqualityNullSkipped):
		return func(inst, want any) bool { return inst == nil || jsonEqual(inst, want) }
	case v.oracle.has(faultPayloadEqualityArrayUnwrapped):
		return func(inst, want any) bool {
			if list, ok := inst.([]any); ok && len(list) == 1 {
				inst = list[0]
			}
			return jsonEqual(inst, want)
		}
	}
	return nil
}

// isFloatText reports whether a number is written with a fraction or an
// exponent.
func isFloatText(s string) bool { return strings.ContainsAny(s, ".eE") }
