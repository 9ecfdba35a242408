// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package babelqueue_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	babelqueue "github.com/babelqueue/babelqueue-go"
	"github.com/babelqueue/babelqueue-go/idempotency"
	payloadschema "github.com/babelqueue/babelqueue-go/schema"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this SDK's core.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps each subject operation onto the babelqueue-go API.
// The operations it has no method for answer from the generated
// UnimplementedConformanceSubject: a broker's belong to that broker's transport
// target (its module's own package), and one a later bqgen adds skips, saying
// so, until it is mapped here (bqgen check lists it, with the method to paste).
type sdkConformanceSubject struct {
	UnimplementedConformanceSubject
}

// The methods here have the protocol's signatures: the build says so when a
// later bqgen changes one.
var _ ConformanceOperations = sdkConformanceSubject{}

func (sdkConformanceSubject) Decode(envelope []byte) (ConformanceDecodeResult, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		// Decode fails on malformed JSON and wrong JSON types (data [1,2]): a rejection.
		return ConformanceDecodeResult{Reason: err.Error()}, nil
	}
	result := ConformanceDecodeResult{Accepted: env.Accepts()}
	if !result.Accepted {
		result.Reason = "Envelope.Accepts() is false"
	}
	result.Warnings, result.WarningsErr = sdkConformanceWarnings(env)
	result.View, err = sdkConformanceView(env)
	return result, err
}

func (sdkConformanceSubject) Reencode(envelope []byte, attemptsIncrement int64) ([]byte, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		return nil, err
	}
	if !env.Accepts() {
		return nil, errors.New("the envelope is not accepted")
	}
	env.Attempts += int(attemptsIncrement)
	return env.Encode()
}

func (sdkConformanceSubject) Make(urn, queue string, data json.RawMessage) ([]byte, error) {
	var payload map[string]any
	if err := json.Unmarshal(data, &payload); err != nil {
		return nil, err
	}
	env, err := babelqueue.Make(urn, payload, babelqueue.WithQueue(queue))
	if err != nil {
		return nil, err
	}
	return env.Encode()
}

func (sdkConformanceSubject) IdempotencyKey(envelope []byte) (string, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		return "", err
	}
	// The key is whatever the helper remembers after one successful delivery.
	store := &sdkConformanceRecordingStore{Store: idempotency.NewInMemoryStore()}
	handler := idempotency.Wrap(store, func(context.Context, babelqueue.Envelope) error {
		return nil
	})
	if err := handler(context.Background(), env); err != nil {
		return "", err
	}
	// The helper may remember the key more than once, but only ever the one key.
	if len(store.remembered) == 0 {
		return "", errors.New("the idempotency helper remembered no key for the delivery")
	}
	key := store.remembered[0]
	for _, other := range store.remembered[1:] {
		if other != key {
			return "", fmt.Errorf("the idempotency helper remembered different keys for one delivery: %q and %q",
				key, other)
		}
	}
	return key, nil
}

func (sdkConformanceSubject) IdempotencyReplay(deliveries []ConformanceDelivery) ([]bool, error) {
	invoked, _, err := sdkConformanceReplay(idempotency.NewInMemoryStore(), deliveries)
	return invoked, err
}

func (sdkConformanceSubject) ValidatePayload(schema, data json.RawMessage) (ConformancePayloadVerdict, error) {
	compiled, err := payloadschema.Parse(schema)
	if err != nil {
		return ConformancePayloadVerdict{}, err
	}
	var value any
	if err := json.Unmarshal(data, &value); err != nil {
		return ConformancePayloadVerdict{}, err
	}
	// Validate lists the violations; none means valid.
	violations := compiled.Validate(value)
	return ConformancePayloadVerdict{Valid: len(violations) == 0, Errors: violations}, nil
}

func (sdkConformanceSubject) Settle(
	broker string,
	deadLetterQueue bool,
	calls []string,
) (ConformanceSettlement, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"its Transport only Pops and Acks (the optional Releaser puts a message back in place), so there is " +
		"no acknowledgeable message settled once (the first call wins), no requeue or reject call, " +
		"no WithBody copy and no messages_settled counter"
	return ConformanceSettlement{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) ReadMessage(
	typeValue json.RawMessage,
	broker,
	source,
	position,
	messageID string,
	metadata json.RawMessage,
	body string,
	action *string,
	deadLetterQueue bool,
	rawExcerptLength *int64,
) (ConformanceMessageRead, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"App decodes every body as an envelope and hands it to the handler of its URN, so there is no source " +
		"typed on a body T with a RowErrorHandler (fail, skip, dead_letter), no read error naming the position " +
		"and an excerpt (RawExcerptLength), no MessageFailure for a dead-letter sink and no row_errors counter"
	return ConformanceMessageRead{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) WriteMessages(
	sink,
	action string,
	batches json.RawMessage,
	refused []string,
) (ConformanceWriteOutcome, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"it has no sinks, so nothing writes received messages through a sink and acknowledges each one " +
		"once written (Acknowledging), there is no FailedMessageAction (fail, requeue, dead_letter) for a " +
		"message the broker refuses, and no dead-letter sink"
	return ConformanceWriteOutcome{}, conformanceNotProvided(reason)
}

func (sdkConformanceSubject) NewMessage(urn, queue string, data json.RawMessage, traceID *string) ([]byte, error) {
	var payload map[string]any
	if err := json.Unmarshal(data, &payload); err != nil {
		return nil, err
	}
	options := []babelqueue.Option{babelqueue.WithQueue(queue)}
	if traceID != nil {
		options = append(options, babelqueue.WithTraceID(*traceID))
	}
	env, err := babelqueue.Make(urn, payload, options...)
	if err != nil {
		return nil, err
	}
	return env.Encode()
}

func (sdkConformanceSubject) DeadLetter(
	envelope []byte,
	reason,
	originalQueue string,
	errorValue *string,
) ([]byte, error) {
	env, err := babelqueue.Decode(envelope)
	if err != nil {
		return nil, err
	}
	var cause error
	if errorValue != nil {
		cause = errors.New(*errorValue)
	}
	// The attempts made before dead-lettering are the envelope's own count.
	return babelqueue.Annotate(env, reason, originalQueue, env.Attempts, cause).Encode()
}

func (sdkConformanceSubject) IdempotencyRaised(deliveries []ConformanceDelivery) ([]bool, error) {
	_, raised, err := sdkConformanceReplay(idempotency.NewInMemoryStore(), deliveries)
	return raised, err
}

// sdkConformanceWarnings returns the decode warnings of a core that has
// Envelope.Warnings. The interface assertion detects the method itself (never a
// version) and keeps this file compiling on a core without it, where warnings
// are not provided: an empty list there would claim "no warnings" for a core
// that cannot tell.
func sdkConformanceWarnings(env babelqueue.Envelope) ([]string, error) {
	warner, ok := any(env).(interface {
		Warnings() []string
	})
	if !ok {
		return nil, conformanceNotProvided("this babelqueue-go core has no Envelope.Warnings")
	}
	// A clean envelope may report nil: that is still "no warnings", not "cannot tell".
	return append([]string{}, warner.Warnings()...), nil
}

// sdkConformanceView is the neutral view of a decoded envelope. The core's typed
// struct cannot tell an absent field from a zero one, so every field is reported
// present.
func sdkConformanceView(env babelqueue.Envelope) (*ConformanceView, error) {
	data, err := json.Marshal(env.Data)
	if err != nil {
		return nil, err
	}
	var deadLetter json.RawMessage
	if env.DeadLetter != nil {
		if deadLetter, err = json.Marshal(env.DeadLetter); err != nil {
			return nil, err
		}
	}
	urn, attempts, schemaVersion := env.URN(), int64(env.Attempts), int64(env.Meta.SchemaVersion)
	return &ConformanceView{
		URN:           &urn,
		Data:          data,
		Attempts:      &attempts,
		Lang:          &env.Meta.Lang,
		SchemaVersion: &schemaVersion,
		TraceID:       &env.TraceID,
		ID:            &env.Meta.ID,
		CreatedAt:     &env.Meta.CreatedAt,
		Queue:         &env.Meta.Queue,
		DeadLetter:    deadLetter,
	}, nil
}

// sdkConformanceRecordingStore is a seen-set that records the keys the idempotency
// helper remembers.
type sdkConformanceRecordingStore struct {
	idempotency.Store
	remembered []string
}

// Remember records id, then remembers it.
func (s *sdkConformanceRecordingStore) Remember(ctx context.Context, id string) error {
	s.remembered = append(s.remembered, id)
	return s.Store.Remember(ctx, id)
}

// errConformanceHandlerThrew is what the replayed handler returns for outcome
// "throw".
var errConformanceHandlerThrew = errors.New("handler threw")

// sdkConformanceReplay drives one handler, wrapped once by idempotency.Wrap over
// store (a fresh one), through the deliveries: whether the handler ran for each,
// and whether the wrapped call returned an error to its caller.
func sdkConformanceReplay(store idempotency.Store, deliveries []ConformanceDelivery) (invoked, raised []bool, err error) {
	ctx := context.Background()
	invoked, raised = make([]bool, len(deliveries)), make([]bool, len(deliveries))
	current := 0
	const traceID = "bqgen-conformance-replay"
	handler := idempotency.Wrap(store, func(context.Context, babelqueue.Envelope) error {
		invoked[current] = true
		if deliveries[current].Outcome == "throw" {
			return errConformanceHandlerThrew
		}
		return nil
	})
	for i, d := range deliveries {
		current = i
		if d.ForgetBefore {
			if err := store.Forget(ctx, d.MetaID); err != nil {
				return nil, nil, err
			}
		}
		// One trace_id for the whole sequence: a helper keyed on it, not on
		// meta.id, skips a delivery it must run.
		env, err := babelqueue.Make("urn:bqgen:conformance:replay", nil, babelqueue.WithTraceID(traceID))
		if err != nil {
			return nil, nil, err
		}
		env.Meta.ID = d.MetaID
		raised[i] = handler(ctx, env) != nil
	}
	return invoked, raised, nil
}
