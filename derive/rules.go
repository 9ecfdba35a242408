// Package derive adds the cases a suite's own schemas decide mechanically:
// for the envelope schema, every other JSON type at each property it types,
// an empty and a whitespace-only value for each required string, and the
// machine-width integers around each integer's bounds; for the payload
// schema, draft-07's number, null and equality subtleties. Each derived
// case's verdict is taken from the schema through a Draft-07 validator and
// from the oracle, and the two must agree (or a reading the specification's
// prose makes must say why not): the deriver never picks one silently.
package derive

// Rule is one derivation rule: a name the derived cases' descriptions carry,
// what the rule checks and why an SDK gets it wrong, and the function that
// proposes its cases.
type Rule struct {
	Name        string
	Explanation string
	// derive yields the rule's candidates one at a time, so derive can stop
	// at the first that passes a limit without building the rest.
	derive func(*deriver, func(candidate) bool)
}

// Rules is the list of derivation rules, in the order they run (and their
// cases are appended). It is the one place the rules are defined: the
// README's list is written from it (TestRulesDocumented).
func Rules() []Rule {
	return []Rule{
		{Name: "wrong-type", derive: (*deriver).wrongType,
			Explanation: "every property the envelope schema types, given each other JSON type (object, array, string, number, integer, boolean, null) in turn: an SDK that reads a field loosely (a boolean attempts as 1, a schema_version \"1\", a numeric trace_id) accepts what the schema rejects"},
		{Name: "empty-string", derive: (*deriver).emptyStrings,
			Explanation: "every required string of the envelope (and urn, the alias standing in for job) present but empty, and present but only whitespace: a presence check is not a value check"},
		{Name: "integer-width", derive: (*deriver).integerWidths,
			Explanation: "every integer of the envelope at the machine widths SDKs trip on (2^31-1, 2^31, 2^32, 2^53-1), where the schema's own bounds allow them: a 32-bit field truncates or overflows a valid value"},
		{Name: "integer-bound", derive: (*deriver).integerBounds,
			Explanation: "every integer of the envelope just outside each bound its schema states (minimum, maximum, the exclusive ones, const)"},
		{Name: "integral-float", derive: (*deriver).integralFloats,
			Explanation: "every payload property typed integer, given a valid value spelled with a zero fraction (7.0): draft-07 counts any number with a zero fractional part as an integer"},
		{Name: "required-null", derive: (*deriver).requiredNulls,
			Explanation: "every required payload property whose type admits null, present as null: required asks for presence, and null is a present value"},
		{Name: "const-enum-types", derive: (*deriver).constEnumTypes,
			Explanation: "every payload const and enum, given its first value in another JSON type (the string of a number, the boolean of 1 or 0, null, the value wrapped in an array) and, for an integer, spelled with a zero fraction: draft-07 compares values with their JSON types, and 1.0 equals 1"},
		{Name: "payload-wrong-type", derive: (*deriver).payloadWrongType,
			Explanation: "every payload property its schema types, given each other JSON type (object, array, string, number, integer, boolean, null) in turn: a validator that checks a type loosely (a boolean as a number, a number's text as a number) accepts what the schema rejects"},
		{Name: "non-integral", derive: (*deriver).nonIntegral,
			Explanation: "every payload property typed integer, given a valid value plus a half (inside its bounds): a validator that reads integer as number accepts 3.5"},
		{Name: "open-object", derive: (*deriver).openObjects,
			Explanation: "every payload object whose schema leaves additionalProperties out, given a member it does not declare: draft-07's default admits it, and a validator that closes objects by default rejects it"},
		{Name: "multiple-of-one", derive: (*deriver).multipleOfOne,
			Explanation: "every payload multipleOf, given 1.0 where the multiple divides 1: a float division that rounds is not draft-07's exact test"},
	}
}
