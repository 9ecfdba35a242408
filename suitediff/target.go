package suitediff

import (
	"path"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// Target is an SDK target as the diff sees it: the blocks it runs, its
// exemptions' case patterns, and where its SDK keeps the transports (which
// decides which operations its scaffold maps).
type Target struct {
	Name       string // as messages name it: "go into sdk"
	Blocks     []string
	Exemptions []string // "<block>/<case>" patterns (path.Match)
	Layout     backend.TransportLayout
}

// TargetImpact is what the change means for one target.
type TargetImpact struct {
	Target string `json:"target"`
	// BlocksMissing are blocks the target names that the new suite lacks:
	// their tests disappear.
	BlocksMissing []string `json:"blocks_missing"`
	// Appear and Disappear are the case ids of the tests generated for the
	// new suite and not the old, and the reverse; Changed those whose
	// expectation changed.
	Appear    []string `json:"tests_appear"`
	Disappear []string `json:"tests_disappear"`
	Changed   []string `json:"tests_changed"`
	// ExemptionsUnmatched are the exemptions that match a case of the old
	// suite and none of the new one.
	ExemptionsUnmatched []string `json:"exemptions_unmatched"`
	// ScaffoldMethods are the operations the target's scaffold is expected
	// to map for the new suite and was not for the old one.
	ScaffoldMethods []string `json:"scaffold_methods"`
	// Tests is how many tests the target has with the new suite.
	Tests int `json:"tests"`
}

func impact(from, to *model.Suite, t Target) TargetImpact {
	ti := TargetImpact{Target: t.Name, BlocksMissing: []string{}, Appear: []string{}, Disappear: []string{},
		Changed: []string{}, ExemptionsUnmatched: []string{}, ScaffoldMethods: []string{}}
	for _, b := range t.Blocks {
		if !to.HasBlock(b) {
			ti.BlocksMissing = append(ti.BlocksMissing, b)
		}
	}
	oldSel, newSel := selection(from, t.Blocks), selection(to, t.Blocks)
	old, cur := digests(oldSel), digests(newSel)
	for _, e := range newSel.Expectations() {
		id := e.ID.String()
		prev, ok := old[id]
		switch {
		case !ok:
			ti.Appear = append(ti.Appear, id)
		case prev != cur[id]:
			ti.Changed = append(ti.Changed, id)
		}
	}
	for _, id := range oldSel.CaseIDs() {
		if _, ok := cur[id.String()]; !ok {
			ti.Disappear = append(ti.Disappear, id.String())
		}
	}
	ti.Tests = len(cur)
	for _, pattern := range t.Exemptions {
		if matchesAny(pattern, old) && !matchesAny(pattern, cur) {
			ti.ExemptionsUnmatched = append(ti.ExemptionsUnmatched, pattern)
		}
	}
	for _, op := range protocol.Operations {
		if expects(newSel, op, t.Layout) && !expects(oldSel, op, t.Layout) {
			ti.ScaffoldMethods = append(ti.ScaffoldMethods, op.Name)
		}
	}
	return ti
}

// selection is the suite as a target running blocks sees it. The blocks
// were checked against the known ones when the target was read.
func selection(s *model.Suite, blocks []string) *model.Suite {
	sel, err := s.Select(blocks)
	if err != nil {
		return &model.Suite{}
	}
	return sel
}

// digests are the expectation digests of a suite's cases, by case id.
func digests(s *model.Suite) map[string]string {
	out := map[string]string{}
	for _, e := range s.Expectations() {
		out[e.ID.String()] = e.Digest()
	}
	return out
}

// matchesAny reports whether pattern matches one of ids: a pattern without
// a wildcard is a case id, looked up rather than matched against each.
func matchesAny(pattern string, ids map[string]string) bool {
	if !strings.ContainsAny(pattern, `*?[\`) {
		_, ok := ids[pattern]
		return ok
	}
	for id := range ids {
		if ok, _ := path.Match(pattern, id); ok {
			return true
		}
	}
	return false
}

// gainedOperations are the operations the tests of to call and those of
// from do not, in protocol order.
func gainedOperations(from, to *model.Suite) []Operation {
	out := []Operation{}
	for _, op := range protocol.Operations {
		if !called(to, op) || called(from, op) {
			continue
		}
		o := Operation{Name: op.Name, Since: op.Since, Blocks: []string{}}
		for _, b := range op.CalledBy() {
			if to.HasBlock(b) {
				o.Blocks = append(o.Blocks, b)
			}
		}
		out = append(out, o)
	}
	return out
}

// called reports whether a suite's tests call op: a block calling it is
// there and, for a schema-version gate, carries its gate.
func called(s *model.Suite, op protocol.Operation) bool {
	gate := strings.HasSuffix(op.Name, "_"+model.SubSchemaVersionGate)
	return slices.ContainsFunc(op.CalledBy(), func(b string) bool {
		return s.HasBlock(b) && (!gate || s.Gate(b) != nil)
	})
}

// expects reports whether a target's scaffold maps op for suite s.
func expects(s *model.Suite, op protocol.Operation, layout backend.TransportLayout) bool {
	return called(s, op) && backend.Belongs(s, op, layout)
}
