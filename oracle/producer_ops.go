package oracle

import (
	"encoding/json"
	"errors"
	"strconv"
)

// NewMessageArgs is the argument of new_message: a new envelope from the producer
// API, with a trace id when one is given. Lang is the tag the oracle stamps
// (protocol.OwnLangArg): an oracle subject sends its target's; absent, the
// oracle answers as the Go SDK.
type NewMessageArgs struct {
	URN     string          `json:"urn"`
	Queue   string          `json:"queue"`
	Data    json.RawMessage `json:"data"`
	TraceID *string         `json:"trace_id"`
	Lang    *string         `json:"lang"`
}

// DeadLetterArgs is the argument of dead_letter: decode Envelope and add
// the dead_letter block the SDK writes.
type DeadLetterArgs struct {
	Envelope      string  `json:"envelope"`
	Reason        string  `json:"reason"`
	OriginalQueue string  `json:"original_queue"`
	Error         *string `json:"error"`
	Lang          *string `json:"lang"`
}

// deadLetterReasons are the reasons the envelope schema enumerates.
var deadLetterReasons = []string{"failed", "unknown_urn", "poison"}

// NewMessage builds a new envelope with the producer API and encodes it.
func (o *Oracle) NewMessage(a NewMessageArgs) (EncodedResult, error) {
	env, err := o.produceForTest(newMessage{urn: a.URN, queue: a.Queue, data: a.Data, traceID: a.TraceID, lang: ownLang(a.Lang)})
	if err != nil {
		return EncodedResult{}, err
	}
	return EncodedResult{Encoded: string(o.encode(env))}, nil
}

// DeadLetter is what an SDK does with a message it gives up on (ADR-0009):
// the original envelope is kept as it is and the additive dead_letter block
// says why (reason), the error if any, when (failed_at, Unix milliseconds
// like created_at), where it was consumed from (original_queue), how many
// attempts were made (the envelope's own count) and which SDK wrote it.
func (o *Oracle) DeadLetter(a DeadLetterArgs) (EncodedResult, error) {
	if !contains(deadLetterReasons, a.Reason) {
		return EncodedResult{}, badArg("reason", "must be one of failed, unknown_urn, poison, got %q", a.Reason)
	}
	env, err := o.acceptedEnvelope(a.Envelope)
	if err != nil {
		return EncodedResult{}, err
	}
	if lookup(env.top, deadLetterKey) != nil {
		return EncodedResult{}, errors.New("the envelope is dead-lettered already")
	}
	n, _ := env.attempts()
	env.top = setMember(env.top, deadLetterKey, o.deadLetterBlock(a, n))
	o.applyDeadLetterEnvelopeFaults(env)
	return EncodedResult{Encoded: string(o.encode(env))}, nil
}

// deadLetterKey is the top-level key of the dead_letter block.
const deadLetterKey = "dead_letter"

// deadLetterBlock is the block itself, in the schema's member order.
func (o *Oracle) deadLetterBlock(a DeadLetterArgs, attempts int64) json.RawMessage {
	reason, queue := a.Reason, a.OriginalQueue
	failedAt := o.nowMillis()
	errText := json.RawMessage("null")
	if a.Error != nil && !o.has(faultDeadLetterErrorDropped) {
		errText = mustMarshalString(*a.Error)
	}
	switch {
	case o.has(faultDeadLetterReasonAlwaysFailed):
		reason = "failed"
	case o.has(faultDeadLetterFailedAtSeconds):
		failedAt /= 1000
	case o.has(faultDeadLetterAttemptsZero):
		attempts = 0
	}
	return writeObject([]member{
		{"reason", mustMarshalString(reason)},
		{"error", errText},
		{"exception", json.RawMessage("null")},
		{"failed_at", json.RawMessage(strconv.FormatInt(failedAt, 10))},
		{"original_queue", mustMarshalString(queue)},
		{"attempts", json.RawMessage(strconv.FormatInt(attempts, 10))},
		{"lang", mustMarshalString(ownLang(a.Lang))},
	})
}

// applyDeadLetterEnvelopeFaults plants the faults that touch the original
// envelope or read the queue from it.
func (o *Oracle) applyDeadLetterEnvelopeFaults(env *envelope) {
	switch {
	case o.has(faultDeadLetterResetsAttempts):
		env.setAttempts(0)
	case o.has(faultDeadLetterReplacesTraceID):
		env.top = setMember(env.top, "trace_id", mustMarshalString(o.newID()))
	case o.has(faultDeadLetterQueueFromMeta):
		block, _ := parseObject(lookup(env.top, deadLetterKey))
		block = setMember(block, "original_queue", env.metaValue("queue"))
		env.top = setMember(env.top, deadLetterKey, writeObject(block))
	}
}

// ownLang is the tag the oracle stamps: the one asked for, else Go's.
func ownLang(asked *string) string {
	if asked == nil || *asked == "" {
		return sourceLang
	}
	return *asked
}
