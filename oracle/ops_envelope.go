package oracle

import (
	"encoding/json"
	"fmt"
	"math"
)

// EnvelopeArgs is the argument of every operation that takes one envelope:
// decode, the broker projections, redis_roundtrip and idempotency_key.
// Envelope is the exact bytes of the envelope, as a string.
type EnvelopeArgs struct {
	Envelope string `json:"envelope"`
}

// DecodeResult is the result of decode. Reason is "" when Accepted. Warnings
// is never nil (an empty JSON array on the wire). View is nil only when the
// input is not a JSON object.
type DecodeResult struct {
	Accepted bool     `json:"accepted"`
	Reason   string   `json:"reason"`
	Warnings []string `json:"warnings"`
	View     *View    `json:"view"`
}

// ReencodeArgs is the argument of reencode: decode Envelope, add
// AttemptsIncrement to attempts, encode.
type ReencodeArgs struct {
	Envelope          string `json:"envelope"`
	AttemptsIncrement int64  `json:"attempts_increment"`
}

// EncodedResult is the result of reencode and make: the emitted envelope bytes.
type EncodedResult struct {
	Encoded string `json:"encoded"`
}

// MakeArgs is the argument of make: build a new envelope with the producer API.
// Data must be a JSON object; it is emitted exactly ({} stays {}).
type MakeArgs struct {
	URN   string          `json:"urn"`
	Queue string          `json:"queue"`
	Data  json.RawMessage `json:"data"`
}

// Decode decodes an envelope and reports whether a consumer accepts it.
// Rejection is a result, not an error: Decode never fails.
func (o *Oracle) Decode(a EnvelopeArgs) (DecodeResult, error) {
	env, err := o.decodeEnvelope([]byte(a.Envelope))
	if err != nil {
		return DecodeResult{Reason: "envelope is " + err.Error(), Warnings: []string{}}, nil
	}
	reason := o.rejectReason(env)
	warnings := append([]string{}, env.warnings...)
	return DecodeResult{Accepted: reason == "", Reason: reason, Warnings: warnings, View: o.view(env)}, nil
}

// Reencode is what retry, DLQ, redrive and outbox relay do: decode an accepted
// envelope, bump attempts, and write it back. It fails on a rejected envelope
// and when attempts would become negative.
func (o *Oracle) Reencode(a ReencodeArgs) (EncodedResult, error) {
	env, err := o.acceptedEnvelope(a.Envelope)
	if err != nil {
		return EncodedResult{}, err
	}
	n, _ := env.attempts()
	// n >= 0 (an accepted envelope), so only a positive increment can pass
	// the largest int64 and wrap around to a negative count.
	if a.AttemptsIncrement > 0 && n > math.MaxInt64-a.AttemptsIncrement {
		return EncodedResult{}, fmt.Errorf("attempts %d%+d is beyond the largest 64-bit count", n, a.AttemptsIncrement)
	}
	if n+a.AttemptsIncrement < 0 {
		return EncodedResult{}, fmt.Errorf("attempts %d%+d would be negative", n, a.AttemptsIncrement)
	}
	env.setAttempts(n + a.AttemptsIncrement)
	return EncodedResult{Encoded: string(o.encode(env))}, nil
}

// Make builds a new envelope with the producer API and encodes it.
func (o *Oracle) Make(a MakeArgs) (EncodedResult, error) {
	env, err := o.produce(a.URN, a.Queue, a.Data)
	if err != nil {
		return EncodedResult{}, err
	}
	return EncodedResult{Encoded: string(o.encode(env))}, nil
}
