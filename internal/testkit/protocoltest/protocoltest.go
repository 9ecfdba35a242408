// Package protocoltest lets a test run bqgen as a later release would: with
// an operation appended to the protocol that no scaffold written today maps.
package protocoltest

import (
	"testing"

	"github.com/babelqueue/bqgen/protocol"
)

// Probe is the operation a later protocol appends in the upgrade tests: text
// in, text out, added with a suite revision that does not exist yet.
var Probe = protocol.Operation{
	Name:  "probe_echo",
	Since: "9.0.0",
	Doc:   "answers text as the SDK's probe returns it (an operation a later bqgen adds)",
	Params: []protocol.Field{
		{Name: "text", Type: protocol.Type{Kind: protocol.Text}, Doc: "the text to send"},
	},
	Result: protocol.Result{Member: "text", Type: protocol.Type{Kind: protocol.Text}},
}

// Append appends op to protocol.Operations for the rest of t and restores
// the list when t ends. protocol.Operations is package state: t must not be
// parallel, nor run beside a parallel test of its package (a top-level test
// without t.Parallel runs alone, before the parallel ones resume).
func Append(t testing.TB, op protocol.Operation) {
	t.Helper()
	saved := protocol.Operations
	protocol.Operations = append(append([]protocol.Operation(nil), saved...), op)
	t.Cleanup(func() { protocol.Operations = saved })
}
