package oracle

import (
	"fmt"
	"slices"
)

// Failed writes and acknowledgement timing (message-queues shared
// behaviour, "Writing messages through any sink" and "Failed writes"). A
// message-queue sink writes each batch, then settles the messages it came
// from: every message the broker accepted is acknowledged, and one it
// refused follows FailedMessageAction — Fail (the default): the write fails
// and the failed message stays unsettled; Requeue: its source message is
// rejected with requeue and the write goes on; DeadLetter: its body goes to
// the dead-letter sink, the source message is acknowledged and the write
// goes on. When a message counts as written depends on the sink: a
// message-queue sink once the broker has it (the batch it was published
// in); SQL after each committed batch, or after the final commit in
// whole-run mode; HTTP after each successful request, or once a failed
// request is skipped or dead-lettered; any other sink when it has written
// the whole stream.

// WriteMessagesArgs is the argument of write_messages.
type WriteMessagesArgs struct {
	Sink    string     `json:"sink"`
	Action  string     `json:"action"`
	Batches [][]string `json:"batches"`
	Refused []string   `json:"refused"`
}

// WriteOutcomeResult is the result of write_messages.
type WriteOutcomeResult struct {
	WriteFails        bool              `json:"write_fails"`
	Settlements       map[string]string `json:"settlements"`
	DeadLetters       []string          `json:"dead_letters"`
	AcknowledgedAfter map[string]string `json:"acknowledged_after"`
}

// The settlements of a written message.
const (
	writeAcknowledged = "acknowledged"
	writeRequeued     = "requeued"
	writeUnsettled    = "unsettled"
)

// writer is one write_messages run in progress.
type writeRun struct {
	o   *Oracle
	res WriteOutcomeResult
}

// WriteMessages writes the batches through a sink and settles their sources.
func (o *Oracle) WriteMessages(a WriteMessagesArgs) (WriteOutcomeResult, error) {
	if err := checkWriteArgs(a); err != nil {
		return WriteOutcomeResult{}, err
	}
	w := &writeRun{o: o, res: WriteOutcomeResult{Settlements: map[string]string{}, DeadLetters: []string{},
		AcknowledgedAfter: map[string]string{}}}
	for _, batch := range a.Batches {
		for _, id := range batch {
			w.res.Settlements[id] = writeUnsettled
		}
	}
	switch a.Sink {
	case "message_queue":
		w.messageQueue(a)
		if o.has(faultMessageQueueAcksAtEnd) {
			for id := range w.res.AcknowledgedAfter {
				w.res.AcknowledgedAfter[id] = "end of stream"
			}
		}
	case "http":
		w.http(a)
	case "sql":
		w.eachBatch(a.Batches, "commit", o.has(faultSQLAcksOnWrite))
	case "sql_whole_run":
		if o.has(faultWholeRunAcksPerCommit) {
			w.eachBatch(a.Batches, "commit", false)
		} else {
			w.atEnd(a.Batches, "final commit")
		}
	default: // any other sink
		if o.has(faultOtherSinkAcksPerBatch) {
			w.eachBatch(a.Batches, "batch", false)
		} else {
			w.atEnd(a.Batches, "end of stream")
		}
	}
	return w.res, nil
}

func checkWriteArgs(a WriteMessagesArgs) error {
	actions := map[string][]string{
		"message_queue": {"fail", "requeue", "dead_letter"}, "http": {"fail", "skip", "dead_letter"},
		"sql": {"fail"}, "sql_whole_run": {"fail"}, "other": {"fail"},
	}
	allowed, ok := actions[a.Sink]
	if !ok {
		return badArg("sink", "must be message_queue, sql, sql_whole_run, http or other, not %q", a.Sink)
	}
	if !slices.Contains(allowed, a.Action) {
		return badArg("action", "a %s sink takes %v, not %q", a.Sink, allowed, a.Action)
	}
	if len(a.Refused) > 0 && a.Sink != "message_queue" && a.Sink != "http" {
		return badArg("refused", "only a message-queue broker or an HTTP endpoint refuses messages")
	}
	seen := map[string]bool{}
	for _, batch := range a.Batches {
		for _, id := range batch {
			if seen[id] {
				return badArg("batches", "message id %q appears twice", id)
			}
			seen[id] = true
		}
	}
	return nil
}

func (w *writeRun) ack(id, after string) {
	w.res.Settlements[id] = writeAcknowledged
	w.res.AcknowledgedAfter[id] = after
}

// messageQueue publishes each batch, then settles its sources.
func (w *writeRun) messageQueue(a WriteMessagesArgs) {
	for n, batch := range a.Batches {
		event := fmt.Sprintf("batch %d", n+1)
		failed := false
		for _, id := range batch {
			if !slices.Contains(a.Refused, id) {
				w.ack(id, event)
				continue
			}
			switch {
			case a.Action == "requeue" && w.o.has(faultWriteRequeueAcknowledges):
				w.ack(id, event)
			case a.Action == "requeue":
				w.res.Settlements[id] = writeRequeued
				failed = w.o.has(faultWriteStopsAfterRequeue)
			case a.Action == "dead_letter":
				w.res.DeadLetters = append(w.res.DeadLetters, id)
				if !w.o.has(faultDeadLetteredWriteLeavesSource) {
					w.ack(id, event)
				}
			default: // fail
				if w.o.has(faultFailedWriteAcknowledges) {
					w.ack(id, event)
				}
				w.res.WriteFails = true
				failed = true
			}
		}
		if failed {
			return // the write stops: later batches are never written
		}
	}
}

// http sends each batch as one request; a refused message fails its request.
func (w *writeRun) http(a WriteMessagesArgs) {
	for n, batch := range a.Batches {
		failed := slices.ContainsFunc(batch, func(id string) bool { return slices.Contains(a.Refused, id) })
		event := fmt.Sprintf("request %d", n+1)
		switch {
		case !failed:
		case a.Action == "fail":
			w.res.WriteFails = true
			return
		case w.o.has(faultHTTPFailedRequestNeverAcked):
			continue
		case a.Action == "skip":
			event = fmt.Sprintf("skip request %d", n+1)
		default: // dead_letter
			event = fmt.Sprintf("dead-letter request %d", n+1)
			w.res.DeadLetters = append(w.res.DeadLetters, batch...)
		}
		for _, id := range batch {
			w.ack(id, event)
		}
	}
}

// eachBatch acknowledges each batch's messages after its own event
// ("commit 2"); onWrite acknowledges each message as it is written instead.
func (w *writeRun) eachBatch(batches [][]string, event string, onWrite bool) {
	for n, batch := range batches {
		for _, id := range batch {
			if onWrite {
				w.ack(id, "write "+id)
			} else {
				w.ack(id, fmt.Sprintf("%s %d", event, n+1))
			}
		}
	}
}

// atEnd acknowledges every message after one final event.
func (w *writeRun) atEnd(batches [][]string, event string) {
	for _, batch := range batches {
		for _, id := range batch {
			w.ack(id, event)
		}
	}
}
