package oracle

import (
	"context"
	"testing"
)

// TestIdempotencyKey checks the key is meta.id verbatim, not trace_id.
func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	o := correct(t)
	res, err := o.IdempotencyKey(EnvelopeArgs{Envelope: fixture(t, "order-created.json")})
	if err != nil || res.Key != "f1e2d3c4-b5a6-4789-90ab-cdef01234567" {
		t.Errorf("key = %q (%v), want the fixture's meta.id", res.Key, err)
	}
	res, err = o.IdempotencyKey(EnvelopeArgs{Envelope: variant(t, `"id": "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",`, ``)})
	if err != nil || res.Key != "" {
		t.Errorf("key without meta.id = %q (%v), want empty", res.Key, err)
	}
	if _, err := o.IdempotencyKey(EnvelopeArgs{Envelope: `{}`}); err == nil {
		t.Errorf("key of a rejected envelope succeeded")
	}
}

// d builds a delivery.
func d(id, outcome string, forget bool) Delivery {
	return Delivery{MetaID: id, Outcome: outcome, ForgetBefore: forget}
}

// TestIdempotencyReplay drives sequences written from the sequences prose.
func TestIdempotencyReplay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		deliveries []Delivery
		want       []bool
	}{
		{"duplicate runs once", []Delivery{d("A", "ok", false), d("A", "", false)}, []bool{true, false}},
		{"redelivery storm", []Delivery{d("A", "ok", false), d("A", "", false), d("A", "", false)}, []bool{true, false, false}},
		{"distinct ids each run", []Delivery{d("A", "ok", false), d("B", "ok", false), d("C", "ok", false)}, []bool{true, true, true}},
		{"throw leaves id unmarked", []Delivery{d("A", "throw", false), d("A", "throw", false), d("A", "ok", false), d("A", "", false)}, []bool{true, true, true, false}},
		{"missing id fails open", []Delivery{d("", "ok", false), d("", "ok", false)}, []bool{true, true}},
		{"forget allows rerun", []Delivery{d("A", "ok", false), d("A", "", false), d("A", "ok", true)}, []bool{true, false, true}},
		{"absent outcome is ok", []Delivery{d("A", "", false), d("A", "", false)}, []bool{true, false}},
		{"empty sequence", nil, []bool{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := correct(t).IdempotencyReplay(IdempotencyReplayArgs{Deliveries: tc.deliveries})
			if err != nil || toJSON(t, res.Invoked) != toJSON(t, tc.want) {
				t.Errorf("invoked = %v (%v), want %v", res.Invoked, err, tc.want)
			}
		})
	}
}

// TestIdempotencyReplayBadOutcome checks an unknown outcome is a bad argument.
func TestIdempotencyReplayBadOutcome(t *testing.T) {
	t.Parallel()
	_, err := correct(t).IdempotencyReplay(IdempotencyReplayArgs{Deliveries: []Delivery{d("A", "explode", false)}})
	if !isArgError(err) {
		t.Errorf("err = %v, want an argument error", err)
	}
}

// TestWrapStoreState checks the store directly: a successful run remembers
// the id, a throw does not.
func TestWrapStoreState(t *testing.T) {
	t.Parallel()
	o := correct(t)
	ctx := context.Background()
	s := o.newMemoryStore()
	fail := false
	h := o.wrap(s, func(context.Context, *envelope) error {
		if fail {
			return errHandlerThrew
		}
		return nil
	})
	env, err := o.deliveryEnvelope("X")
	if err != nil {
		t.Fatal(err)
	}
	fail = true
	if err := h(ctx, env); err == nil {
		t.Fatal("throw not propagated")
	}
	if seen, _ := s.Seen(ctx, "X"); seen {
		t.Error("id remembered after a throw")
	}
	fail = false
	if err := h(ctx, env); err != nil {
		t.Fatal(err)
	}
	if seen, _ := s.Seen(ctx, "X"); !seen {
		t.Error("id not remembered after success")
	}
}
