package verify

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/oracle"
)

// A mutant's run is mostly the runner starting and loading the tests, and
// most mutants change the answers of one file's requests. So mutants whose
// files differ share a run: the run's oracle has all their faults switched
// on at once (oracle.Together), each file is answered as its own mutant
// answers it alone, and each mutant's verdict is read from its own files'
// tests in the run's result files (attribute). That holds because the
// oracle keeps no state between requests and a fault acts only where it is
// asked about: a batch takes a mutant only when no file of another mutant
// in it asked about its fault, neither as the correct oracle answered the
// file's recorded requests nor as the file's own mutant did
// (oracle.Conversation.Reach). A mutant whose shared verdict is not what
// the reference expects runs again alone, and that run's verdict is its
// verdict: a shared run only ever confirms.

// planSharing decides whether mutants share runs, and returns why not
// ("" when they do): only under a selection, and only where the run
// against the oracle wrote result files that name every test of every file
// once, through the index's runner names, as the shared runs' must.
func (s *selection) planSharing(cfg Config, baseline Result) string {
	switch {
	case !s.used():
		return s.why
	case cfg.RunEachAlone:
		return "asked for"
	case len(baseline.Files) == 0:
		return "the runner writes no result file here to tell each file's tests apart"
	}
	all := make([]int, len(s.files))
	for i := range all {
		all[i] = i
	}
	outcomes := attribute(cfg.Backend.Lang(), baseline, s, all)
	for _, f := range s.files {
		if o := outcomes[f.Path]; o.found != len(f.Tests) || o.passed != len(f.Tests) {
			return fmt.Sprintf("the result files of the run against the oracle name %d of %s's %d tests", o.found, f.Path, len(f.Tests))
		}
	}
	s.shared = true
	return ""
}

// maxBatch bounds the mutants of one run, and maxBatchNames the length of
// their names joined: they go in the oracle hello, which is at most 4 KiB.
const (
	maxBatch      = 24
	maxBatchNames = 2 << 10
)

// mutantPlan is what a mutant's run runs under a selection: the files
// whose recorded requests it answers otherwise than the correct oracle
// (indexes into selection.files), and every fault the answers to those
// files' requests, the correct oracle's and its own, asked about.
type mutantPlan struct {
	files []int
	asked oracle.Consulted
}

// planMutants is each mutant's plan, one per CPU at a time.
func (s *selection) planMutants(ms []Mutant) ([]mutantPlan, error) {
	plans := make([]mutantPlan, len(ms))
	err := parallel.Each(len(ms), func(i int) error {
		var err error
		plans[i], err = s.planMutant(oracle.Fault(ms[i].Name))
		return err
	})
	return plans, err
}

// planMutant is fault's plan: the files any of whose conversations it
// answers otherwise.
func (s *selection) planMutant(fault oracle.Fault) (mutantPlan, error) {
	p := mutantPlan{asked: oracle.Consulted{}}
	for i, f := range s.files {
		changed := false
		fileAsked := oracle.Consulted{}
		for _, c := range f.asked {
			alike, asked, err := c.Reach(fault)
			if err != nil {
				return mutantPlan{}, fmt.Errorf("replay %s's requests to mutant %s: %w", f.Path, fault, err)
			}
			changed = changed || !alike
			maps.Copy(fileAsked, asked)
		}
		if changed {
			p.files = append(p.files, i)
			maps.Copy(p.asked, fileAsked)
		}
	}
	if len(p.files) == 0 {
		p.asked = nil // it runs nothing, and shares no run
	}
	return p, nil
}

// of is the plan's files, their selectors and how many tests they hold.
func (p mutantPlan) of(s *selection) (files, selectors []string, tests int) {
	for _, i := range p.files {
		f := s.files[i]
		files = append(files, f.Path)
		selectors = append(selectors, f.selectors...)
		tests += len(f.Tests)
	}
	slices.Sort(selectors)
	return files, slices.Compact(selectors), tests
}

// batchesOf groups the mutants that run into batches, each mutant into
// the first batch it can share, in the mutants' order: the order of the
// runs. A mutant no file of which is run (it answers every request alike)
// is in none. (Taking the most constrained mutants first, as graph
// colouring does, made no fewer runs on the canonical suite: the payload
// schema's file, a third of the mutants, bounds them either way.)
func batchesOf(ms []Mutant, plans []mutantPlan) [][]int {
	var batches [][]int
	for i, p := range plans {
		if len(p.files) == 0 {
			continue
		}
		placed := false
		for b, batch := range batches {
			if canShare(ms, plans, batch, i) {
				batches[b] = append(batch, i)
				placed = true
				break
			}
		}
		if !placed {
			batches = append(batches, []int{i})
		}
	}
	return batches
}

// canShare says whether mutant i can join batch: room in the run, and
// apart from each mutant in it.
func canShare(ms []Mutant, plans []mutantPlan, batch []int, i int) bool {
	names := len(ms[i].Name)
	for _, j := range batch {
		names += len(oracle.FaultSeparator) + len(ms[j].Name)
	}
	if len(batch) >= maxBatch || names > maxBatchNames {
		return false
	}
	for _, j := range batch {
		if !apart(ms, plans, i, j) {
			return false
		}
	}
	return true
}

// apart says whether mutants i and j can share a run: no file in common,
// and neither one's files asked about the other's fault.
func apart(ms []Mutant, plans []mutantPlan, i, j int) bool {
	mine, theirs := plans[i], plans[j]
	if mine.asked.Has(oracle.Fault(ms[j].Name)) || theirs.asked.Has(oracle.Fault(ms[i].Name)) {
		return false
	}
	for _, f := range mine.files {
		if slices.Contains(theirs.files, f) {
			return false
		}
	}
	return true
}

// runBatch runs the files of batch's mutants in one run against their
// faults together, and returns each mutant's result, in batch's order;
// a mutant the shared run does not confirm (its tests are not all found
// in the run's result files, or fail otherwise than the reference
// expects) gets its own run.
func runBatch(ctx context.Context, cfg Config, r *runner, link *oracleLink, sel *selection, ms []Mutant, plans []mutantPlan, batch []int, total int) ([]MutantResult, int, error) {
	faults := make([]oracle.Fault, len(batch))
	var only []string
	for k, i := range batch {
		faults[k] = oracle.Fault(ms[i].Name)
		_, selectors, _ := plans[i].of(sel)
		only = append(only, selectors...)
	}
	slices.Sort(only)
	res, selected, err := r.runOnly(ctx, link.env(oracle.JoinFaults(faults)), slices.Compact(only))
	if err != nil {
		return nil, 0, fmt.Errorf("%s: run against mutants %s together: %w", cfg.Backend.Lang(), oracle.JoinFaults(faults), err)
	}
	var outcomes map[string]fileOutcome
	if selected { // else a runner that fell back to one that cannot select ran every test, against all the faults
		outcomes = attribute(cfg.Backend.Lang(), res, sel, batchFiles(plans, batch))
	}
	runs := 1
	out := make([]MutantResult, len(batch))
	for k, i := range batch {
		m := ms[i]
		files, _, tests := plans[i].of(sel)
		shared, ok := sharedResult(res, outcomes, files, tests)
		if ok && shared.Failed == m.ExpectedFailures {
			out[k] = MutantResult{Mutant: m, Result: shared, Killed: shared.Failed > 0, AsExpected: true, Files: files,
				SharedWith: others(faults, k)}
			continue
		}
		if out[k], err = runPlanned(ctx, cfg, r, link, sel, m, plans[i], total); err != nil {
			return nil, 0, err
		}
		runs++
	}
	return out, runs, nil
}

// batchFiles are the indexes of every file the batch's mutants run.
func batchFiles(plans []mutantPlan, batch []int) []int {
	var out []int
	for _, i := range batch {
		out = append(out, plans[i].files...)
	}
	return out
}

// others names the faults of a batch but the k-th.
func others(faults []oracle.Fault, k int) []string {
	var out []string
	for j, f := range faults {
		if j != k {
			out = append(out, string(f))
		}
	}
	return out
}
