package oracle

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// Messages that don't deserialize (message-queues shared behaviour): a
// source's RowErrorHandler decides what happens to a message whose body is
// not a valid T. Fail (the default, also when there is no handler): the read
// fails with an error naming the topic or queue, the message's position and
// the start of its body, and the message stays unsettled. Skip: settled so
// it is not delivered again — to the dead-letter queue where there is one,
// otherwise deleted or passed. DeadLetter: a MessageFailure (source, message
// id, the whole body, the broker's metadata) goes to the dead-letter sink,
// then settled as for Skip. The excerpt keeps RawExcerptLength (256 by
// default) of the body, counted in code points as every length of the suite
// is. row_errors counts undeserializable messages by action.

// defaultRawExcerptLength is RawExcerptLength's default.
const defaultRawExcerptLength = 256

// ReadMessageArgs is the argument of read_message.
type ReadMessageArgs struct {
	Type             json.RawMessage `json:"type"`
	Broker           string          `json:"broker"`
	Source           string          `json:"source"`
	Position         string          `json:"position"`
	MessageID        string          `json:"message_id"`
	Metadata         json.RawMessage `json:"metadata"`
	Body             string          `json:"body"`
	Action           *string         `json:"action"`
	DeadLetterQueue  bool            `json:"dead_letter_queue"`
	RawExcerptLength *int64          `json:"raw_excerpt_length"`
}

// MessageFailure is what the dead-letter sink receives.
type MessageFailure struct {
	Source    string          `json:"source"`
	MessageID string          `json:"message_id"`
	Body      string          `json:"body"`
	Metadata  json.RawMessage `json:"metadata"`
}

// ReadError is a failed read, as the members the specification decides:
// the topic or queue, and the message's position. Its message's wording is
// the SDK's own, so no case reads it.
type ReadError struct {
	Source   string `json:"source"`
	Position string `json:"position"`
}

// MessageReadResult is the result of read_message.
type MessageReadResult struct {
	HandedOn    bool             `json:"handed_on"`
	ReadError   *ReadError       `json:"read_error"`
	Excerpt     *string          `json:"excerpt"`
	Settlement  string           `json:"settlement"`
	DeadLetters []MessageFailure `json:"dead_letters"`
	RowErrors   map[string]int   `json:"row_errors"`
	// MessagesSettled counts the settlement a skip or a dead letter makes.
	MessagesSettled map[string]int `json:"messages_settled"`
}

// The settlements a read leaves a message in.
const (
	readUnsettled    = "unsettled"
	readDeadLettered = "dead_lettered"
	readRemoved      = "removed" // deleted or passed: not delivered again
)

// ReadMessage reads one message through a source with the given handler.
func (o *Oracle) ReadMessage(a ReadMessageArgs) (MessageReadResult, error) {
	if err := checkBroker(a.Broker); err != nil {
		return MessageReadResult{}, err
	}
	res := MessageReadResult{Settlement: readUnsettled, DeadLetters: []MessageFailure{}, RowErrors: map[string]int{},
		MessagesSettled: map[string]int{}}
	valid, err := o.isValidT(a.Type, a.Body)
	if err != nil {
		return MessageReadResult{}, err
	}
	if valid {
		res.HandedOn = true // the message is emitted; downstream settles it
		return res, nil
	}
	action, err := o.rowErrorAction(a.Action)
	if err != nil {
		return MessageReadResult{}, err
	}
	res.RowErrors[action]++
	switch action {
	case "fail":
		excerpt := o.excerpt(a.Body, a.RawExcerptLength)
		res.Excerpt = &excerpt
		res.ReadError = o.readError(a)
	case "dead_letter":
		failure := MessageFailure{Source: a.Source, MessageID: a.MessageID, Body: a.Body, Metadata: a.Metadata}
		if o.has(faultDeadLetterDropsMetadata) {
			failure.Metadata = json.RawMessage("{}")
		}
		res.DeadLetters = append(res.DeadLetters, failure)
		if o.has(faultRowErrorCountedTwice) {
			res.RowErrors["skip"]++ // settled as for Skip, counted as one too
		}
		if !o.has(faultDeadLetterNeverSettles) {
			o.settleAsSkipped(&res, a, !o.has(faultDeadLetterIgnoresDeadLetterQueue))
		}
	case "skip":
		if !o.has(faultSkipLeavesUnsettled) {
			o.settleAsSkipped(&res, a, true)
		}
	}
	return res, nil
}

// readError names the topic or queue and the message's position.
func (o *Oracle) readError(a ReadMessageArgs) *ReadError {
	e := &ReadError{Source: a.Source, Position: a.Position}
	if o.has(faultReadErrorNamesTheMessageID) {
		e.Position = a.MessageID
	}
	return e
}

// settleAsSkipped settles an undeserializable message as Skip does: to the
// dead-letter queue where there is one (and useQueue), otherwise removed,
// counting the settlement. A removed message is rejected on RabbitMQ (a
// reject without requeue drops it there) and deleted or passed, which
// acknowledges it, elsewhere.
func (o *Oracle) settleAsSkipped(res *MessageReadResult, a ReadMessageArgs, useQueue bool) {
	res.Settlement = settledAsSkipped(a.DeadLetterQueue && useQueue)
	outcome := outcomeAcknowledged
	switch {
	case res.Settlement == readDeadLettered && !o.has(faultDeadLetterQueueCountedRejected):
		outcome = outcomeDeadLettered
	case res.Settlement == readDeadLettered, a.Broker == "rabbitmq":
		outcome = outcomeRejected
	}
	if !o.has(faultSkipSettlementNotCounted) {
		res.MessagesSettled[outcome]++
	}
}

// rowErrorAction is the handler's action; no handler means Fail.
func (o *Oracle) rowErrorAction(action *string) (string, error) {
	if action == nil {
		if o.has(faultNoHandlerSkips) {
			return "skip", nil
		}
		return "fail", nil
	}
	switch *action {
	case "fail", "skip", "dead_letter":
		return *action, nil
	}
	return "", badArg("action", "must be fail, skip or dead_letter, not %q", *action)
}

// settledAsSkipped is Skip's settlement: the dead-letter queue, or removed.
func settledAsSkipped(deadLetterQueue bool) string {
	if deadLetterQueue {
		return readDeadLettered
	}
	return readRemoved
}

// isValidT reports whether body is JSON that the schema of T accepts.
func (o *Oracle) isValidT(schema json.RawMessage, body string) (bool, error) {
	if !json.Valid([]byte(body)) {
		return false, nil
	}
	v, err := o.ValidatePayload(ValidatePayloadArgs{Schema: schema, Data: json.RawMessage(body)})
	if err != nil {
		return false, badArg("type", "%v", err)
	}
	return v.Valid, nil
}

// excerpt is the start of body the read error keeps: limit code points.
func (o *Oracle) excerpt(body string, limit *int64) string {
	n := defaultRawExcerptLength
	if limit != nil {
		n = int(max(*limit, 0))
	}
	switch {
	case o.has(faultExcerptBytes):
		if len(body) > n {
			body = body[:n]
		}
		return string([]rune(body)) // a cut character reads as U+FFFD
	case o.has(faultExcerptUTF16):
		units := utf16.Encode([]rune(body))
		if len(units) > n {
			units = units[:n]
		}
		return string(utf16.Decode(units)) // a cut pair reads as U+FFFD
	}
	if utf8.RuneCountInString(body) <= n {
		return body
	}
	return string([]rune(body)[:n])
}
