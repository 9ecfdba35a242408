package oracle_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/babelqueue/bqgen/internal/amqp/settleprobe"
	"github.com/babelqueue/bqgen/internal/testkit/rabbitmqtest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
)

// The broker-level half of the settlement and row_errors blocks, checked
// against a real RabbitMQ: every RabbitMQ case's calls are made on one real
// delivery through a settle-once handle, and what the broker then shows
// (where the message is, its redelivered flag) must agree with both the
// manifest's expectation and the oracle's answer. The oracle and the
// manifest were written from the specification's prose; this is where they
// meet the broker the prose describes. Kafka, Service Bus and SQS have no
// broker or emulator on a Debian machine, so their cases are not run here.

// TestSettlementAgreesWithRabbitMQ runs the settlement block's RabbitMQ
// cases: acknowledge, reject with and without a dead-letter exchange, first
// call wins (one broker action), never settled. What each call returned is
// the handle's answer, not the broker's, so only the broker-level members
// are compared.
func TestSettlementAgreesWithRabbitMQ(t *testing.T) {
	addr := rabbitmqtest.Start(t)
	correct := correctOracle(t)
	ran := 0
	for _, c := range rabbitMQCases(suitetest.Canonical(t).Settlement) {
		ran++
		t.Run(c.Name, func(t *testing.T) {
			var args oracle.SettleArgs
			decodeArgs(t, c, &args)
			answer, err := correct.Settle(args)
			if err != nil {
				t.Fatal(err)
			}
			seen, err := settleprobe.Run(addr, settleprobe.Scenario{DeadLetterExchange: args.DeadLetterQueue, Calls: args.Calls})
			if err != nil {
				t.Fatal(err)
			}
			agree(t, "broker_actions", seen.BrokerActions, answer.BrokerActions, expected(t, c, "broker_actions"))
			agree(t, "redelivered_by", seen.RedeliveredBy, answer.RedeliveredBy, expected(t, c, "redelivered_by"))
		})
	}
	if ran == 0 {
		t.Fatal("the canonical settlement block has no RabbitMQ case")
	}
}

// TestRowErrorsAgreeWithRabbitMQ runs the row_errors block's RabbitMQ
// cases: a failed read leaves the message unsettled (back when the
// connection closes); Skip and DeadLetter settle it as RabbitMQ settles a
// message not to be retried, a reject without requeue, which the broker
// dead-letters where the queue has a dead-letter exchange and drops
// otherwise.
func TestRowErrorsAgreeWithRabbitMQ(t *testing.T) {
	addr := rabbitmqtest.Start(t)
	correct := correctOracle(t)
	ran := 0
	for _, c := range rabbitMQCases(suitetest.Canonical(t).RowErrors) {
		ran++
		t.Run(c.Name, func(t *testing.T) {
			var args oracle.ReadMessageArgs
			decodeArgs(t, c, &args)
			answer, err := correct.ReadMessage(args)
			if err != nil {
				t.Fatal(err)
			}
			if answer.HandedOn {
				t.Skip("the body deserializes: the message is handed on, and downstream settles it")
			}
			var calls []string
			if answer.ReadError == nil {
				calls = []string{"reject"}
			}
			seen, err := settleprobe.Run(addr, settleprobe.Scenario{DeadLetterExchange: args.DeadLetterQueue, Calls: calls})
			if err != nil {
				t.Fatal(err)
			}
			agreeOneOf(t, "settlement", readSettlement(seen), answer.Settlement, expected(t, c, "settlement"))
		})
	}
	if ran == 0 {
		t.Fatal("the canonical row_errors block has no RabbitMQ case")
	}
}

// readSettlement is row_errors' word for what the broker did.
func readSettlement(seen settleprobe.Observed) string {
	switch {
	case seen.DeadLettered:
		return "dead_lettered"
	case seen.RedeliveredBy != nil:
		return "unsettled"
	}
	return "removed"
}

func correctOracle(t *testing.T) *oracle.Oracle {
	o, err := oracle.New(oracle.None)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func rabbitMQCases(b *model.MessagingBlock) []model.MessagingCase {
	var out []model.MessagingCase
	for _, c := range b.Cases {
		if broker, _ := c.Arg("broker"); broker.Text == "rabbitmq" {
			out = append(out, c)
		}
	}
	return out
}

// decodeArgs reads a case's arguments as the oracle's operation takes them.
func decodeArgs(t *testing.T, c model.MessagingCase, into any) {
	t.Helper()
	if err := json.Unmarshal([]byte(model.ObjectValue(c.Args...).Compact()), into); err != nil {
		t.Fatalf("the case's arguments: %v", err)
	}
}

// expected is the case's expectation of member.
func expected(t *testing.T, c model.MessagingCase, member string) model.Expectation {
	t.Helper()
	for _, e := range c.Expect {
		if e.Member == member {
			return e
		}
	}
	t.Fatalf("the case expects no %s", member)
	return model.Expectation{}
}

// agree fails unless the broker, the oracle and the manifest say the same.
func agree(t *testing.T, member string, broker, oracleSaid any, e model.Expectation) {
	t.Helper()
	b, o := asJSON(t, broker), asJSON(t, oracleSaid)
	if e.OneOf == nil && !b.Equal(e.Value) || !b.Equal(o) {
		t.Errorf("%s: the broker did %s, the oracle says %s, the manifest expects %s", member, b.Compact(), o.Compact(), e.Value.Compact())
	}
}

// agreeOneOf is agree where the manifest may allow several readings.
func agreeOneOf(t *testing.T, member string, broker, oracleSaid any, e model.Expectation) {
	t.Helper()
	if e.OneOf == nil {
		agree(t, member, broker, oracleSaid, e)
		return
	}
	b, o := asJSON(t, broker), asJSON(t, oracleSaid)
	if !slices.ContainsFunc(e.OneOf, b.Equal) || !b.Equal(o) {
		t.Errorf("%s: the broker did %s, the oracle says %s, the manifest allows one of %d readings", member, b.Compact(), o.Compact(), len(e.OneOf))
	}
}

func asJSON(t *testing.T, v any) model.Value {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if list, isList := v.([]string); isList && list == nil {
		raw = []byte("[]") // a nil list is an empty one
	}
	parsed, err := model.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return parsed
}
