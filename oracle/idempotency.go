package oracle

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
)

// Idempotency helper (ADR-0022): at-least-once delivery collapsed to an
// exactly-once effect by the consumer. A seen-set keyed on meta.id decides,
// per delivery, to run the handler or to skip and ack. It is post-success
// dedupe, not an in-flight lock: only a handler that succeeded marks its id.

// IdempotencyKeyResult is the result of idempotency_key.
type IdempotencyKeyResult struct {
	Key string `json:"key"`
}

// Delivery is one delivery of an idempotency_replay sequence. Outcome is the
// handler's result if it runs: "ok" (or empty: a handler that returns) or
// "throw". ForgetBefore evicts MetaID from the store before the delivery.
type Delivery struct {
	MetaID       string `json:"meta_id"`
	Outcome      string `json:"outcome,omitempty"`
	ForgetBefore bool   `json:"forget_before,omitempty"`
}

// IdempotencyReplayArgs is the argument of idempotency_replay.
type IdempotencyReplayArgs struct {
	Deliveries []Delivery `json:"deliveries"`
}

// IdempotencyReplayResult reports, per delivery, whether the handler ran.
type IdempotencyReplayResult struct {
	Invoked []bool `json:"invoked"`
}

// store is the seen-set: the three-method interface every SDK's helper uses,
// whatever backs it (memory, Redis, a database).
type store interface {
	Seen(ctx context.Context, id string) (bool, error)
	Remember(ctx context.Context, id string) error
	Forget(ctx context.Context, id string) error
}

// handler consumes one decoded message.
type handler func(ctx context.Context, env *envelope) error

// memoryStore is the process-local reference store.
type memoryStore struct {
	mu     sync.Mutex
	ids    map[string]struct{}
	oracle *Oracle // for the forget-ignored fault
}

// newMemoryStore returns an empty store.
func (o *Oracle) newMemoryStore() *memoryStore {
	return &memoryStore{ids: map[string]struct{}{}, oracle: o}
}

// Seen reports whether id was remembered.
func (s *memoryStore) Seen(_ context.Context, id string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.ids[id]
	return ok, nil
}

// Remember marks id as handled.
func (s *memoryStore) Remember(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ids[id] = struct{}{}
	return nil
}

// Forget evicts id, so a later delivery runs again (manual replay, TTL).
func (s *memoryStore) Forget(_ context.Context, id string) error {
	if s.oracle.has(faultForgetIgnored) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.ids, id)
	return nil
}

// idempotencyKey is the seen-set key of a message: meta.id verbatim, the
// per-message identity. trace_id spans a causal chain and is not the key.
func (o *Oracle) idempotencyKey(env *envelope) string {
	field := env.metaValue("id")
	if o.has(faultDedupKeyTraceID) {
		field = lookup(env.top, "trace_id")
	}
	key, _ := asString(field)
	return key
}

// wrap guards h with the seen-set. A message without a usable key fails open:
// it runs and nothing is remembered, because the guard must never drop work it
// cannot identify. A handler error leaves the id unmarked, so a retry runs.
func (o *Oracle) wrap(s store, h handler) handler {
	return func(ctx context.Context, env *envelope) error {
		key := o.idempotencyKey(env)
		if key == "" && !o.has(faultMissingIDFailsClosed) {
			return h(ctx, env)
		}
		if seen, err := s.Seen(ctx, key); err != nil || (seen && !o.has(faultSeenIgnored)) {
			if err == nil && o.has(faultSkipRaises) {
				return errAlreadyHandled
			}
			return err // seen: skip, and ack the delivery
		}
		if err := h(ctx, env); err != nil {
			if o.has(faultRememberAfterThrow) {
				_ = s.Remember(ctx, key)
			}
			if o.has(faultHelperSwallowsError) {
				return nil
			}
			return err
		}
		_ = s.Remember(ctx, key) // the effect happened; a failed mark only risks a rerun
		return nil
	}
}

// IdempotencyKey reports the key the helper's seen-set uses for a message.
func (o *Oracle) IdempotencyKey(a EnvelopeArgs) (IdempotencyKeyResult, error) {
	env, err := o.acceptedEnvelope(a.Envelope)
	if err != nil {
		return IdempotencyKeyResult{}, err
	}
	return IdempotencyKeyResult{Key: o.idempotencyKey(env)}, nil
}

// errHandlerThrew is what the replayed handler returns for outcome "throw".
var errHandlerThrew = errors.New("handler threw")

// errAlreadyHandled is what a helper with the skip-raises fault returns for
// a delivery it skips: an error where the spec says the delivery is acked.
var errAlreadyHandled = errors.New("message already handled")

// replayTraceID is the trace_id every replayed delivery shares: they form one
// causal chain, so only meta.id can tell them apart.
const replayTraceID = "00000000-0000-4000-8000-000000000000"

// IdempotencyRaisedResult reports, per delivery, whether the handler's error
// came back out of the helper to its caller.
type IdempotencyRaisedResult struct {
	Raised []bool `json:"raised"`
}

// IdempotencyReplay drives one handler, wrapped once, over one fresh store,
// through the deliveries in order, and reports which deliveries ran it.
func (o *Oracle) IdempotencyReplay(a IdempotencyReplayArgs) (IdempotencyReplayResult, error) {
	invoked, _, err := o.replayDeliveries(a.Deliveries)
	return IdempotencyReplayResult{Invoked: invoked}, err
}

// IdempotencyRaised drives the same replay and reports which deliveries'
// calls gave an error back: the helper must hand the handler's error to the
// runtime, which retries or dead-letters on it.
func (o *Oracle) IdempotencyRaised(a IdempotencyReplayArgs) (IdempotencyRaisedResult, error) {
	_, raised, err := o.replayDeliveries(a.Deliveries)
	return IdempotencyRaisedResult{Raised: raised}, err
}

// replayDeliveries drives one handler, wrapped once, over one fresh store, through
// the deliveries in order: which ran the handler, and which calls returned
// an error to the caller.
func (o *Oracle) replayDeliveries(ds []Delivery) (invoked, raised []bool, err error) {
	if err := checkDeliveries(ds); err != nil {
		return nil, nil, err
	}
	ctx := context.Background()
	s := o.newMemoryStore()
	invoked, raised = make([]bool, len(ds)), make([]bool, len(ds))
	var current int
	h := o.wrap(s, func(context.Context, *envelope) error {
		invoked[current] = true
		if ds[current].Outcome == "throw" {
			return errHandlerThrew
		}
		return nil
	})
	for i, d := range ds {
		current = i
		if d.ForgetBefore {
			_ = s.Forget(ctx, d.MetaID)
		}
		env, err := o.deliveryEnvelope(d.MetaID)
		if err != nil {
			return nil, nil, err
		}
		err = h(ctx, env)
		if err != nil && !errors.Is(err, errHandlerThrew) && !errors.Is(err, errAlreadyHandled) {
			return nil, nil, err
		}
		raised[i] = err != nil
	}
	return invoked, raised, nil
}

// checkDeliveries rejects an outcome other than "ok", "throw" or empty.
func checkDeliveries(ds []Delivery) error {
	for i, d := range ds {
		if d.Outcome != "" && d.Outcome != "ok" && d.Outcome != "throw" {
			return badArg("deliveries", "[%d].outcome must be \"ok\" or \"throw\", got %q", i, d.Outcome)
		}
	}
	return nil
}

// deliveryEnvelope builds the message of one delivery: a produced envelope
// whose meta.id is metaID and whose trace_id is the sequence's shared one.
func (o *Oracle) deliveryEnvelope(metaID string) (*envelope, error) {
	env, err := o.produce("urn:babel:oracle:replay", defaultQueue, json.RawMessage(probeData))
	if err != nil {
		return nil, err
	}
	env.setMeta("id", mustMarshalString(metaID))
	env.top = setMember(env.top, "trace_id", mustMarshalString(replayTraceID))
	return env, nil
}
