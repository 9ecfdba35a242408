// Package babelqueue is a stand-in for the babelqueue-go core: the envelope
// API of shared/sdk-api/go.md §1-5, with minimal bodies.
package babelqueue

import (
	"encoding/json"
	"errors"
	"strings"
)

// SchemaVersion is the envelope schema version this core accepts.
const SchemaVersion = 1

// ErrEmptyURN is Make's error for a blank URN.
var ErrEmptyURN = errors.New("babelqueue: empty urn")

// Meta is the envelope's meta object.
type Meta struct {
	ID            string `json:"id"`
	Lang          string `json:"lang"`
	SchemaVersion int    `json:"schema_version"`
	CreatedAt     int64  `json:"created_at"`
	Queue         string `json:"queue"`
}

// DeadLetter is the envelope's dead_letter object.
type DeadLetter struct {
	Reason        string  `json:"reason"`
	Error         *string `json:"error"`
	FailedAt      int64   `json:"failed_at"`
	OriginalQueue string  `json:"original_queue"`
	Attempts      int     `json:"attempts"`
}

// Annotate returns env with a dead_letter block (the signature the
// scaffold's dead_letter mapping calls).
func Annotate(env Envelope, reason, originalQueue string, attempts int, cause error) Envelope {
	dl := &DeadLetter{Reason: reason, OriginalQueue: originalQueue, Attempts: attempts}
	if cause != nil {
		text := cause.Error()
		dl.Error = &text
	}
	env.DeadLetter = dl
	return env
}

// Envelope is a decoded message.
type Envelope struct {
	Job        string         `json:"job"`
	TraceID    string         `json:"trace_id"`
	Data       map[string]any `json:"data"`
	Meta       Meta           `json:"meta"`
	Attempts   int            `json:"attempts"`
	DeadLetter *DeadLetter    `json:"dead_letter,omitempty"`
	// warnings are the forbidden keys Decode dropped.
	warnings []string
	// attemptsNull: the wire's attempts was null, which no integer reads as.
	attemptsNull bool
}

// forbiddenKeys are the non-canonical keys Decode drops and warns about, by
// the JSON pointer of their object.
var forbiddenKeys = map[string][]string{"": {"timestamp"}, "/meta": {"attempts", "max_retries", "source", "ts"}}

// Decode reads an envelope, resolving the urn alias into Job.
func Decode(raw []byte) (Envelope, error) {
	var wire struct {
		Envelope
		URN string `json:"urn"`
	}
	if err := json.Unmarshal(raw, &wire); err != nil {
		return Envelope{}, err
	}
	env := wire.Envelope
	if strings.TrimSpace(env.Job) == "" { // a blank job names nothing: the urn alias may
		env.Job = strings.TrimSpace(wire.URN)
	}
	env.attemptsNull = isNull(raw, "attempts")
	env.warnings = dropped(raw)
	return env, nil
}

// isNull reports whether raw's top-level key is present as null.
func isNull(raw []byte, key string) bool {
	var top map[string]json.RawMessage
	return json.Unmarshal(raw, &top) == nil && string(top[key]) == "null"
}

// dropped lists a warning for each forbidden key raw carries.
func dropped(raw []byte) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil
	}
	objects := map[string]map[string]json.RawMessage{"": top}
	var meta map[string]json.RawMessage
	if json.Unmarshal(top["meta"], &meta) == nil {
		objects["/meta"] = meta
	}
	var warnings []string
	for _, at := range []string{"", "/meta"} {
		for _, key := range forbiddenKeys[at] {
			if _, ok := objects[at][key]; ok {
				warnings = append(warnings, "babelqueue: dropped forbidden non-canonical envelope key "+at+"/"+key)
			}
		}
	}
	return warnings
}

// Warnings are the forbidden keys Decode dropped; nil when there were none.
// TestMissingFeatureRuleOnStandIn replaces or removes the marked line.
func (e Envelope) Warnings() []string { return e.warnings } // variant: warnings

// Accepts reports whether a consumer may handle the envelope.
func (e Envelope) Accepts() bool {
	return e.Job != "" && e.Meta.SchemaVersion == SchemaVersion && e.Data != nil && strings.TrimSpace(e.TraceID) != "" && e.Attempts >= 0 && !e.attemptsNull
}

// URN is the envelope's resolved URN.
func (e Envelope) URN() string { return e.Job }

// Encode writes the envelope as compact JSON.
func (e Envelope) Encode() ([]byte, error) { return json.Marshal(e) }

// Option tunes Make.
type Option func(*Envelope)

// WithQueue sets meta.queue.
func WithQueue(queue string) Option { return func(e *Envelope) { e.Meta.Queue = queue } }

// WithTraceID sets trace_id.
func WithTraceID(id string) Option { return func(e *Envelope) { e.TraceID = id } }

// Make builds a new envelope.
func Make(urn string, data map[string]any, opts ...Option) (Envelope, error) {
	if strings.TrimSpace(urn) == "" {
		return Envelope{}, ErrEmptyURN
	}
	if data == nil {
		data = map[string]any{}
	}
	env := Envelope{Job: urn, TraceID: "standin-trace", Data: data,
		Meta: Meta{ID: "standin-id", Lang: "go", SchemaVersion: SchemaVersion, Queue: "default"}}
	for _, opt := range opts {
		opt(&env)
	}
	return env, nil
}
