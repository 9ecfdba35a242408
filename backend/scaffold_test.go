package backend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The default of an operation the target's tests call says the scaffold
// predates it, naming the operation and the suite that brought it; one only
// another target calls says which target, as the missing-feature rule words it.
func TestDefaultReason(t *testing.T) {
	full := &model.Suite{HasCases: true, SQS: &model.SQS{}}
	core, err := full.Select([]string{model.BlockCases})
	if err != nil {
		t.Fatal(err)
	}
	got := DefaultReason(core, protocol.Decode)
	if want := "this scaffold predates operation decode (bqgen adds it from suite 1.1.0)"; got != want {
		t.Errorf("decode in a core target: %q, want %q", got, want)
	}
	if got := DefaultReason(core, protocol.SQSReconcile); got != OtherTarget(model.BlockSQS) {
		t.Errorf("sqs_reconcile in a core target: %q, want the sqs target's reason", got)
	}
	probe := protocol.Operation{Name: "probe_echo", Since: "9.0.0"}
	if got := DefaultReason(core, probe); !strings.Contains(got, "predates operation probe_echo (bqgen adds it from suite 9.0.0)") {
		t.Errorf("an operation no block calls yet: %q", got)
	}
}
