// Package suitediff says what a change of conformance suite means, as a
// reviewer of a suite bump asks it: the cases each block gains and loses,
// the cases whose expectation changed (old and new), the blocks added and
// removed, the subject-protocol operations the new suite's tests call that
// the old one's did not, and, for each SDK target, the tests that will
// appear and disappear, the exemptions that will stop matching and the
// scaffold methods to add. It compares two typed suites and knows no
// language; the command line renders it (text, Markdown, JSON).
package suitediff

import (
	"slices"

	"github.com/babelqueue/bqgen/model"
)

// Format is the version of the JSON shape (docs/diff.md): a consumer checks
// it and refuses a shape it does not know.
const Format = 1

// Diff is what changed from one suite to another.
type Diff struct {
	Format int  `json:"bqgen_suite_diff"`
	From   Side `json:"from"`
	To     Side `json:"to"`
	// BlocksAdded and BlocksRemoved are the blocks one suite carries and
	// the other does not, in the suite's block order.
	BlocksAdded   []string `json:"blocks_added"`
	BlocksRemoved []string `json:"blocks_removed"`
	// Blocks lists each block whose cases changed, in block order (a block
	// added or removed is listed too, with all its cases).
	Blocks []BlockDiff `json:"blocks"`
	// Operations are the subject operations the new suite's tests call and
	// the old suite's do not.
	Operations []Operation `json:"operations_gained"`
	// Targets says what the change means for each SDK target asked about.
	Targets []TargetImpact `json:"targets"`
}

// Side is one of the two suites.
type Side struct {
	// Name says where the suite is: "embedded" or its directory.
	Name string `json:"name"`
	// Version is its CONFORMANCE_VERSION, or model.Unversioned.
	Version string `json:"version"`
}

// BlockDiff is the change of one block's cases, each list in suite order.
type BlockDiff struct {
	Block   string   `json:"block"`
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []Change `json:"changed"`
}

// Change is a case both suites carry whose expectation differs.
type Change struct {
	Case string `json:"case"`
	// From and To are the case's manifest entry without its name and
	// description, as compact JSON.
	From string `json:"from"`
	To   string `json:"to"`
	// Files are the suite files the case names whose bytes changed.
	Files []string `json:"files_changed"`
}

// Operation is a subject operation the new suite's tests call.
type Operation struct {
	Name string `json:"name"`
	// Since is the suite revision with which bqgen added it.
	Since string `json:"since"`
	// Blocks are the blocks of the new suite whose tests call it.
	Blocks []string `json:"blocks"`
}

// Empty reports whether the suites test the same things (their versions
// may still differ).
func (d *Diff) Empty() bool {
	return len(d.Blocks) == 0 && len(d.BlocksAdded) == 0 && len(d.BlocksRemoved) == 0
}

// Compare is the change from suite from to suite to; fromName and toName
// say where each is. targets are the SDK targets to say it for.
func Compare(from, to *model.Suite, fromName, toName string, targets []Target) *Diff {
	d := &Diff{Format: Format,
		From: Side{Name: fromName, Version: from.VersionLabel()}, To: Side{Name: toName, Version: to.VersionLabel()},
		BlocksAdded: []string{}, BlocksRemoved: []string{}, Blocks: []BlockDiff{}, Operations: []Operation{}, Targets: []TargetImpact{}}
	fromBlocks, toBlocks := from.Blocks(), to.Blocks()
	for _, b := range toBlocks {
		if !slices.Contains(fromBlocks, b) {
			d.BlocksAdded = append(d.BlocksAdded, b)
		}
	}
	for _, b := range fromBlocks {
		if !slices.Contains(toBlocks, b) {
			d.BlocksRemoved = append(d.BlocksRemoved, b)
		}
	}
	d.Blocks = blockDiffs(from, to)
	d.Operations = gainedOperations(from, to)
	for _, t := range targets {
		d.Targets = append(d.Targets, impact(from, to, t))
	}
	return d
}

// blockDiffs compares the cases of every block either suite carries.
func blockDiffs(from, to *model.Suite) []BlockDiff {
	old, cur := byBlock(from.Expectations()), byBlock(to.Expectations())
	out := []BlockDiff{}
	for _, block := range model.KnownBlocks {
		bd := compareBlock(block, old[block], cur[block])
		if len(bd.Added)+len(bd.Removed)+len(bd.Changed) > 0 {
			out = append(out, bd)
		}
	}
	return out
}

// byBlock files each expectation under its block, in suite order.
func byBlock(all []model.CaseExpectation) map[string][]model.CaseExpectation {
	out := map[string][]model.CaseExpectation{}
	for _, e := range all {
		out[e.ID.Block] = append(out[e.ID.Block], e)
	}
	return out
}

// compareBlock lists one block's cases added, removed and changed.
func compareBlock(block string, old, cur []model.CaseExpectation) BlockDiff {
	bd := BlockDiff{Block: block, Added: []string{}, Removed: []string{}, Changed: []Change{}}
	before := map[string]model.CaseExpectation{}
	for _, e := range old {
		before[e.ID.Name] = e
	}
	now := map[string]bool{}
	for _, e := range cur {
		now[e.ID.Name] = true
		prev, ok := before[e.ID.Name]
		switch {
		case !ok:
			bd.Added = append(bd.Added, e.ID.Name)
		case prev.Digest() != e.Digest():
			bd.Changed = append(bd.Changed, Change{Case: e.ID.Name, From: prev.JSON, To: e.JSON, Files: changedFiles(prev, e)})
		}
	}
	for _, e := range old {
		if !now[e.ID.Name] {
			bd.Removed = append(bd.Removed, e.ID.Name)
		}
	}
	return bd
}

// changedFiles are the files either revision of a case names whose bytes
// differ (or that only one names), sorted.
func changedFiles(a, b model.CaseExpectation) []string {
	out := []string{}
	for p, sum := range a.Files {
		if b.Files[p] != sum {
			out = append(out, p)
		}
	}
	for p := range b.Files {
		if _, ok := a.Files[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
