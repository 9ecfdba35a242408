package oracle

import "encoding/json"

// supportedSchemaVersion is the only envelope schema version this consumer
// understands; consumers MUST reject versions they do not support.
const supportedSchemaVersion = 1

// rejectReason is accepts() inverted: "" when the envelope is acceptable,
// otherwise why not. The checks follow the specification: an identity (job
// or its urn alias), schema_version exactly 1, a trace_id, data an object, and
// attempts a non-negative integer. Other meta fields (id, queue, lang,
// created_at) are not checked: a missing meta.id must still reach the
// idempotency helper (which fails open), and an unknown lang is a consumer
// tolerance.
func (o *Oracle) rejectReason(e *envelope) string {
	if _, ok := o.urn(e); !ok && !o.has(faultIdentityUnchecked) {
		return "no 'job' or 'urn': the message has no identity"
	}
	if !o.traceIDAcceptable(lookup(e.top, "trace_id")) {
		return "trace_id is missing or empty"
	}
	if !o.dataAcceptable(lookup(e.top, "data")) {
		return "data is not a JSON object"
	}
	if reason := o.metaRejectReason(e); reason != "" {
		return reason
	}
	if !o.attemptsAcceptable(e) {
		return "attempts is not a non-negative integer"
	}
	return ""
}

// metaRejectReason is why meta makes the envelope unacceptable, or "".
func (o *Oracle) metaRejectReason(e *envelope) string {
	switch {
	case !e.hasMeta && o.has(faultMetaNonObjectUnchecked) && len(lookup(e.top, metaKey)) > 0:
		return "" // the meta checks written as "if meta is an object"
	case !e.hasMeta:
		return "meta is missing or not a JSON object"
	case !o.schemaVersionSupported(e.metaValue("schema_version")):
		return "meta.schema_version is not a version this SDK supports (want 1)"
	case o.has(faultUnknownLangRejected) && !isProducerLang(e.metaValue("lang")):
		return "meta.lang is not a known language"
	}
	return ""
}

// traceIDAcceptable reports whether trace_id is a string that is not blank:
// per-message fields are asserted for presence, and a blank id is none.
func (o *Oracle) traceIDAcceptable(raw json.RawMessage) bool {
	s, ok := asString(raw)
	switch {
	case len(raw) == 0 && o.has(faultTraceIDOptional):
		return true // checked only when present
	case !ok && len(raw) > 0 && o.has(faultTraceIDUntyped):
		return true // only a string is checked for blankness
	case !ok:
		return false
	case o.has(faultTraceIDNotTrimmed):
		return s != ""
	case o.has(faultTraceIDEmptyAccepted):
		return s == "" || !isBlank(s) // a blank check written as ^\s+$
	}
	return !isBlank(s)
}

// attemptsAcceptable reports whether attempts is a non-negative integer.
func (o *Oracle) attemptsAcceptable(e *envelope) bool {
	if n, ok, handled := o.faultyAttempts(lookup(e.top, "attempts")); handled {
		return ok && n >= 0
	}
	if o.has(faultAttemptsNegativeAccepted) {
		_, ok := e.attempts()
		return ok // an integer check without the minimum
	}
	if o.has(faultAttemptsFractionAccepted) {
		var f float64
		return json.Unmarshal(lookup(e.top, "attempts"), &f) == nil && f >= 0
	}
	n, ok := e.attempts()
	return ok && n >= 0
}

// dataAcceptable reports whether data is a JSON object. An array is rejected:
// data is always an object on the wire.
func (o *Oracle) dataAcceptable(data json.RawMessage) bool {
	switch {
	case o.has(faultDataArrayAccepted) && len(data) > 0 && data[0] == '[':
		return true
	case o.has(faultDataNullAccepted) && string(data) == "null":
		return true
	case o.has(faultDataMissingAccepted) && len(data) == 0:
		return true // a missing data read as an empty one
	case o.has(faultDataScalarAccepted) && len(data) > 0 && data[0] != '[' && string(data) != "null":
		return true // a check written as "not null and not a list"
	case o.has(faultDataJSONStringDecoded):
		if s, ok := asString(data); ok && isObject(json.RawMessage(s)) {
			return true // a double-encoded payload decoded once more
		}
	}
	return isObject(data)
}

// schemaVersionSupported reports whether meta.schema_version is the integer 1.
// A missing version is not 1: the specification says consumers reject the
// versions they do not support, and one they cannot read is such a version.
func (o *Oracle) schemaVersionSupported(raw json.RawMessage) bool {
	if supported, handled := o.faultySchemaVersion(raw); handled {
		return supported
	}
	switch {
	case o.has(faultSchemaVersionUnchecked):
		return true
	case len(raw) == 0 && (o.has(faultSchemaVersionMissingDefaults) || o.has(faultSchemaVersionFalsySkipped)):
		return true // a default of 1, or a truthiness check that skips undefined
	}
	v, ok := asInt(raw)
	switch {
	case ok && o.has(faultSchemaVersionOnlyNewerRejected):
		return v <= supportedSchemaVersion // "reject versions newer than ours"
	case ok && v == 0 && o.has(faultSchemaVersionFalsySkipped):
		return true // 0 is falsy, so the check never ran
	}
	return ok && v == supportedSchemaVersion
}

// isProducerLang reports whether raw is one of the producer schema's lang
// values. Only a faulty consumer uses it: consumers must tolerate any lang.
func isProducerLang(raw json.RawMessage) bool {
	s, _ := asString(raw)
	return contains([]string{"php", "go", "python", "java", "dotnet", "node"}, s)
}
