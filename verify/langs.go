package verify

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
)

// ReportUnkilled says how many of the suite's cases no mutant kills,
// loudly when there are any: such a case proves nothing about an SDK that
// the rest of the suite does not, and a suite should have none. It returns
// those cases.
func ReportUnkilled(w io.Writer, m *Mutants) ([]string, error) {
	s := m.Suite
	ms, err := m.Neutral()
	if err != nil {
		return nil, exitcode.Problemsf("%v", err)
	}
	unkilled := Unkilled(s, ms)
	if len(unkilled) == 0 {
		fmt.Fprintf(w, "suite: every one of %d cases is killed by at least one mutant\n", len(CaseKeys(s)))
		return nil, nil
	}
	fmt.Fprintf(w, "suite: WARNING: %d case(s) no mutant kills (a case no realistic bug breaks proves nothing):\n", len(unkilled))
	for _, k := range unkilled {
		fmt.Fprintf(w, "suite:   %s\n", k)
	}
	return unkilled, nil
}

// Langs are the languages --lang names: one, or for "all" each of langs
// (every language bqgen generates) whose toolchain is present; skipped says
// which were left out and why, a line each.
func Langs(lang string, tcs map[string]Toolchain, langs []string) (run, skipped []string, err error) {
	if lang != "all" {
		tc, ok := tcs[lang]
		if !ok {
			return nil, nil, exitcode.Usagef("unknown language %q (known: %s, all)%s", lang, strings.Join(langs, ", "), suggest.Phrase(lang, append(slices.Sorted(maps.Keys(tcs)), "all")))
		}
		if err := tc.Available(); err != nil {
			return nil, nil, exitcode.Problemsf("%s: cannot verify: %v", lang, err)
		}
		return []string{lang}, nil, nil
	}
	for _, l := range langs {
		if err := tcs[l].Available(); err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: skipped: %v", l, err))
			continue
		}
		run = append(run, l)
	}
	return run, skipped, nil
}

// LangRun is one language's verification: its report, or the error that
// stopped it, and how long it took.
type LangRun struct {
	Report     Report
	Err        error
	Took       time.Duration
	oracleOnly bool
	kept       bool // the generated project is still at Report.Dir
}

// RunLang runs cfg, one language.
func RunLang(ctx context.Context, cfg Config) LangRun {
	started := time.Now()
	rep, err := Run(ctx, cfg)
	return LangRun{Report: rep, Err: err, Took: time.Since(started), oracleOnly: cfg.OracleOnly, kept: cfg.KeepDir && rep.Dir != ""}
}

// OK is whether the language passed: every mutant caught or, with
// OracleOnly, every test run and passed against the oracle.
func (r LangRun) OK() bool {
	switch {
	case r.Err != nil:
		return false
	case r.oracleOnly:
		b := r.Report.Baseline
		return b.Failed == 0 && b.Skipped == 0 && b.Passed > 0
	}
	return r.Report.OK()
}

// Print writes what the run proved: where the kept project is (when kept),
// the report or why the run failed, and, unless quiet, how long it took.
func (r LangRun) Print(w io.Writer, quiet bool) {
	rep := r.Report
	if r.kept {
		fmt.Fprintf(w, "%s: generated project kept in %s\n", rep.Lang, rep.Dir)
	}
	if r.Err != nil {
		fmt.Fprintf(w, "%s: FAILED: %v\n", rep.Lang, r.Err)
		return
	}
	rep.Write(w)
	if !quiet {
		fmt.Fprintf(w, "%s: %d runs in %.1f s\n", rep.Lang, rep.Runs(), r.Took.Seconds())
	}
}

// Languages is a verification of one or more languages as bqgen verify
// runs it: each in turn, reporting progress and the outcome to Summary,
// each report printed to Text (unless Quiet, with its time), and the runs
// against the oracle added to OracleRuns when that is set.
type Languages struct {
	Suite                              *model.Suite
	Backends                           backend.Registry
	Toolchains                         map[string]Toolchain
	OracleBin                          string
	Log                                io.Writer // the toolchains' build output
	KeepDir, OracleOnly, ProcessPerRun bool
	// EveryTest runs every test against every mutant (Config.EveryTest).
	EveryTest bool
	// RunEachAlone gives every mutant a run of its own (Config.RunEachAlone).
	RunEachAlone bool
	// Mutants, when set, are the suite's mutants as ReportUnkilled
	// computed them; the languages share them (nil: computed here).
	Mutants    *Mutants
	Summary    *Summary
	OracleRuns *OracleReport
	Text       io.Writer
	Quiet      bool
}

// Run verifies langs (as Langs gave them) and returns those that failed.
func (l *Languages) Run(ctx context.Context, langs []string) (failed []string, err error) {
	for _, lang := range langs {
		b, err := l.Backends.Lookup(lang)
		if err != nil {
			return nil, err
		}
		var ms []Mutant
		if !l.OracleOnly { // no mutant runs: their reference is not needed
			if ms, err = l.mutants().For(b); err != nil {
				return nil, exitcode.Problemsf("%v", err)
			}
		}
		run := RunLang(ctx, Config{Backend: b, Toolchain: l.Toolchains[lang], Suite: l.Suite, OracleBin: l.OracleBin,
			Mutants: ms, Log: l.Log, KeepDir: l.KeepDir, OracleOnly: l.OracleOnly, ProcessPerRun: l.ProcessPerRun, EveryTest: l.EveryTest,
			RunEachAlone: l.RunEachAlone,
			Progress:     l.Summary.OnProgress()})
		l.Summary.EndProgress()
		l.Summary.Add(run)
		run.Print(l.Text, l.Quiet)
		if !run.OK() {
			failed = append(failed, lang)
		}
		if l.OracleRuns != nil {
			if err := l.OracleRuns.Add(run.Report, b); err != nil {
				return nil, exitcode.Problemsf("--report: %v", err)
			}
		}
	}
	return failed, nil
}

// mutants is l.Mutants, or a new set for l.Suite.
func (l *Languages) mutants() *Mutants {
	if l.Mutants == nil {
		l.Mutants = NewMutants(l.Suite)
	}
	return l.Mutants
}
