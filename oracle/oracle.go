// Package oracle is the Go reference implementation of the BabelQueue wire
// contract: the "oracle" that bqgen binds its generated conformance tests to.
//
// Every behaviour here is computed from its inputs following the prose of the
// conformance specification (conformance-suite-readme and the block
// descriptions); nothing is looked up from a manifest's expected values, so
// the oracle can cross-check a manifest rather than echo it.
//
// The package is standard-library only and has no reference to its own
// source.go, so its files can be copied verbatim into a temporary module (see
// Source) and built as a standalone package.
//
// One operation is one method, named after the operation in
// docs/subject-protocol.md, with request and response structs whose JSON tags
// are the protocol's field names. Serve speaks the same operations as JSON
// lines. An oracle may carry one deliberate Fault (a mutant) to prove that the
// generated tests catch the bug it names.
package oracle

import "slices"

// Oracle answers the subject operations. The zero value is not usable; build
// one with New. An Oracle holds no mutable state, so it is safe for concurrent
// use: each operation builds what it needs (stores, queues) afresh. (A
// replaying oracle, which Conversation.AnsweredAlike builds for one
// conversation, counts its ids instead, and a consulting one, which
// CallConsulting builds for one call, notes the faults it asks about: each
// is used by one goroutine.)
type Oracle struct {
	fault Fault
	// alongside are the further faults switched on with fault (Together).
	alongside []Fault
	// replay, when set, stands in for the producer's randomness and clock.
	replay *replaySource
	// consulted, when set, collects each fault has is asked about: an
	// oracle that keeps it (Consulting) serves one goroutine.
	consulted Consulted
}

// Fault reports the fault this oracle runs with (None for the correct oracle).
func (o *Oracle) Fault() Fault { return o.fault }

// has reports whether fault f is switched on. Every fault branch goes through
// it, so grepping for a fault's constant finds the one place it acts, and
// what an oracle did depends on its fault only where has was asked
// (Consulted).
func (o *Oracle) has(f Fault) bool {
	if o.consulted != nil {
		o.consulted[f] = true
	}
	return o.fault == f || slices.Contains(o.alongside, f)
}
