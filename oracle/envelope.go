package oracle

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// envelope is a decoded wire envelope. It keeps every member as the exact
// bytes of the input (minus forbidden keys), so an unknown key, a data value
// or a dead_letter block is re-emitted as it came, and typed readings (the
// URN, attempts) are computed from the bytes when needed.
type envelope struct {
	top      []member // top-level members, input order
	meta     []member // members of meta, input order; valid only if hasMeta. Views and encode read meta from here, not from top's raw "meta" value
	hasMeta  bool     // meta is a JSON object
	warnings []string // one per forbidden key dropped, naming its pointer
}

// metaKey is the top-level key of the meta block.
const metaKey = "meta"

// topLevelOrder is the canonical order of the known top-level keys on encode.
// The URN is always emitted first as "job" (see encode).
func topLevelOrder() []string {
	return []string{"trace_id", "data", metaKey, "attempts", "dead_letter"}
}

// metaOrder is the canonical order of the known meta keys on encode.
func metaOrder() []string {
	return []string{"id", "queue", "lang", "schema_version", "created_at"}
}

// isKnownTop reports whether key is a top-level key the envelope defines.
// "urn" is known: it is the inbound alias of "job", resolved on decode and
// never re-emitted under its own name.
func isKnownTop(key string) bool {
	return key == "job" || key == "urn" || contains(topLevelOrder(), key)
}

// isKnownMeta reports whether key is a meta key the envelope defines.
func isKnownMeta(key string) bool { return contains(metaOrder(), key) }

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// decodeEnvelope parses raw into an envelope. It fails only when raw is not a
// JSON object; every other defect is left for rejectReason, so a rejected
// envelope can still be viewed.
func (o *Oracle) decodeEnvelope(raw []byte) (*envelope, error) {
	top, err := parseObject(raw)
	if err != nil {
		return nil, err
	}
	env := &envelope{}
	env.top = o.dropForbidden(env, top, isForbiddenTop)
	if m := lookup(env.top, metaKey); isObject(m) {
		meta, err := parseObject(m)
		if err != nil {
			return nil, err
		}
		env.hasMeta = true
		env.meta = o.dropForbidden(env, meta, isForbiddenMeta, metaKey)
	}
	return env, nil
}

// metaValue returns the raw value of a meta key, or nil.
func (e *envelope) metaValue(key string) json.RawMessage {
	if !e.hasMeta {
		return nil
	}
	return lookup(e.meta, key)
}

// attempts returns the top-level attempts counter when it is an integer.
func (e *envelope) attempts() (int64, bool) {
	return asInt(lookup(e.top, "attempts"))
}

// setAttempts replaces the top-level attempts counter.
func (e *envelope) setAttempts(n int64) {
	e.top = setMember(e.top, "attempts", json.RawMessage(strconv.FormatInt(n, 10)))
}

// setMeta replaces (or adds) a meta member and keeps the top-level meta value
// in step with it.
func (e *envelope) setMeta(key string, value json.RawMessage) {
	e.meta = setMember(e.meta, key, value)
	e.top = setMember(e.top, metaKey, writeObject(e.meta))
}

// urn resolves the message identity: "job" when it is a non-blank string,
// else the "urn" inbound alias. Blank means empty after trimming whitespace,
// the same test the producer applies. When both are present "job" names the
// message, whatever "urn" says: the schema calls job the canonical field and
// urn an alias consumers accept for it, and an alias stands in for a missing
// name; it never overrides the name.
func (o *Oracle) urn(e *envelope) (string, bool) {
	if s, ok := asString(lookup(e.top, "urn")); ok && !isBlank(s) && o.has(faultURNAliasPreferred) {
		return s, true // the alias read first, as if it were the canonical name
	}
	if s, ok := asString(lookup(e.top, "job")); ok && !isBlank(s) {
		return s, true
	}
	if o.has(faultURNAliasIgnored) {
		return "", false
	}
	if s, ok := asString(lookup(e.top, "urn")); ok && !isBlank(s) {
		return s, true
	}
	return o.faultyIdentity(e)
}

// isBlank reports whether s has no non-space character.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// errNotAccepted wraps the reason an operation refused a rejected envelope.
var errNotAccepted = errors.New("envelope not accepted")

// acceptedEnvelope decodes raw and requires accepts() to be true. Operations
// that act on a message (encode, projections, the idempotency key) only ever
// see messages a consumer accepted or a producer built.
func (o *Oracle) acceptedEnvelope(raw string) (*envelope, error) {
	env, err := o.decodeEnvelope([]byte(raw))
	if err != nil {
		return nil, errors.Join(errNotAccepted, err)
	}
	if reason := o.rejectReason(env); reason != "" {
		return nil, errors.Join(errNotAccepted, errors.New(reason))
	}
	return env, nil
}
