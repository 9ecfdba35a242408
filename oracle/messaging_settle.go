package oracle

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// Settlement (message-queues shared behaviour, "Messages and settlement"):
// a received message is settled once — the first call wins and later calls
// return its result with no second broker action; settling the WithBody
// copy settles the original. Acknowledge: not delivered again. Reject with
// requeue: delivered again. Reject without requeue: the broker's dead-letter
// queue when it has one, otherwise dropped. Never settled: delivered again,
// when RabbitMQ's or Service Bus's connection closes, after SQS's visibility
// timeout, after a Kafka restart. messages_settled counts settlements by
// outcome.

// SettleArgs is the argument of settle.
type SettleArgs struct {
	Broker          string   `json:"broker"`
	DeadLetterQueue bool     `json:"dead_letter_queue"`
	Calls           []string `json:"calls"`
}

// SettlementResult is the result of settle.
type SettlementResult struct {
	Results         []string       `json:"results"`
	BrokerActions   []string       `json:"broker_actions"`
	RedeliveredBy   *string        `json:"redelivered_by"`
	MessagesSettled map[string]int `json:"messages_settled"`
}

// The settlement outcomes, as messages_settled names them.
const (
	outcomeAcknowledged = "acknowledged"
	outcomeRequeued     = "requeued"
	outcomeRejected     = "rejected"
	outcomeDeadLettered = "dead_lettered"
)

// unsettledComesBack is what delivers a never-settled message again.
var unsettledComesBack = map[string]string{
	"rabbitmq": "connection_close", "servicebus": "connection_close",
	"sqs": "visibility_timeout", "kafka": "restart",
}

// checkBroker refuses a broker the messaging layer does not have.
func checkBroker(broker string) error {
	if _, ok := unsettledComesBack[broker]; !ok {
		return badArg("broker", "must be one of %s, not %q", strings.Join(model.MessagingBrokers, ", "), broker)
	}
	return nil
}

// Settle drives one received message through the calls.
func (o *Oracle) Settle(a SettleArgs) (SettlementResult, error) {
	if err := checkBroker(a.Broker); err != nil {
		return SettlementResult{}, err
	}
	res := SettlementResult{Results: []string{}, BrokerActions: []string{}, MessagesSettled: map[string]int{}}
	settled := map[bool]string{} // by "is the copy"; one entry unless the copy is separate
	for i, call := range a.Calls {
		target, method, isCopy := strings.Cut(call, ".")
		if !isCopy {
			method = target
		} else if target != "copy" {
			return SettlementResult{}, badArg(fmt.Sprintf("calls[%d]", i), "unknown target %q (want copy.<call>)", target)
		}
		outcome, err := o.outcomeOf(method, a.DeadLetterQueue)
		if err != nil {
			return SettlementResult{}, badArg(fmt.Sprintf("calls[%d]", i), "%v", err)
		}
		message := isCopy && o.has(faultCopySettlesSeparately)
		first, done := settled[message]
		switch {
		case !done || o.has(faultSettleLastWins):
			settled[message] = outcome
			res.BrokerActions = append(res.BrokerActions, outcome)
			if outcome != outcomeAcknowledged || !o.has(faultAcknowledgeNotCounted) {
				res.MessagesSettled[outcome]++
			}
			res.Results = append(res.Results, outcome)
		default:
			if o.has(faultSettledCountsEveryCall) {
				res.MessagesSettled[first]++
			}
			res.Results = append(res.Results, first)
		}
	}
	res.RedeliveredBy = o.redeliveredBy(a.Broker, settled[false])
	return res, nil
}

// outcomeOf is what one settle call does.
func (o *Oracle) outcomeOf(method string, deadLetterQueue bool) (string, error) {
	switch method {
	case "acknowledge":
		return outcomeAcknowledged, nil
	case "requeue":
		if o.has(faultRequeueAcknowledges) {
			return outcomeAcknowledged, nil
		}
		return outcomeRequeued, nil
	case "reject":
		switch {
		case deadLetterQueue && !o.has(faultRejectIgnoresDeadLetterQueue):
			return outcomeDeadLettered, nil
		case !deadLetterQueue && o.has(faultRejectWithoutQueueRequeues):
			return outcomeRequeued, nil
		}
		return outcomeRejected, nil
	}
	return "", fmt.Errorf("unknown call %q (want acknowledge, requeue or reject)", method)
}

// redeliveredBy says what delivers the original message again, given how it
// was settled ("" : never).
func (o *Oracle) redeliveredBy(broker, outcome string) *string {
	var by string
	switch outcome {
	case "":
		if o.has(faultUnsettledAutoAcknowledged) {
			return nil
		}
		by = unsettledComesBack[broker]
		if broker == "kafka" && o.has(faultKafkaUnsettledBackOnClose) {
			by = "connection_close"
		}
	case outcomeRequeued:
		by = "requeue"
	default:
		return nil
	}
	return &by
}
