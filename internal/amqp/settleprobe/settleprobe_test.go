package settleprobe

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/babelqueue/bqgen/internal/amqp"
	"github.com/babelqueue/bqgen/internal/testkit/rabbitmqtest"
)

// One broker for every scenario (a start costs seconds); each scenario
// has queues of its own.
func TestScenarios(t *testing.T) {
	addr := rabbitmqtest.Start(t)
	none := (*string)(nil)
	cases := []struct {
		name         string
		s            Scenario
		actions      []string
		redelivered  *string
		deadLettered bool
		returned     []string
	}{
		{"acknowledge", Scenario{Calls: []string{"acknowledge"}},
			[]string{"acknowledged"}, none, false, []string{"acknowledged"}},
		{"requeue", Scenario{Calls: []string{"requeue"}},
			[]string{"requeued"}, ptr("requeue"), false, []string{"requeued"}},
		{"reject without a dead-letter exchange", Scenario{Calls: []string{"reject"}},
			[]string{"rejected"}, none, false, []string{"rejected"}},
		{"reject with a dead-letter exchange", Scenario{DeadLetterExchange: true, Calls: []string{"reject"}},
			[]string{"dead_lettered"}, none, true, []string{"rejected"}},
		{"acknowledge with a dead-letter exchange", Scenario{DeadLetterExchange: true, Calls: []string{"acknowledge"}},
			[]string{"acknowledged"}, none, false, []string{"acknowledged"}},
		{"no calls", Scenario{},
			[]string{}, ptr("connection_close"), false, []string{}},
		{"no calls, the consumer dies", Scenario{AbortConsumer: true},
			[]string{}, ptr("connection_close"), false, []string{}},
		{"settle once: the first call wins", Scenario{Calls: []string{"acknowledge", "reject", "requeue"}},
			[]string{"acknowledged"}, none, false, []string{"acknowledged", "acknowledged", "acknowledged"}},
		{"settle once across a copy", Scenario{DeadLetterExchange: true, Calls: []string{"reject", "copy.requeue", "copy.acknowledge"}},
			[]string{"dead_lettered"}, none, true, []string{"rejected", "rejected", "rejected"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Run(addr, c.s)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.BrokerActions, c.actions) || !reflect.DeepEqual(got.RedeliveredBy, c.redelivered) ||
				got.DeadLettered != c.deadLettered || !reflect.DeepEqual(got.Returned, c.returned) || got.ChannelError != nil {
				t.Errorf("observed %s\nwant actions %q, redelivered by %v, dead-lettered %v, returned %q, no channel error",
					show(got), c.actions, deref(c.redelivered), c.deadLettered, c.returned)
			}
		})
	}

	// Without settle-once the broker sees the second settlement of the
	// delivery tag and refuses it: 406, the channel closed. The broker's
	// actions are the first call's alone, which is what settle-once would
	// have given without the error.
	for _, calls := range [][]string{
		{"acknowledge", "reject", "requeue"},
		{"requeue", "copy.acknowledge"},
		{"reject", "reject"},
	} {
		t.Run("no settle once: "+calls[0]+" then "+calls[1], func(t *testing.T) {
			got, err := Run(addr, Scenario{Calls: calls, NoSettleOnce: true})
			if err != nil {
				t.Fatal(err)
			}
			if got.ChannelError == nil || got.ChannelError.Code != amqp.PreconditionFailed {
				t.Fatalf("observed %s\nwant a 406 channel error on the second call", show(got))
			}
			if len(got.BrokerActions) != 1 || got.BrokerActions[0] != outcomes[calls[0]] || len(got.Returned) != 2 {
				t.Errorf("observed %s\nwant the first call's action alone, and two calls made", show(got))
			}
		})
	}
}

func TestUnknownCallIsRefusedBeforeTheBroker(t *testing.T) {
	if _, err := Run("127.0.0.1:1", Scenario{Calls: []string{"acknowledge", "nack"}}); err == nil {
		t.Fatal(`"nack" was taken for a call`)
	}
}

func show(o Observed) string {
	b, _ := json.Marshal(o)
	return string(b)
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
