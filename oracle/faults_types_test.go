package oracle

import (
	"strconv"
	"testing"
)

// typeProbes observe the faults the derived cases catch, one value each.
func typeProbes() map[Fault]probe {
	acceptedAs := func(old, new string) func(*testing.T, *Oracle) string {
		return func(t *testing.T, o *Oracle) string { return accepted(t, o, variant(t, old, new)) }
	}
	viewedAttempts := func(n string) func(*testing.T, *Oracle) string {
		return func(t *testing.T, o *Oracle) string {
			d := mustDecode(t, o, variant(t, `"attempts": 2`, `"attempts": `+n))
			if !d.Accepted || d.View.Attempts == nil {
				return "rejected"
			}
			return strconv.FormatInt(*d.View.Attempts, 10)
		}
	}
	return map[Fault]probe{
		faultAttemptsBooleanAsInteger:      {"false", acceptedAs(`"attempts": 2`, `"attempts": true`)},
		faultAttemptsNonNumberZero:         {"false", acceptedAs(`"attempts": 2`, `"attempts": "2"`)},
		faultAttemptsInt32Truncated:        {"4294967296", viewedAttempts("4294967296")},
		faultAttemptsInt32NextOverflows:    {"2147483647", viewedAttempts("2147483647")},
		faultSchemaVersionLooseEquality:    {"false", acceptedAs(`"schema_version": 1`, `"schema_version": "1"`)},
		faultSchemaVersionNonNumberDefault: {"false", acceptedAs(`"schema_version": 1`, `"schema_version": null`)},
		faultSchemaVersionTruncated:        {"false", acceptedAs(`"schema_version": 1`, `"schema_version": 1.5`)},
		faultTraceIDUntyped:                {"false", acceptedAs(`"11111111-2222-4333-8444-555555555555"`, `42`)},
		faultMetaNonObjectUnchecked:        {"false", acceptedAs(`"meta": {`, `"meta": [], "x": {`)},
		faultIdentityEmptyAccepted:         {"false", acceptedAs(`"job": "urn:babel:test:thing"`, `"job": ""`)},
		faultPayloadIntegralFloatNotInt:    {"true", validProbe(`{"type":"integer"}`, `3.0`)},
		faultPayloadRequiredNullMissing:    {"true", validProbe(`{"required":["a"],"properties":{"a":{"type":["string","null"]}}}`, `{"a":null}`)},
		faultPayloadEqualityFloatDistinct:  {"true", validProbe(`{"enum":[1,2]}`, `1.0`)},
		faultPayloadEqualityBooleanNumber:  {"false", validProbe(`{"const":1}`, `true`)},
		faultPayloadEqualityNullSkipped:    {"false", validProbe(`{"enum":[1,2]}`, `null`)},
		faultPayloadEqualityArrayUnwrapped: {"false", validProbe(`{"const":1}`, `[1]`)},
	}
}
