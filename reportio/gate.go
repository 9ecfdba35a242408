package reportio

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/report"
)

// Gate is report's verdict for CI, once the report is written. A
// target of this repository (the first own of r's) none of whose generated
// tests the result files hold exits 1 whatever --fail-on says: a job whose
// runner ran no conformance test, or wrote its results elsewhere, must not
// pass. Then a result of a status gate names exits 1, naming the counts.
func Gate(q Request, r report.Report, own int, gate []string) error {
	var problems []string
	ours := report.Report{SDKs: r.SDKs[:own]}
	for _, sdk := range ours.RanNone() {
		_, total := sdk.Score()
		problems = append(problems, fmt.Sprintf("%s: the result files (%s) hold none of its %d generated tests: "+
			"the runner ran none of them, or wrote its results elsewhere (docs/ci.md shows each language's runner command)",
			quote.Text(report.SDKName(sdk.Repository, sdk.Target)), resultsGiven(q), total))
	}
	if hits := r.Gate(gate); len(hits) > 0 {
		problems = append(problems, fmt.Sprintf("--fail-on %s: %s", strings.Join(gate, ","), quote.Text(strings.Join(hits, "; "))))
	}
	if len(problems) > 0 {
		return exitcode.Problemsf("%s", strings.Join(problems, "\n"))
	}
	return nil
}

// resultsGiven names the result files as the command line gave them.
func resultsGiven(q Request) string {
	var given []string
	for _, f := range q.Flags.StringSlice("results") {
		given = append(given, quote.Name(f))
	}
	if dir := q.Flags.String("results-dir"); dir != "" {
		given = append(given, "every file under "+quote.Name(dir))
	}
	return strings.Join(given, ", ")
}
