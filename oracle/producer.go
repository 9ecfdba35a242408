package oracle

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// sourceLang is the producer language tag this implementation stamps.
const sourceLang = "go"

// defaultQueue is the logical queue of a message produced without one; the
// producer schema requires a non-empty meta.queue.
const defaultQueue = "default"

// errBlankURN is returned for a blank URN: a message must have an identity.
var errBlankURN = errors.New("urn is blank: a message must have an identity")

// produce builds a new envelope the way every SDK producer does: job = urn,
// a fresh trace_id and meta.id (UUIDv4), meta.queue, meta.lang "go",
// schema_version 1, created_at now in Unix milliseconds, attempts 0. Data is
// kept exactly as given and must be a JSON object.
func (o *Oracle) produce(urn, queue string, data json.RawMessage) (*envelope, error) {
	return o.produceAs(newMessage{urn: urn, queue: queue, data: data, lang: sourceLang})
}

// produceForTest is produce with the producer block's faults switched on:
// only the produce operation plants them, so the envelopes the oracle
// builds for other blocks (and make's) stay correct under those mutants.
func (o *Oracle) produceForTest(m newMessage) (*envelope, error) {
	m.faulty = true
	return o.produceAs(m)
}

// newMessage is what a producer is given: the URN, the queue, the data, a
// trace id when one is given (a message caused by another), and the
// language tag the producer stamps.
type newMessage struct {
	urn, queue string
	data       json.RawMessage
	traceID    *string
	lang       string
	faulty     bool // the producer block's faults apply
}

// produceAs builds a new envelope from m. A given trace id is kept when it
// names one: an empty or blank one is no trace id (consumers reject it), so
// a fresh one replaces it.
func (o *Oracle) produceAs(m newMessage) (*envelope, error) {
	if isBlank(m.urn) {
		return nil, errBlankURN
	}
	if !json.Valid(m.data) || !isObject(compact(m.data)) {
		return nil, errors.New("data must be a JSON object")
	}
	if m.queue == "" {
		m.queue = defaultQueue
	}
	meta := []member{
		{"id", mustMarshalString(o.newID())},
		{"queue", mustMarshalString(m.queue)},
		{"lang", mustMarshalString(m.lang)},
		{"schema_version", json.RawMessage(strconv.Itoa(supportedSchemaVersion))},
		{"created_at", json.RawMessage(strconv.FormatInt(o.nowMillis(), 10))},
	}
	top := []member{
		{"job", mustMarshalString(m.urn)},
		{"trace_id", mustMarshalString(o.traceIDFor(m.traceID, m.faulty))},
		// data is written as a codec writes what it decoded: the value
		// given, its strings without escapes they do not need
		{"data", codecStrings(compact(m.data))},
		{metaKey, writeObject(meta)},
		{"attempts", json.RawMessage("0")},
	}
	env := &envelope{top: top, meta: meta, hasMeta: true}
	if m.faulty {
		o.applyProducerFaults(env)
	}
	return env, nil
}

// replaySource is a replaying oracle's producer: ids counted from one and a
// fixed clock, so two replays of the same requests, by the correct oracle
// and by a mutant, differ only where the mutant answers otherwise.
type replaySource struct{ ids uint64 }

// replayMillis is a replaying oracle's created_at: 2026-01-01T00:00:00Z.
const replayMillis = 1767225600000

// newID is a fresh meta.id or trace_id: random, or the next counted one.
func (o *Oracle) newID() string {
	if o.replay == nil {
		return newUUID()
	}
	o.replay.ids++
	return fmt.Sprintf("00000000-0000-4000-8000-%012x", o.replay.ids)
}

// nowMillis is the producer's clock in Unix milliseconds.
func (o *Oracle) nowMillis() int64 {
	if o.replay == nil {
		return time.Now().UnixMilli()
	}
	return replayMillis
}

// newUUID returns a random RFC 4122 version 4 UUID in canonical form.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// probeData is the data of the envelopes the oracle builds for itself
// (reconciliation bodies, replayed deliveries). It is not empty, so a fault
// in how {} is encoded stays confined to the operations that test it.
const probeData = `{"x":1}`
