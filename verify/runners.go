package verify

import (
	"context"
	"fmt"
	"io"
	"sync"
)

// runners hands each worker of one verification a runner for the prepared
// project: a warm one when the toolchain has it, else one process per run.
// The first time a warm runner cannot start or breaks, it says so in one
// line, and that worker goes on with one process per run.
type runners struct {
	tc   Toolchain
	dir  string
	log  io.Writer
	cold bool // Config.ProcessPerRun

	mu   sync.Mutex
	free []*runner
	said sync.Once
	why  string // what fallback said, once it has
}

// runner runs the prepared project once per call, warm while it can.
type runner struct {
	pool *runners
	warm WarmRunner // nil: one process per run
}

// take returns a free runner, starting a new one when none is free.
func (p *runners) take(ctx context.Context) *runner {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		r := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return r
	}
	p.mu.Unlock()
	r := &runner{pool: p}
	wt, ok := p.tc.(WarmToolchain)
	switch {
	case p.cold:
	case !ok:
		p.fallback(fmt.Errorf("%s has no warm runner", p.tc.Lang()))
	default:
		warm, err := wt.StartWarm(ctx, p.dir)
		if err != nil {
			p.fallback(err)
		}
		r.warm = warm
	}
	return r
}

// give returns r for another worker.
func (p *runners) give(r *runner) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, r)
}

// close stops every warm runner.
func (p *runners) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, r := range p.free {
		if r.warm != nil {
			r.warm.Close()
		}
	}
	p.free = nil
}

// fallback says, once per verification, why runs go one process each.
func (p *runners) fallback(why error) {
	p.said.Do(func() {
		p.mu.Lock()
		p.why = why.Error()
		p.mu.Unlock()
		fmt.Fprintf(p.log, "%s: running one process per run: %v\n", p.tc.Lang(), why)
	})
}

// processPerRun is why some or all runs went a process each: asked for, or
// what fallback said; "" when warm runners ran them all.
func (p *runners) processPerRun() string {
	if p.cold {
		return "asked for"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.why
}

// run runs every test once with env. A warm runner that breaks (rather
// than reporting failing tests) is dropped and the run is repeated in a
// process of its own, unless the run's time was up.
func (r *runner) run(ctx context.Context, env []string) (Result, error) {
	res, _, err := r.runOnly(ctx, env, nil)
	return res, err
}

// runOnly runs the tests the selectors in only name (every test when only
// is nil) where the runner can select them; selected says whether it did,
// or ran every test.
func (r *runner) runOnly(ctx context.Context, env, only []string) (res Result, selected bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	if r.warm != nil {
		sw, canSelect := r.warm.(SelectiveRunner)
		selected = canSelect && only != nil
		if selected {
			res, err = sw.RunOnly(ctx, env, only)
		} else {
			res, err = r.warm.Run(ctx, env)
		}
		if err == nil {
			return res, selected, nil
		}
		r.warm = nil
		if ctx.Err() != nil {
			return res, selected, fmt.Errorf("no result within %v: %w", runTimeout, err)
		}
		r.pool.fallback(err)
	}
	tc, canSelect := r.pool.tc.(Selecting)
	selected = canSelect && only != nil
	if selected {
		res, err = tc.RunOnly(ctx, r.pool.dir, env, only)
	} else {
		res, err = r.pool.tc.Run(ctx, r.pool.dir, env)
	}
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("no result within %v: %w", runTimeout, ctx.Err())
	}
	return res, selected, err
}
