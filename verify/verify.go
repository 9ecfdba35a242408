package verify

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/writer"
)

// Mutant is one deliberately broken oracle and the block whose tests must
// catch it.
type Mutant struct {
	Name, Block, Description string
	// Sub is the sub-block the mutant lives in, when a suite may carry
	// Block without it.
	Sub string
	// ExpectedFailures is how many cases the reference expectations fail
	// against this mutant (see validate.Disagreements); a language whose
	// tests fail a different number asserts more or less than the suite says.
	ExpectedFailures int
	// Kills names the cases the reference fails against this mutant
	// (validate.FailingCaseKeys).
	Kills []string
	// Needs is the trait a language's values must have for the bug to
	// exist in it (oracle.FaultInfo.Needs).
	Needs protocol.Trait
}

// Inexpressible is a mutant whose bug the language's values cannot hold.
type Inexpressible struct {
	Mutant Mutant
	Why    string // what the language lacks, in a sentence
}

// Config is one verification: a language, a suite and the oracle to use.
type Config struct {
	Backend   backend.Backend
	Toolchain Toolchain
	Suite     *model.Suite
	OracleBin string   // the bqgen executable serving the oracle
	Mutants   []Mutant // every mutant; those of blocks the suite lacks are not run
	Log       io.Writer
	KeepDir   bool // leave the generated project on disk for inspection
	// Progress, when set, is called after each run finishes, one call at
	// a time: the run against the oracle first, then each mutant's as it
	// ends (not in the order of Mutants when Workers > 1).
	Progress func(Progress)
	// Workers is how many mutant runs go at once against the one prepared
	// project; 0 means one per CPU. Runs only read the project directory.
	Workers int
	// OracleOnly runs the tests against the correct oracle alone, for the
	// oracle's own results (`verify --report`), not a proof.
	OracleOnly bool
	// ProcessPerRun runs every run in a runner process of its own, even
	// where the toolchain can keep one warm (WarmToolchain): the way
	// verify ran before warm runners, kept for comparison.
	ProcessPerRun bool
	// EveryTest runs every generated test against every mutant, rather
	// than the test files whose recorded requests the mutant answers
	// otherwise than the oracle (select.go).
	EveryTest bool
	// RunEachAlone gives every mutant a run of its own, rather than
	// letting mutants whose files differ share one (batch.go).
	RunEachAlone bool
}

// MutantResult is what the tests did against one mutant.
type MutantResult struct {
	Mutant Mutant
	Result Result
	Killed bool
	// AsExpected: exactly the reference's number of tests failed.
	AsExpected bool
	// Files are the test files the run ran, when it ran those whose
	// recorded requests the mutant answers otherwise than the oracle; nil
	// when it ran every test.
	Files []string
	// Replayed: the mutant answers every request the tests made as the
	// oracle did, so the tests do what they did against the oracle; there
	// was no run.
	Replayed bool
	// SharedWith are the mutants whose files the same run ran, each file
	// answered as its own mutant answers it (batch.go); nil when the
	// mutant's run was its own.
	SharedWith []string
}

// Report is the outcome of a verification.
type Report struct {
	Lang     string
	Dir      string
	Baseline Result
	// BaselineFiles are the machine-readable result files of the run against
	// the oracle, by base name, read before the project directory goes.
	BaselineFiles map[string][]byte
	Mutants       []MutantResult
	NotRun        []Mutant // mutants of blocks the suite does not carry
	// Inexpressible are mutants of the suite's blocks whose bug the
	// language cannot hold (backend.Lacks): they are not run.
	Inexpressible []Inexpressible
	// Uncaught are mutants of blocks the suite carries that none of its
	// cases catches (the reference expectations fail none): holes of the
	// suite, not of the generated tests. They still run, and must fail no
	// test: one that fails would check more than the reference.
	Uncaught []Mutant
	// ProcessPerRun is why some or all runs went a runner process each:
	// "asked for" (Config.ProcessPerRun), no warm runner for the language,
	// or one that would not start or broke; "" when warm runners ran all.
	ProcessPerRun string
	// OracleProcesses is why each run started an oracle server of its own:
	// "asked for" (Config.ProcessPerRun) or why verify could not serve the
	// oracle to the runs itself; "" when it did.
	OracleProcesses string
	// EveryTest is why each mutant's run ran every test rather than the
	// files whose answers it changes: "asked for" (Config.EveryTest), or
	// why they could not be told; "" when they were.
	EveryTest string
	// EachAlone is why no mutants shared a run: "asked for"
	// (Config.RunEachAlone), why the run against the oracle's result files
	// do not tell each file's tests apart, or EveryTest's reason; "" when
	// mutants whose files differ shared runs.
	EachAlone string
	// TestFiles is how many test files there are, and FileRuns how many
	// runs ran one alone against the oracle, recording what it asked.
	TestFiles, FileRuns int
	// MutantRuns is how many runs the mutants took: one each, but none for
	// a mutant replayed, and one for several that shared it.
	MutantRuns int
}

// Survivors are the mutants no test caught.
func (r Report) Survivors() []Mutant {
	var out []Mutant
	for _, m := range r.Mutants {
		if !m.Killed && m.Mutant.ExpectedFailures > 0 {
			out = append(out, m.Mutant)
		}
	}
	return out
}

// Mismatches are the mutants for which the number of failed tests differs
// from the reference's: a test that checks too little (or too much).
func (r Report) Mismatches() []MutantResult {
	var out []MutantResult
	for _, m := range r.Mutants {
		if m.Killed && !m.AsExpected {
			out = append(out, m)
		}
	}
	return out
}

// OK reports whether the tests passed against the oracle, killed every
// mutant, and failed exactly the cases the reference says each mutant breaks.
func (r Report) OK() bool {
	return r.Baseline.Failed == 0 && r.Baseline.Skipped == 0 && r.Baseline.Passed > 0 &&
		len(r.Survivors()) == 0 && len(r.Mismatches()) == 0
}

// Run generates the oracle-bound tests into a temporary directory, runs them
// against the correct oracle and then against each applicable mutant.
func Run(ctx context.Context, cfg Config) (Report, error) {
	started := time.Now()
	rep := Report{Lang: cfg.Backend.Lang()}
	applicable := rep.sortMutants(cfg)
	progress := newProgress(cfg, started, len(applicable))
	dir, files, err := materialise(cfg)
	if err != nil {
		return rep, err
	}
	rep.Dir = dir
	if !cfg.KeepDir {
		defer os.RemoveAll(dir)
	}
	if err := cfg.Toolchain.Prepare(ctx, dir, cfg.Log); err != nil {
		return rep, fmt.Errorf("%s: prepare generated tests: %w", rep.Lang, err)
	}
	err = rep.run(ctx, cfg, dir, files, applicable, progress)
	return rep, err
}

// run runs the prepared project in dir against the oracle, then against
// each of applicable, on one pool of runners, and records why any runs
// went a process each.
func (rep *Report) run(ctx context.Context, cfg Config, dir string, files testFiles, applicable []Mutant, progress *progressOf) error {
	log := cmp.Or[io.Writer](cfg.Log, io.Discard)
	link := openOracleLink(cfg, log)
	defer link.close() // after the runners: a warm runner may hold a connection until it stops
	rep.OracleProcesses = link.processes
	pool := &runners{tc: cfg.Toolchain, dir: dir, log: log, cold: cfg.ProcessPerRun}
	defer pool.close()
	defer func() { rep.ProcessPerRun = pool.processPerRun() }()
	// The run against the oracle goes beside the recordings of each file
	// alone: they need not wait for it, and prove nothing if it fails.
	sel := selectionOf(cfg, link, files)
	runStarted := time.Now()
	var err error
	sel.record(ctx, pool, link, cfg.Workers, func(r *runner) {
		if rep.Baseline, err = r.run(ctx, link.env("")); err == nil {
			progress.oracle(rep.Baseline, time.Since(runStarted))
		}
	})
	if err != nil {
		return fmt.Errorf("%s: run against the oracle: %w", rep.Lang, err)
	}
	if rep.BaselineFiles, err = readResultFiles(rep.Baseline.Files); err != nil {
		return fmt.Errorf("%s: %w", rep.Lang, err)
	}
	if rep.Baseline.Failed > 0 || rep.Baseline.Passed == 0 || cfg.OracleOnly {
		return nil // mutants prove nothing when the oracle run fails
	}
	sel = sel.holding(rep.Baseline.Total())
	rep.EveryTest, rep.TestFiles = sel.why, len(files.files)
	rep.EachAlone = sel.planSharing(cfg, rep.Baseline)
	if sel.used() {
		rep.FileRuns = len(files.files)
	}
	rep.Mutants, rep.MutantRuns, err = runMutants(ctx, cfg, pool, link, sel, applicable, rep.Baseline.Total(), progress)
	return err
}

// sortMutants files each of cfg's mutants: not applicable (its block is not
// in the suite), not expressible in the language, or to run (uncaught too
// when no case catches it). It returns those to run, in cfg's order.
func (rep *Report) sortMutants(cfg Config) []Mutant {
	var applicable []Mutant
	lacks := backend.Lacks(cfg.Backend)
	for _, m := range cfg.Mutants {
		switch {
		case !cfg.Suite.HasPart(m.Block, m.Sub):
			rep.NotRun = append(rep.NotRun, m)
		case lacks[m.Needs] != "":
			rep.Inexpressible = append(rep.Inexpressible, Inexpressible{Mutant: m, Why: lacks[m.Needs]})
		case m.ExpectedFailures == 0:
			rep.Uncaught = append(rep.Uncaught, m)
			applicable = append(applicable, m)
		default:
			applicable = append(applicable, m)
		}
	}
	return applicable
}

// onRunners calls do(r, i) for each i below n, as many at once as there
// are workers (configured, else one per CPU), each worker on a runner of
// pool's. No i is handed out once ctx is done.
func onRunners(ctx context.Context, pool *runners, configured, n int, do func(r *runner, i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers(configured, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := pool.take(ctx)
			defer pool.give(r)
			for i := range next {
				do(r, i)
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
}

// firstCause is the first error that is not a run cancelled because of
// another one's failure.
func firstCause(errs []error) error {
	var cancelled error
	for _, err := range errs {
		switch {
		case err == nil:
		case errors.Is(err, context.Canceled):
			cancelled = cmp.Or(cancelled, err)
		default:
			return err
		}
	}
	return cancelled
}

// workers is how many runs go at once: the configured number, else one per
// CPU, never more than there are runs and never fewer than one.
func workers(configured, runs int) int {
	n := configured
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return max(1, min(n, runs))
}

// materialise writes the oracle-bound tests into a new directory and
// returns it with the test files their index lists.
func materialise(cfg Config) (string, testFiles, error) {
	files, err := cfg.Backend.Generate(cfg.Suite, backend.Options{Binding: backend.BindOracle})
	if err != nil {
		return "", testFiles{}, fmt.Errorf("%s: generate: %w", cfg.Backend.Lang(), err)
	}
	tests := testFilesOf(files)
	dir, err := os.MkdirTemp("", "bqgen-verify-"+cfg.Backend.Lang()+"-")
	if err != nil {
		return "", testFiles{}, err
	}
	if _, err := writer.Write(context.Background(), dir, cfg.Backend.Lang(), files, false); err != nil {
		os.RemoveAll(dir)
		return "", testFiles{}, err
	}
	return dir, tests, nil
}

// runTimeout bounds one run of the tests. A run takes seconds; a run that
// hangs (a subject waiting on an oracle that never answers) must fail the
// verification rather than stall it.
const runTimeout = 5 * time.Minute

// readResultFiles reads a run's result files by base name. The run wrote
// them, and a run executes the SDK's code: each is read as input, through
// safefile (a regular file, under the limit for a result file, in time).
func readResultFiles(paths []string) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := safefile.ReadIn(filepath.Dir(p), filepath.Base(p), safefile.Result)
		if err != nil {
			return nil, fmt.Errorf("read the run's result file: %w", err)
		}
		out[filepath.Base(p)] = data
	}
	return out, nil
}
