package derive

import (
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// The schema is the producer's (the specification: it "validates producer
// output"); a consumer's accepts() is not the same test at every place.
// These are the places and values where the specification's prose makes
// the consumer's verdict another than the producer schema's, each with the
// prose that says so. Everything else must agree.

// undecidedPlaces are envelope places accepts() does not check, so the
// schema's rejection of a value there is no consumer verdict: no
// wrong-type, empty or bound case is derived there.
func undecidedPlaces() []struct{ place, why string } {
	return []struct{ place, why string }{
		{"/meta/id", "a missing meta.id fails open in the idempotency helper: the message still reaches it (idempotency.sequences)"},
		{"/meta/queue", "descriptive metadata the consumer does not check"},
		{"/meta/lang", "an unknown lang is a consumer tolerance (unknown-lang: producer_schema_valid false)"},
		{"/meta/created_at", "per-message fields are asserted for presence and shape, not checked by accepts()"},
		{"/dead_letter", "normal consumers ignore the dead_letter block (the schema's own description)"},
	}
}

// undecided returns why the consumer does not decide place, or "".
func undecided(place model.Pointer) string {
	s := place.String()
	for _, u := range undecidedPlaces() {
		if s == u.place || strings.HasPrefix(s, u.place+"/") {
			return u.why
		}
	}
	return ""
}

// aliasOf returns the place an inbound alias stands in for: "urn" is the
// inbound alias of "job" (consumers accept it), so the schema reads an
// envelope naming its URN by urn alone as if urn were job.
func aliasOf(place model.Pointer) (string, bool) {
	if place.String() == "/urn" {
		return "/job", true
	}
	return "", false
}

// asProducerWrites is doc as the producer schema judges it: an envelope
// with urn and no job has its urn read as job (the alias reading above).
func asProducerWrites(doc model.Value) model.Value {
	if doc.Has("job") || !doc.Has("urn") {
		return doc
	}
	out := doc
	out.Members = nil
	for _, m := range doc.Members {
		if m.Key == "urn" {
			m.Key = "job"
		}
		out.Members = append(out.Members, m)
	}
	return out
}

// reading is a verdict the prose gives where the schema's keywords give
// another: for a rule's cases at a place with a given value, the consumer's
// verdict and why.
type reading struct {
	rule, place, value string
	valid              bool
	why                string
}

// readings are the verdicts of the prose over the schema's.
func readings() []reading {
	blank := "a blank identity names nothing: the consumer reads a job (or urn) of only whitespace as absent (bqgen's reading since 1.4.0), where the schema's minLength counts the spaces"
	return []reading{
		{rule: "empty-string", place: "/job", value: `" "`, valid: false, why: blank},
		{rule: "empty-string", place: "/urn", value: `" "`, valid: false, why: blank},
	}
}

// readingFor returns the reading that covers c, if any.
func readingFor(c candidate) (reading, bool) {
	for _, r := range readings() {
		if r.rule == c.rule && r.place == c.place.String() && r.value == c.value.Compact() {
			return r, true
		}
	}
	return reading{}, false
}
