package scaffoldaudit

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/protocol"
)

// Stubs are the methods of the operations ops (--ops) as b writes them
// into t's scaffold, to paste into an SDK's; a language b cannot write
// them for, or an operation the protocol lacks, is a usage error.
func Stubs(b backend.Backend, s *model.Suite, t plan.Target, ops []string) (string, error) {
	auditor, ok := b.(backend.ScaffoldAuditor)
	if !ok {
		return "", exitcode.Usagef("%s: bqgen cannot print stubs for this language yet", b.Lang())
	}
	if len(ops) == 0 {
		return "", exitcode.Usagef("--ops names no operation (known: %s)", strings.Join(OperationNames(), ", "))
	}
	sel, err := s.Select(t.Blocks)
	if err != nil {
		return "", exitcode.Usagef("%v", err)
	}
	for _, op := range ops {
		if _, ok := protocol.Lookup(op); !ok {
			return "", exitcode.Usagef("--ops: unknown operation %s (known: %s)", quote.Name(op), strings.Join(OperationNames(), ", "))
		}
	}
	stubs, err := auditor.Stubs(ops, sel, t.Opt)
	if err != nil {
		return "", exitcode.Usagef("%s", plan.WithLang(b.Lang(), err.Error()))
	}
	return stubs, nil
}

// OperationNames are the wire names of the subject operations, the names
// --ops takes: for its messages and its completion.
func OperationNames() []string {
	var names []string
	for _, op := range protocol.Operations {
		names = append(names, op.Name)
	}
	return names
}
