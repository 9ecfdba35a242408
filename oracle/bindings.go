package oracle

import (
	"encoding/json"
	"errors"
	"math"
)

// AttemptsResult is the result of every reconcile operation: the attempts of
// the envelope after the transport's consume-side reconciliation.
type AttemptsResult struct {
	Attempts int64 `json:"attempts"`
}

// projected holds the envelope fields the broker bindings project onto native
// message metadata. Projection happens on produce, so every field is one the
// producer stamps; an envelope without one of them cannot be projected.
type projected struct {
	urn, traceID, id, lang        string
	schemaVersion, createdAt, att int64
}

// ProjectionArgs is the argument of every produce-side projection: the
// envelope, and the tag of the language the oracle answers for
// (protocol.OwnLangArg), which only the projects-own-lang faults read.
type ProjectionArgs struct {
	Envelope string  `json:"envelope"`
	Lang     *string `json:"lang"`
}

// projectionOf decodes an accepted envelope and reads the fields to
// project; ownLang is the broker's fault that projects the producing SDK's
// own tag in place of meta.lang.
func (o *Oracle) projectionOf(a ProjectionArgs, ownLangFault Fault) (projected, error) {
	env, err := o.acceptedEnvelope(a.Envelope)
	if err != nil {
		return projected{}, err
	}
	var p projected
	p.urn, _ = o.urn(env)
	p.traceID, _ = asString(lookup(env.top, "trace_id"))
	p.att, _ = env.attempts()
	var ok [4]bool
	p.id, ok[0] = asString(env.metaValue("id"))
	p.lang, ok[1] = asString(env.metaValue("lang"))
	p.schemaVersion, ok[2] = asInt(env.metaValue("schema_version"))
	p.createdAt, ok[3] = asInt(env.metaValue("created_at"))
	if ok != [4]bool{true, true, true, true} {
		return projected{}, errors.New("envelope cannot be projected: meta.id, meta.lang, meta.schema_version and meta.created_at must all be present and well-typed")
	}
	if o.has(ownLangFault) {
		p.lang = ownLang(a.Lang)
	}
	return p, nil
}

// reconcileVia runs a transport's consume-side reconciliation the way the
// protocol defines it: build a valid envelope (the producer API) carrying
// bodyAttempts, reconcile its bytes, decode the result and report attempts.
func (o *Oracle) reconcileVia(bodyAttempts int64, reconcile func(body []byte) []byte) (AttemptsResult, error) {
	if bodyAttempts < 0 {
		return AttemptsResult{}, badArg("body_attempts", "must be a non-negative integer, got %d", bodyAttempts)
	}
	env, err := o.produce("urn:babel:oracle:reconcile", defaultQueue, json.RawMessage(probeData))
	if err != nil {
		return AttemptsResult{}, err
	}
	env.setAttempts(bodyAttempts)
	out, err := o.acceptedEnvelope(string(reconcile(o.encode(env))))
	if err != nil {
		return AttemptsResult{}, err
	}
	n, _ := out.attempts()
	return AttemptsResult{Attempts: n}, nil
}

// reconcileBody applies rule to the body's attempts. The body comes back
// byte-identical when the count does not change, or when it is not an
// accepted envelope (the consumer rejects it after the transport hands it on).
func (o *Oracle) reconcileBody(body []byte, rule func(bodyAttempts int64) int64) []byte {
	env, err := o.acceptedEnvelope(string(body))
	if err != nil {
		return body
	}
	n, _ := env.attempts()
	if r := rule(n); r != n {
		env.setAttempts(r)
		return o.encode(env)
	}
	return body
}

// minusOne is n - 1 without wrapping around: the smallest int64 stays itself
// (it is below every count already, so every max over it still holds),
// where n - 1 would become the largest int64 and win every max.
func minusOne(n int64) int64 {
	if n == math.MinInt64 {
		return n
	}
	return n - 1
}
