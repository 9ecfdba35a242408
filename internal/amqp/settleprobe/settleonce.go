package settleprobe

import (
	"fmt"
	"strings"
	"sync"

	"github.com/babelqueue/bqgen/internal/amqp"
)

// outcomes maps each settlement call to the outcome it reports to its
// caller: what the consumer asked for, not what the broker made of it (a
// reject on a queue with a dead-letter exchange is dead-lettered).
var outcomes = map[string]string{
	"acknowledge": "acknowledged",
	"requeue":     "requeued",
	"reject":      "rejected",
}

// parseCall splits "copy.reject" into ("reject", true), checking the verb.
func parseCall(call string) (verb string, onCopy bool, err error) {
	verb, onCopy = strings.CutPrefix(call, "copy.")
	if _, ok := outcomes[verb]; !ok {
		return "", false, fmt.Errorf("settleprobe: unknown call %q (acknowledge, requeue, reject, each optionally copy.)", call)
	}
	return verb, onCopy, nil
}

// settleState is what every handle on one delivery shares: whether it has
// been settled yet, and how the first settlement came out.
type settleState struct {
	mu      sync.Mutex
	done    bool
	outcome string
	err     error
}

// handle is a consumer's handle on one delivery, the thing under test:
// with settle-once, the first call settles the message at the broker and
// every later call, through this handle or a copy of it, returns that
// first call's outcome and error without a word to the broker. Without
// settle-once (passThrough) every call goes to the broker, as a naive
// client's would.
type handle struct {
	ch          *amqp.Channel
	tag         uint64
	state       *settleState
	passThrough bool
}

// copy is a second handle on the same delivery, sharing the settle-once
// state, as a message object copied or passed by value would.
func (h *handle) copy() *handle {
	c := *h
	return &c
}

// settle runs one call (a verb of outcomes). sent says whether it reached
// the broker.
func (h *handle) settle(verb string) (outcome string, sent bool, err error) {
	if h.passThrough {
		return outcomes[verb], true, h.send(verb)
	}
	h.state.mu.Lock()
	defer h.state.mu.Unlock()
	if h.state.done {
		return h.state.outcome, false, h.state.err
	}
	h.state.done, h.state.outcome = true, outcomes[verb]
	h.state.err = h.send(verb)
	return h.state.outcome, true, h.state.err
}

// send is the broker call for verb.
func (h *handle) send(verb string) error {
	switch verb {
	case "acknowledge":
		return h.ch.Ack(h.tag)
	case "requeue":
		return h.ch.Reject(h.tag, true)
	default:
		return h.ch.Reject(h.tag, false)
	}
}
