package report

import (
	"strings"

	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/results"
)

// withSkipReason gives a skip the runner reported without a reason (PHPUnit
// 9's JUnit writes a bare <skipped/>) the reason bqgen knows. A generated
// test skips only where an exemption says so (the index has it) or where
// the subject does not provide an operation the test calls: so a bare skip
// of a test without an exemption is the second, and the block's tests call
// these operations. The message keeps the form of a not-provided skip, so
// it is classified and grouped as one.
func withSkipReason(e *IndexEntry, t results.Test) results.Test {
	if t.Outcome != results.Skip || strings.TrimSpace(t.Message) != "" || e.Exemption != nil {
		return t
	}
	block := e.Block
	var ops []string
	for _, op := range protocol.All() {
		for _, b := range op.CalledBy() {
			if b == block {
				ops = append(ops, op.Name)
			}
		}
	}
	if len(ops) == 0 {
		return t
	}
	t.Message = "not provided: one of " + strings.Join(ops, ", ") +
		" (the result file gives no reason, as PHPUnit 9's JUnit does not; the test's own output names it)"
	return t
}
