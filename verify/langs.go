package verify

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
)

// ReportUnkilled says how many of the suite's cases no mutant kills,
// loudly when there are any: such a case proves nothing about an SDK that
// the rest of the suite does not, and a suite should have none.
func ReportUnkilled(w io.Writer, s *model.Suite) error {
	ms, err := MutantsOf(s)
	if err != nil {
		return exitcode.Problemsf("%v", err)
	}
	unkilled := Unkilled(s, ms)
	if len(unkilled) == 0 {
		fmt.Fprintf(w, "suite: every one of %d cases is killed by at least one mutant\n", len(CaseKeys(s)))
		return nil
	}
	fmt.Fprintf(w, "suite: WARNING: %d case(s) no mutant kills (a case no realistic bug breaks proves nothing):\n", len(unkilled))
	for _, k := range unkilled {
		fmt.Fprintf(w, "suite:   %s\n", k)
	}
	return nil
}

// Langs are the languages --lang names: one, or for "all" each of langs
// (every language bqgen generates) whose toolchain is present, saying
// which were skipped and why.
func Langs(lang string, tcs map[string]Toolchain, langs []string, w io.Writer) ([]string, error) {
	if lang != "all" {
		tc, ok := tcs[lang]
		if !ok {
			return nil, exitcode.Usagef("unknown language %q (known: %s, all)%s", lang, strings.Join(langs, ", "), suggest.Phrase(lang, append(slices.Sorted(maps.Keys(tcs)), "all")))
		}
		if err := tc.Available(); err != nil {
			return nil, exitcode.Problemsf("%s: cannot verify: %v", lang, err)
		}
		return []string{lang}, nil
	}
	var out []string
	for _, l := range langs {
		if err := tcs[l].Available(); err != nil {
			fmt.Fprintf(w, "%s: skipped: %v\n", l, err)
			continue
		}
		out = append(out, l)
	}
	return out, nil
}

// RunLang runs cfg, one language, and prints to w what it proved: the
// report, where the kept project is (KeepDir), or why the run failed; and,
// unless quiet, how long it took. ok is whether the language passed: every
// mutant caught or, with OracleOnly, every test run and passed against the
// oracle.
func RunLang(ctx context.Context, cfg Config, w io.Writer, quiet bool) (rep Report, ok bool) {
	lang := cfg.Backend.Lang()
	started := time.Now()
	rep, err := Run(ctx, cfg)
	if cfg.KeepDir && rep.Dir != "" {
		fmt.Fprintf(w, "%s: generated project kept in %s\n", lang, rep.Dir)
	}
	if err != nil {
		fmt.Fprintf(w, "%s: FAILED: %v\n", lang, err)
		return rep, false
	}
	rep.Write(w)
	if !quiet {
		fmt.Fprintf(w, "%s: %d runs in %.1f s\n", lang, 1+len(rep.Mutants), time.Since(started).Seconds())
	}
	if cfg.OracleOnly {
		return rep, rep.Baseline.Failed == 0 && rep.Baseline.Skipped == 0 && rep.Baseline.Passed > 0
	}
	return rep, rep.OK()
}
