package backend

import (
	"slices"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// ScaffoldPredates is the missing-feature rule's reason for an operation a
// scaffold has no mapping for because bqgen added it after the scaffold was
// written: the generated default of every language answers with it, so a
// newer bqgen never breaks an SDK's build, and the operation's tests skip
// with this reason until the SDK maps it.
func ScaffoldPredates(op protocol.Operation) string {
	return "this scaffold predates operation " + op.Name + " (bqgen adds it from suite " + op.Since + ")"
}

// ScaffoldAuditor is a backend that reads the SDK's scaffold as it is on
// disk (written once, the SDK's own since) against the operations the
// generated subject interface now has. `bqgen check` reports what it finds.
type ScaffoldAuditor interface {
	// AuditScaffold reports, for the target s and opt generate for, every
	// protocol operation the scaffold files (by path relative to the out
	// dir; only those present on disk) do not map, or map in a way the
	// generated interface no longer accepts.
	AuditScaffold(scaffold map[string][]byte, s *model.Suite, opt Options) []ScaffoldFinding
	// Stubs is the source of a method per operation, in the language, each
	// reporting not provided, for a maintainer to paste into the scaffold
	// and map onto the SDK. An unknown name is an error naming it.
	Stubs(ops []string, s *model.Suite, opt Options) (string, error)
}

// ScaffoldFinding is one operation a scaffold does not map as the generated
// interface expects.
type ScaffoldFinding struct {
	File      string // the scaffold file, relative to the out dir
	Operation string // wire name
	// Breaks is true when the SDK's build (or, in an interpreted language,
	// the loading of the tests) would fail: `check` exits 1. Otherwise the
	// generated default answers for the operation and its tests skip.
	Breaks bool
	// Problem says what is wrong, naming the method as the language spells
	// it, and what follows (the tests skip; the build fails); the Stub is
	// printed under it.
	Problem string
	Stub    string // the code to paste (or to replace the method with), in the language
}

// TransportLayout says where an SDK's broker transports live, which decides
// which target's scaffold maps a broker's operations.
type TransportLayout int

const (
	// TransportsApart: each broker's transport is a package of its own (a Go
	// module, an npm adapter, a Maven artifact, a NuGet package), so a core
	// target leaves the broker operations to the transport targets even when
	// it generates their tests.
	TransportsApart TransportLayout = iota
	// TransportsInCore: the core package carries the transports (Python,
	// PHP), so a target maps every operation its tests call.
	TransportsInCore
)

// TargetBrokers are the brokers of a transport target: the blocks of its
// suite s when every one is a broker block, nil for a core target (any
// selection with a block of the core, all blocks included).
func TargetBrokers(s *model.Suite) []string {
	blocks := s.Blocks()
	for _, b := range blocks {
		if !model.IsTransportBlock(b) {
			return nil
		}
	}
	return blocks
}

// Belongs reports whether op is the scaffold's to map in the target whose
// suite is s. An operation no block calls yet (one a newer protocol adds
// before its block) belongs to every target.
func Belongs(s *model.Suite, op protocol.Operation, layout TransportLayout) bool {
	if len(op.CalledBy()) == 0 {
		return true
	}
	if layout == TransportsInCore {
		return calls(s, op)
	}
	brokers := TargetBrokers(s)
	if len(brokers) == 0 {
		return op.Transport == ""
	}
	return slices.Contains(brokers, op.Transport)
}

// Expects reports whether the scaffold of the target whose suite is s is
// expected to map op: it belongs to the target and the target's tests call
// it (or no block calls it yet). check warns about a scaffold without it.
func Expects(s *model.Suite, op protocol.Operation, layout TransportLayout) bool {
	return Belongs(s, op, layout) && (len(op.CalledBy()) == 0 || calls(s, op))
}

// calls reports whether the target's tests call op.
func calls(s *model.Suite, op protocol.Operation) bool {
	for _, b := range op.CalledBy() {
		if s.HasBlock(b) {
			return true
		}
	}
	return false
}

// DefaultReason is what the generated default of op answers, in the target
// whose suite is s, when the scaffold has no method for it: an operation
// that belongs to another target says which (OtherTarget); any other the
// scaffold predates (ScaffoldPredates). A scaffold keeps only the operations
// it maps, and the defaults say the rest.
func DefaultReason(s *model.Suite, op protocol.Operation, layout TransportLayout) string {
	if !Belongs(s, op, layout) {
		return OtherTarget(op.Transport)
	}
	return ScaffoldPredates(op)
}

// LayoutReporter is a backend that says where its SDK keeps the broker
// transports. A backend that does not is TransportsApart.
type LayoutReporter interface {
	TransportLayout() TransportLayout
}

// LayoutOf is where b's SDK keeps the broker transports.
func LayoutOf(b Backend) TransportLayout {
	if r, ok := b.(LayoutReporter); ok {
		return r.TransportLayout()
	}
	return TransportsApart
}
