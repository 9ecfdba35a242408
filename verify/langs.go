package verify

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

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
