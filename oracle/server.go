package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Serve answers JSON-lines requests from in on out until end of input, as
// `bqgen oracle serve` does (docs/subject-protocol.md). One request per line,
// one response per line in request order, flushed at once so a client can
// wait for each answer. Blank lines are ignored; a malformed line, or one
// beyond a suite's limits (checkRequestLimits, MaxLineBytes), gets an error
// response and serving goes on. Every answer is one line of UTF-8 JSON.
// Serve returns nil at end of input and an error only when reading or
// writing fails.
func Serve(in io.Reader, out io.Writer, o *Oracle) error {
	lines := &lineReader{r: bufio.NewReaderSize(in, 64<<10), max: MaxLineBytes}
	w := bufio.NewWriter(out)
	for {
		line, tooLong, readErr := lines.next()
		if readErr != nil && !errors.Is(readErr, io.EOF) {
			return readErr
		}
		if tooLong || len(bytes.TrimSpace(line)) > 0 {
			if _, err := w.Write(answerLine(o.handleLine(line, tooLong))); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if readErr != nil {
			return nil
		}
	}
}

// handleLine answers one request line, or refuses a line past MaxLineBytes.
func (o *Oracle) handleLine(line []byte, tooLong bool) response {
	if tooLong {
		return failure(nil, codeBadRequest, fmt.Sprintf("request line is longer than %d MiB, the limit (a suite file, escaped, with room for the other arguments)", MaxLineBytes>>20))
	}
	return o.handle(line)
}

// answerLine encodes a response as one line. Strings are encoded from Go
// values, but ids and results may carry raw JSON from the request; should
// an answer still not be UTF-8, a client gets an error it can read, never
// bytes it cannot decode. A hidden character (a bidi override echoed
// back) is written as its \uXXXX escape (quote.JSON): the same string to
// a client, no hidden text on the stream the text gate watches.
func answerLine(resp response) []byte {
	line, err := marshal(resp)
	if err == nil && !utf8.Valid(line) {
		err = errors.New("not UTF-8")
	}
	if err != nil {
		line, _ = marshal(failure(nil, codeFailed, "internal error: the answer cannot be encoded as UTF-8 JSON: "+err.Error()))
	}
	return append(quote.JSON(line), '\n')
}

// response is one line of output. Result and Error are exclusive.
type response struct {
	ID     json.RawMessage `json:"id"` // nil encodes as null
	OK     bool            `json:"ok"`
	Result any             `json:"result,omitempty"`
	Error  *wireError      `json:"error,omitempty"`
}

// wireError is the error object of a failed request.
type wireError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// The error codes of the protocol.
const (
	codeBadRequest = "bad_request"
	codeUnknownOp  = "unknown_op"
	codeFailed     = "failed"
)

// request is one parsed input line.
type request struct {
	id   json.RawMessage
	op   string
	args json.RawMessage
}

// handle answers one request line.
func (o *Oracle) handle(line []byte) response {
	if err := checkRequestLimits(line); err != nil {
		return failure(nil, codeBadRequest, err.Error())
	}
	req, err := parseRequest(line)
	if err != nil {
		return failure(req.id, codeBadRequest, err.Error())
	}
	resp := o.answer(req.op, req.args)
	resp.ID = req.id
	return resp
}

// answer runs one operation and builds its response, without an id.
func (o *Oracle) answer(opName string, args json.RawMessage) response {
	op, ok := findOperation(opName)
	if !ok {
		return failure(nil, codeUnknownOp, unknownOpError(opName))
	}
	result, err := o.call(op, args)
	switch {
	case err == nil:
		return response{OK: true, Result: result}
	case isArgError(err):
		return failure(nil, codeBadRequest, err.Error())
	}
	return failure(nil, codeFailed, err.Error())
}

// OpError is an operation's failure as the server reports it: a wire code
// (bad_request, unknown_op, failed) and a message.
type OpError struct{ Code, Message string }

func (e *OpError) Error() string { return e.Code + ": " + e.Message }

// Call answers one request in-process, exactly as the server would, without
// the JSON-lines framing: the result's JSON, or an *OpError.
func (o *Oracle) Call(opName string, args json.RawMessage) (json.RawMessage, error) {
	resp := o.answer(opName, args)
	if resp.Error != nil {
		return nil, &OpError{Code: resp.Error.Code, Message: resp.Error.Message}
	}
	return json.Marshal(resp.Result)
}

// call checks the arguments and runs the operation. A panic is turned into a
// failed response, so one bad request cannot stop the server.
func (o *Oracle) call(op opSpec, raw json.RawMessage) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error in %s: %v", op.name, p)
		}
	}()
	var args map[string]json.RawMessage
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, badArg("(args)", "%v", err)
	}
	if err := checkArgs(args, op.fields); err != nil {
		return nil, err
	}
	if o.isEcho() {
		return o.echo(op.op, args), nil
	}
	return op.call(o, raw)
}

// failure builds an error response.
func failure(id json.RawMessage, code, msg string) response {
	return response{ID: id, Error: &wireError{Code: code, Message: msg}}
}

// parseRequest reads {"id", "op", "args"} from one line. The id is echoed
// verbatim even when the rest of the request is bad; absent args mean {}.
func parseRequest(line []byte) (request, error) {
	members, err := parseObject(bytes.TrimSpace(line))
	if err != nil {
		return request{}, fmt.Errorf("request is %w", err)
	}
	req := request{id: compactOrNil(lookup(members, "id")), args: json.RawMessage("{}")}
	for _, m := range members {
		if err := req.set(m); err != nil {
			return req, err
		}
	}
	if lookup(members, "op") == nil {
		return req, errors.New("op: missing")
	}
	return req, nil
}

// set stores one member of the request object, checking its type.
func (r *request) set(m member) error {
	switch m.key {
	case "id":
		return nil
	case "op":
		op, ok := asString(m.value)
		if !ok {
			return errors.New("op: must be a string")
		}
		r.op = op
	case "args":
		if string(m.value) == "null" {
			return nil
		}
		if !isObject(m.value) {
			return errors.New("args: must be an object")
		}
		r.args = m.value
	default:
		return fmt.Errorf("%s: unknown request field", m.key)
	}
	return nil
}
