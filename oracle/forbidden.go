package oracle

// Forbidden keys are the non-canonical envelope keys of message-envelope §10
// (policy K-15). Decoding a message that carries one succeeds with a warning,
// so old producers keep working, but the key is dropped: it is not an unknown
// key to preserve, because encoding must never emit it.

// isForbiddenTop reports whether key is a forbidden top-level key.
func isForbiddenTop(key string) bool { return key == "timestamp" }

// isForbiddenMeta reports whether key is a forbidden meta key. meta.attempts
// is the draft-era shadow of the top-level attempts counter.
func isForbiddenMeta(key string) bool {
	return contains([]string{"max_retries", "attempts", "source", "ts"}, key)
}

// dropForbidden returns members without the forbidden ones and records one
// warning on env per key dropped, naming the key's RFC 6901 pointer under the
// parent path. Keys are matched exactly: JSON keys are case-sensitive, so
// "Timestamp" is an unknown key and is preserved.
func (o *Oracle) dropForbidden(env *envelope, members []member, forbidden func(string) bool, parent ...string) []member {
	prefix := pointer(parent...)
	kept := make([]member, 0, len(members))
	for _, m := range members {
		if !forbidden(m.key) {
			kept = append(kept, m)
			continue
		}
		if !o.has(faultForbiddenKeySilent) {
			env.warnings = append(env.warnings, forbiddenWarning(prefix+pointer(m.key)))
		}
		if o.has(faultForbiddenKeyReemitted) {
			kept = append(kept, m) // carried along as if it were an unknown key
		}
	}
	return kept
}

// forbiddenWarning is the text of the warning for the key at ptr. It names the
// pointer so a runner can match the warning to the key.
func forbiddenWarning(ptr string) string {
	return "dropped forbidden non-canonical envelope key " + ptr + " (message-envelope.md §10)"
}
