package verify

import (
	"fmt"
	"sync"
	"time"
)

// Progress is one finished run of a verification: the run against the
// oracle (Done 0, Mutant nil) or a mutant's, with how far the whole has come.
type Progress struct {
	Lang string
	// Done is how many mutant runs have finished, this one included; Total
	// how many there are to run.
	Done, Total int
	Mutant      *MutantResult // nil for the run against the oracle
	Oracle      Result        // the run against the oracle, when Mutant is nil
	Elapsed     time.Duration // since the verification started
	// MutantsElapsed is the time since the mutant runs began: the
	// estimate of the time left leaves out the build before them.
	MutantsElapsed time.Duration
	Took           time.Duration // this run alone
}

// Status is the one line a terminal shows while a verification runs:
// "mutant 37 of 133 (go), 41 s, about 90 s left". The estimate is the
// mean time per finished mutant run so far (the build before them left
// out) times the runs left.
func (p Progress) Status() string {
	if p.Mutant == nil {
		return fmt.Sprintf("oracle run (%s), %d s", p.Lang, seconds(p.Elapsed))
	}
	s := fmt.Sprintf("mutant %d of %d (%s), %d s", p.Done, p.Total, p.Lang, seconds(p.Elapsed))
	if left := p.Left(); p.Done < p.Total {
		s += fmt.Sprintf(", about %d s left", seconds(left))
	}
	return s
}

// Left estimates the time the runs not yet finished will take.
func (p Progress) Left() time.Duration {
	if p.Done == 0 || p.Done >= p.Total {
		return 0
	}
	return p.MutantsElapsed / time.Duration(p.Done) * time.Duration(p.Total-p.Done)
}

// Line is the line a log (not a terminal) gets per finished run:
// "go: mutant 37 of 133: killed acknowledge-not-counted, 3 of 337 tests failed (reference: 3), 1.2 s".
func (p Progress) Line() string {
	if p.Mutant == nil {
		return fmt.Sprintf("%s: oracle run: %d passed, %d failed, %d skipped, %.1f s", p.Lang,
			p.Oracle.Passed, p.Oracle.Failed, p.Oracle.Skipped, p.Took.Seconds())
	}
	m := p.Mutant
	if m.Replayed {
		return fmt.Sprintf("%s: mutant %d of %d: %s %s, %s (reference: %d)", p.Lang, p.Done, p.Total,
			verdictOf(*m), m.Mutant.Name, describeFiles(nil, 0), m.Mutant.ExpectedFailures)
	}
	return fmt.Sprintf("%s: mutant %d of %d: %s %s, %d of %d tests failed (reference: %d), %.1f s", p.Lang, p.Done, p.Total,
		verdictOf(*m), m.Mutant.Name, m.Result.Failed, m.Result.Total(), m.Mutant.ExpectedFailures, p.Took.Seconds())
}

func seconds(d time.Duration) int { return int(d.Round(time.Second) / time.Second) }

// progressOf calls cfg.Progress once per finished run, one call at a time,
// with the count of mutant runs finished so far.
type progressOf struct {
	cfg     Config
	started time.Time
	mutants time.Time // when the first mutant run began: after the oracle run
	total   int
	mu      sync.Mutex
	done    int
}

func newProgress(cfg Config, started time.Time, total int) *progressOf {
	return &progressOf{cfg: cfg, started: started, total: total}
}

// oracle reports the run against the oracle.
func (p *progressOf) oracle(res Result, took time.Duration) {
	if p.cfg.Progress == nil {
		return
	}
	p.mutants = time.Now()
	p.cfg.Progress(Progress{Lang: p.cfg.Backend.Lang(), Total: p.total, Oracle: res, Elapsed: time.Since(p.started), Took: took})
}

// mutant reports one mutant's run.
func (p *progressOf) mutant(m MutantResult, took time.Duration) {
	if p.cfg.Progress == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.cfg.Progress(Progress{Lang: p.cfg.Backend.Lang(), Done: p.done, Total: p.total, Mutant: &m, Elapsed: time.Since(p.started),
		MutantsElapsed: time.Since(p.mutants), Took: took})
}
