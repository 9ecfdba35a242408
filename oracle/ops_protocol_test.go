package oracle

import (
	"testing"

	"github.com/babelqueue/bqgen/protocol"
)

// The oracle answers exactly the protocol's operations, in its order.
func TestOperationsCoverTheProtocol(t *testing.T) {
	ops := operations()
	all := protocol.All()
	if len(ops) != len(all) {
		t.Fatalf("oracle binds %d operations, the protocol has %d", len(ops), len(all))
	}
	for i, op := range all {
		if ops[i].name != op.Name {
			t.Errorf("operation %d: oracle binds %q, the protocol says %q", i, ops[i].name, op.Name)
		}
	}
}
