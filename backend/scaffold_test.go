package backend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The default of an operation that belongs to the target says the scaffold
// predates it, naming the operation and the suite that brought it; one that
// belongs to another target says which, as the missing-feature rule words it.
// Where transports are packages apart, a core target leaves broker
// operations to them even when it generates their tests; where the core
// carries them, a target owns what its tests call.
func TestDefaultReason(t *testing.T) {
	full := &model.Suite{HasCases: true, SQS: &model.SQS{}}
	sqs, err := full.Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	probe := protocol.Operation{Name: "probe_echo", Since: "9.0.0"}
	predates := ScaffoldPredates
	for _, c := range []struct {
		name   string
		s      *model.Suite
		op     protocol.Operation
		layout TransportLayout
		want   string
		maps   bool
	}{
		{"decode, core", full, protocol.Decode, TransportsApart, "this scaffold predates operation decode (bqgen adds it from suite 1.1.0)", true},
		{"sqs_reconcile, core with the sqs block", full, protocol.SQSReconcile, TransportsApart, OtherTarget(model.BlockSQS), false},
		{"sqs_reconcile, core carrying transports", full, protocol.SQSReconcile, TransportsInCore, predates(protocol.SQSReconcile), true},
		{"kafka_headers, core carrying transports, no kafka block", full, protocol.KafkaHeaders, TransportsInCore, OtherTarget(model.BlockKafka), false},
		{"sqs_reconcile, sqs", sqs, protocol.SQSReconcile, TransportsApart, predates(protocol.SQSReconcile), true},
		{"kafka_headers, sqs", sqs, protocol.KafkaHeaders, TransportsApart, OtherTarget(model.BlockKafka), false},
		{"decode, sqs", sqs, protocol.Decode, TransportsApart, OtherTarget(""), false},
		{"decode, sqs, transports in core", sqs, protocol.Decode, TransportsInCore, OtherTarget(""), false},
		{"settle, core without its block", full, protocol.Settle, TransportsApart, predates(protocol.Settle), false},
		{"an operation no block calls yet, core", full, probe, TransportsApart, "this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)", true},
		{"an operation no block calls yet, sqs", sqs, probe, TransportsInCore, predates(probe), true},
	} {
		if got := DefaultReason(c.s, c.op, c.layout); got != c.want {
			t.Errorf("%s: DefaultReason = %q, want %q", c.name, got, c.want)
		}
		if got := Expects(c.s, c.op, c.layout); got != c.maps {
			t.Errorf("%s: Expects = %v, want %v", c.name, got, c.maps)
		}
	}
	if !strings.Contains(ScaffoldPredates(probe), "probe_echo") {
		t.Error("ScaffoldPredates does not name the operation")
	}
}
