package oracle

import "encoding/json"

// encode renders the envelope as compact JSON. Contract decisions:
//
//   - The URN is emitted as "job", the producer field name, whichever of job
//     or the urn alias it was read from; "urn" itself is never re-emitted.
//   - Known keys come first in canonical order (job, trace_id, data, meta,
//     attempts, dead_letter; inside meta: id, queue, lang, schema_version,
//     created_at), each only if the envelope carries it, with its value
//     re-emitted verbatim (whitespace removed).
//   - Unknown keys follow the known keys of their object, in input order,
//     verbatim, so decode then encode preserves them (consumers ignore unknown
//     keys, and ignoring must not mean deleting).
//   - Forbidden keys were dropped on decode and so are never emitted.
//
// Key order is not part of the contract; this order is chosen to be stable.
func (o *Oracle) encode(e *envelope) []byte {
	var out []member
	if urn, ok := o.urn(e); ok {
		out = append(out, member{"job", mustMarshalString(urn)})
	}
	for _, key := range topLevelOrder() {
		value := lookup(e.top, key)
		if value == nil {
			continue
		}
		switch key {
		case "data":
			value = o.encodeData(value)
		case metaKey:
			value = o.encodeMeta(e)
		}
		out = append(out, member{key, value})
	}
	if !o.has(faultUnknownKeysDropped) {
		out = append(out, unknownMembers(e.top, isKnownTop)...)
	}
	return writeObject(out)
}

// encodeMeta renders the meta block: known keys in canonical order, then its
// unknown keys in input order.
func (o *Oracle) encodeMeta(e *envelope) json.RawMessage {
	var out []member
	for _, key := range metaOrder() {
		if value := lookup(e.meta, key); value != nil {
			out = append(out, member{key, value})
		}
	}
	if !o.has(faultUnknownKeysDropped) && !o.has(faultUnknownMetaKeysDropped) {
		out = append(out, unknownMembers(e.meta, isKnownMeta)...)
	}
	return writeObject(out)
}

// encodeData re-emits data verbatim: an empty object stays {}.
func (o *Oracle) encodeData(data json.RawMessage) json.RawMessage {
	data = compact(data)
	if o.has(faultEmptyDataAsArray) && string(data) == "{}" {
		return json.RawMessage("[]") // an empty map serialised as a list
	}
	return data
}

// unknownMembers returns the members whose key is not known, in input order.
func unknownMembers(members []member, known func(string) bool) []member {
	var out []member
	for _, m := range members {
		if !known(m.key) {
			out = append(out, m)
		}
	}
	return out
}
