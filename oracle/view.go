package oracle

import "encoding/json"

// View is the neutral view of a decoded message, the same in every language.
// A field the envelope does not carry, or carries with the wrong JSON type, is
// nil here and null on the wire.
type View struct {
	URN           *string         `json:"urn"`
	Data          json.RawMessage `json:"data"` // exact JSON of data: number text, key order, {} vs []
	Attempts      *int64          `json:"attempts"`
	Lang          *string         `json:"lang"`
	SchemaVersion *int64          `json:"schema_version"`
	TraceID       *string         `json:"trace_id"`
	ID            *string         `json:"id"`
	CreatedAt     *int64          `json:"created_at"`
	Queue         *string         `json:"queue"`
	DeadLetter    json.RawMessage `json:"dead_letter"` // the block as it came, or nil
}

// view builds the neutral view of e. It is computed for rejected envelopes
// too, which helps a failing test explain itself.
func (o *Oracle) view(e *envelope) *View {
	v := &View{
		Data:          compactOrNil(lookup(e.top, "data")),
		Attempts:      o.viewAttempts(e),
		TraceID:       stringPtr(lookup(e.top, "trace_id")),
		Lang:          o.viewLang(e),
		SchemaVersion: intPtr(e.metaValue("schema_version")),
		ID:            stringPtr(e.metaValue("id")),
		CreatedAt:     intPtr(e.metaValue("created_at")),
		Queue:         stringPtr(e.metaValue("queue")),
		DeadLetter:    o.deadLetter(e),
	}
	if urn, ok := o.urn(e); ok {
		v.URN = &urn
	}
	return v
}

// viewAttempts is attempts as the consumer holds it.
func (o *Oracle) viewAttempts(e *envelope) *int64 {
	if n, ok, handled := o.faultyAttempts(lookup(e.top, "attempts")); handled && ok {
		return &n
	}
	return intPtr(lookup(e.top, "attempts"))
}

// viewLang is meta.lang as the message carries it: the language of the
// producer, which is not necessarily this consumer's.
func (o *Oracle) viewLang(e *envelope) *string {
	if o.has(faultViewLangOwn) {
		own := sourceLang // the consumer answers with its own language tag
		return &own
	}
	return stringPtr(e.metaValue("lang"))
}

// deadLetter returns the dead_letter block when it is an object.
func (o *Oracle) deadLetter(e *envelope) json.RawMessage {
	if o.has(faultDeadLetterDropped) {
		return nil // the decoder has no field for the block
	}
	dl := lookup(e.top, "dead_letter")
	if !isObject(dl) {
		return nil
	}
	return compact(dl)
}

// compactOrNil compacts raw, keeping "absent" as nil.
func compactOrNil(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	return compact(raw)
}

// stringPtr returns raw as a string, or nil when it is not a JSON string.
func stringPtr(raw json.RawMessage) *string {
	if s, ok := asString(raw); ok {
		return &s
	}
	return nil
}

// intPtr returns raw as an integer, or nil when it is not a JSON integer.
func intPtr(raw json.RawMessage) *int64 {
	if n, ok := asInt(raw); ok {
		return &n
	}
	return nil
}
