package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Call answers as the server does: the same result, and the server's error
// code for a request it refuses.
func TestCallAnswersAsTheServer(t *testing.T) {
	o := newOracle(t, None)
	args := json.RawMessage(`{"body_attempts": 5, "approximate_receive_count": "3"}`)
	got, err := o.Call("sqs_reconcile", args)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Serve(strings.NewReader(`{"id":1,"op":"sqs_reconcile","args":`+string(args)+"}\n"), &out, o); err != nil {
		t.Fatal(err)
	}
	var resp struct{ Result json.RawMessage }
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, resp.Result) {
		t.Errorf("Call = %s, server = %s", got, resp.Result)
	}
	var opErr *OpError
	if _, err := o.Call("no_such_op", json.RawMessage(`{}`)); !errors.As(err, &opErr) || opErr.Code != codeUnknownOp {
		t.Errorf("unknown op: %v", err)
	}
	if _, err := o.Call("sqs_reconcile", json.RawMessage(`{}`)); !errors.As(err, &opErr) || opErr.Code != codeBadRequest {
		t.Errorf("missing args: %v", err)
	}
}
