package oracle

import "errors"

// Redis binding (broker-bindings §1, the reliable-queue list pattern). Lists
// carry no metadata, so there is no projection: the queue element is the
// envelope, byte for byte, with no wrapping and no added fields.

// RedisRoundtripResult is the result of redis_roundtrip: the element produce
// stored, as reserve returns it, and the length of the queue's ready list
// after produce and after reserve (a fresh queue: 1, then 0), which show the
// element really went through the list.
type RedisRoundtripResult struct {
	Element            string `json:"element"`
	QueuedAfterProduce int    `json:"queued_after_produce"`
	QueuedAfterReserve int    `json:"queued_after_reserve"`
}

// redisQueue models one Redis reliable queue: a list of ready elements and
// the processing list reserve moves them to (LMOVE queue processing).
type redisQueue struct {
	ready      [][]byte
	processing [][]byte
}

// RedisRoundtrip produces the envelope onto a fresh queue, reserves it, and
// returns the reserved element.
func (o *Oracle) RedisRoundtrip(a EnvelopeArgs) (RedisRoundtripResult, error) {
	q := &redisQueue{}
	if err := o.redisProduce(q, []byte(a.Envelope)); err != nil {
		return RedisRoundtripResult{}, err
	}
	afterProduce := len(q.ready)
	elem, ok := o.reserve(q)
	if !ok {
		return RedisRoundtripResult{}, errors.New("redis: reserve found the queue empty")
	}
	return RedisRoundtripResult{Element: string(elem), QueuedAfterProduce: afterProduce, QueuedAfterReserve: len(q.ready)}, nil
}

// redisProduce stores body as the queue element (RPUSH), unchanged.
func (o *Oracle) redisProduce(q *redisQueue, body []byte) error {
	if o.has(faultRedisPayloadReencoded) {
		env, err := o.acceptedEnvelope(string(body))
		if err != nil {
			return err
		}
		body = o.encode(env) // the transport serialises its decoded value again
	}
	q.ready = append(q.ready, append([]byte(nil), body...))
	return nil
}

// reserve moves the head element to the processing list and returns it.
func (o *Oracle) reserve(q *redisQueue) ([]byte, bool) {
	if len(q.ready) == 0 {
		return nil, false
	}
	elem := q.ready[0]
	if o.has(faultRedisReservePeeks) {
		return elem, true // LINDEX: read, never moved
	}
	q.ready = q.ready[1:]
	q.processing = append(q.processing, elem)
	return elem, true
}
