package verify

import (
	"context"
	"fmt"
	"time"
)

// runMutants runs the prepared project against each mutant, cfg.Workers
// runs at a time, and returns the results in the order of ms. Under a
// selection, mutants whose files differ share a run (batch.go). The first
// error stops the runs not yet started.
func runMutants(ctx context.Context, cfg Config, pool *runners, link *oracleLink, sel *selection, ms []Mutant, total int, progress *progressOf) ([]MutantResult, int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]MutantResult, len(ms))
	jobs, err := mutantJobs(sel, ms)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", cfg.Backend.Lang(), err)
	}
	errs := make([]error, len(jobs))
	runs := make([]int, len(jobs))
	onRunners(ctx, pool, cfg.Workers, len(jobs), func(r *runner, j int) {
		runStarted := time.Now()
		var out []MutantResult
		out, runs[j], errs[j] = jobs[j].run(ctx, cfg, r, link, sel, ms, total)
		if errs[j] != nil {
			cancel()
			return
		}
		for k, i := range jobs[j].mutants {
			results[i] = out[k]
			progress.mutant(out[k], time.Since(runStarted))
		}
	})
	if err := firstCause(errs); err != nil {
		return nil, 0, err
	}
	n := 0
	for _, r := range runs {
		n += r
	}
	return results, n, nil
}

// mutantJob is one run's worth of mutants: one mutant, or under a
// selection a batch of them, or a mutant that needs no run.
type mutantJob struct {
	mutants []int // indexes into the mutants
	plans   []mutantPlan
}

// mutantJobs are the jobs of ms: without a selection one per mutant, with
// it the mutants that need no run first, then the batches.
func mutantJobs(sel *selection, ms []Mutant) ([]mutantJob, error) {
	if !sel.used() {
		jobs := make([]mutantJob, len(ms))
		for i := range ms {
			jobs[i] = mutantJob{mutants: []int{i}}
		}
		return jobs, nil
	}
	plans, err := sel.planMutants(ms)
	if err != nil {
		return nil, err
	}
	var jobs []mutantJob
	for i, p := range plans {
		if len(p.files) == 0 || !sel.shared {
			jobs = append(jobs, mutantJob{mutants: []int{i}, plans: plans})
		}
	}
	if sel.shared {
		for _, b := range batchesOf(ms, plans) {
			jobs = append(jobs, mutantJob{mutants: b, plans: plans})
		}
	}
	return jobs, nil
}

// run runs the job's mutants and returns their results in its order, and
// how many runs it took.
func (j mutantJob) run(ctx context.Context, cfg Config, r *runner, link *oracleLink, sel *selection, ms []Mutant, total int) ([]MutantResult, int, error) {
	if len(j.mutants) > 1 {
		return runBatch(ctx, cfg, r, link, sel, ms, j.plans, j.mutants, total)
	}
	i := j.mutants[0]
	var res MutantResult
	var err error
	if j.plans == nil { // no selection: every test
		res, err = runAlone(ctx, cfg, r, link, ms[i], nil, nil, total, total)
	} else {
		res, err = runPlanned(ctx, cfg, r, link, sel, ms[i], j.plans[i], total)
	}
	runs := 1
	if res.Replayed {
		runs = 0
	}
	return []MutantResult{res}, runs, err
}

// runPlanned runs m alone on the files of its plan; a plan of no files
// needs no run: m answers every request the tests make alike.
func runPlanned(ctx context.Context, cfg Config, r *runner, link *oracleLink, sel *selection, m Mutant, plan mutantPlan, total int) (MutantResult, error) {
	if len(plan.files) == 0 {
		return MutantResult{Mutant: m, Replayed: true, AsExpected: m.ExpectedFailures == 0}, nil
	}
	files, selectors, tests := plan.of(sel)
	return runAlone(ctx, cfg, r, link, m, files, selectors, tests, total)
}

// runAlone runs against m alone the tests the selectors in only name,
// tests of them (every test, total of them, when only is nil). It counts m
// as killed only when some test failed and as many tests ran as were
// selected: a runner that crashed proves nothing.
func runAlone(ctx context.Context, cfg Config, r *runner, link *oracleLink, m Mutant, files, only []string, tests, total int) (MutantResult, error) {
	res, selected, err := r.runOnly(ctx, link.env(m.Name), only)
	if err != nil {
		return MutantResult{}, fmt.Errorf("%s: run against mutant %s: %w", cfg.Backend.Lang(), m.Name, err)
	}
	if selected {
		total = tests
	} else {
		files = nil // a runner that fell back to one that cannot select ran every test
	}
	killed := res.Failed > 0 && res.Total() == total
	return MutantResult{Mutant: m, Result: res, Killed: killed, AsExpected: res.Failed == m.ExpectedFailures, Files: files}, nil
}
