package verify

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Summary is what a verification of one or more languages says as it runs
// and at the end: progress (a redrawn status line on a terminal, a line per
// finished run elsewhere, or none), then a table with a row per language
// and its findings as diagnostics (for --format json and github).
type Summary struct {
	progress io.Writer // nil: no progress
	redraw   bool      // progress is a terminal's status line
	rows     []verifyRow
	findings []diag.Diagnostic
}

// verifyRow is one language's line of the summary table.
type verifyRow struct {
	lang                         string
	tests                        int
	oracle                       string // pass, FAILED, error
	killed, run                  int
	inexpressible, notApplicable int
	took                         time.Duration
}

// NewSummary reports progress to w unless quiet, as one redrawn status
// line when w is a terminal that can redraw, else a line per run.
func NewSummary(w io.Writer, quiet bool) *Summary {
	if quiet || w == nil {
		return &Summary{}
	}
	return &Summary{progress: w, redraw: console.IsTerminal(w)}
}

// OnProgress is Config.Progress for this summary (nil for none).
func (v *Summary) OnProgress() func(Progress) {
	if v.progress == nil {
		return nil
	}
	if v.redraw {
		return func(p Progress) {
			quote.Control(v.progress, "\r\x1b[K") // through the text gate, to a terminal only
			fmt.Fprint(v.progress, p.Status())
		}
	}
	return func(p Progress) { fmt.Fprintln(v.progress, p.Line()) }
}

// EndProgress clears a terminal's status line before a report prints.
func (v *Summary) EndProgress() {
	if v.progress != nil && v.redraw {
		quote.Control(v.progress, "\r\x1b[K")
	}
}

// Add records one language's verification: its row of the table and its
// findings.
func (v *Summary) Add(run LangRun) {
	rep, err, took := run.Report, run.Err, run.Took
	row := verifyRow{lang: rep.Lang, tests: rep.Baseline.Total(), oracle: "pass", run: len(rep.Mutants),
		killed: len(rep.Mutants) - len(rep.Survivors()), inexpressible: len(rep.Inexpressible), notApplicable: len(rep.NotRun), took: took}
	b := rep.Baseline
	switch {
	case err != nil:
		row.oracle = "error"
		v.Finding(diag.Error, "failed", "%s: %v", rep.Lang, err)
	case b.Failed > 0 || b.Skipped > 0 || b.Passed == 0:
		row.oracle = "FAILED"
		v.Finding(diag.Error, "failed", "%s: against the oracle %d passed, %d failed, %d skipped: every generated test must pass (runner: %s)",
			rep.Lang, b.Passed, b.Failed, b.Skipped, b.Summary)
	}
	for _, m := range rep.Survivors() {
		v.Finding(diag.Error, "survivor", "%s: mutant %s [%s] survived: no generated test failed against it: %s", rep.Lang, m.Name, m.Place(), m.Description)
	}
	for _, m := range rep.Mismatches() {
		v.Finding(diag.Error, "mismatch", "%s: mutant %s [%s]: %d tests failed where the reference fails %d cases; a test asserts more or less than the suite says",
			rep.Lang, m.Mutant.Name, m.Mutant.Place(), m.Result.Failed, m.Mutant.ExpectedFailures)
	}
	for _, m := range rep.Uncaught {
		v.Finding(diag.Warning, "uncaught", "%s: mutant %s [%s]: no case of this suite catches it (a hole of the suite, not of the tests)", rep.Lang, m.Name, m.Place())
	}
	if run.kept {
		v.Finding(diag.Notice, "kept", "%s: generated project kept in %s", rep.Lang, rep.Dir)
	}
	for _, m := range rep.Inexpressible {
		v.Finding(diag.Notice, "inexpressible", "%s: mutant %s [%s] is not expressible in %s, not run: %s", rep.Lang, m.Mutant.Name, m.Mutant.Place(), rep.Lang, m.Why)
	}
	v.rows = append(v.rows, row)
}

// Skipped records the languages left out (Langs' lines) as notices.
func (v *Summary) Skipped(lines []string) {
	for _, l := range lines {
		v.Finding(diag.Notice, "skipped", "%s", l)
	}
}

// Unkilled records the suite's cases no mutant kills (ReportUnkilled's) as
// warnings.
func (v *Summary) Unkilled(cases []string) {
	for _, k := range cases {
		v.Finding(diag.Warning, "unkilled", "suite: case %s: no mutant kills it (a case no realistic bug breaks proves nothing)", k)
	}
}

// Finding adds a finding of the verification as a whole.
func (v *Summary) Finding(sev diag.Severity, kind, format string, args ...any) {
	v.findings = append(v.findings, diag.Diagnostic{Severity: sev, Kind: kind, Message: fmt.Sprintf(format, args...)})
}

// WriteTable prints the table, one row per language verified.
func (v *Summary) WriteTable(w io.Writer) {
	if len(v.rows) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "language\ttests\toracle\tmutants killed\tnot expressible\tnot applicable\ttime")
	for _, r := range v.rows {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d/%d\t%d\t%d\t%.1f s\n", r.lang, r.tests, r.oracle, r.killed, r.run, r.inexpressible, r.notApplicable, r.took.Seconds())
	}
	tw.Flush()
}

// Findings are the diagnostics of every language added, and of the whole.
func (v *Summary) Findings() []diag.Diagnostic { return v.findings }

// Line is the one line the findings end with.
func (v *Summary) Line(failed []string) string {
	var langs []string
	killed, run := 0, 0
	for _, r := range v.rows {
		langs = append(langs, r.lang)
		killed, run = killed+r.killed, run+r.run
	}
	if len(failed) > 0 {
		return fmt.Sprintf("verification failed for %s (%d/%d mutants killed over %s)", strings.Join(failed, ", "), killed, run, strings.Join(langs, ", "))
	}
	return fmt.Sprintf("verified %s: every generated test passes against the oracle; %d/%d mutants killed", strings.Join(langs, ", "), killed, run)
}
