package app

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/verify"
)

// verifyOutput is what verify says as it runs and at the end: progress on
// standard error (a redrawn status line on a terminal, a line per finished
// run elsewhere, nothing with --quiet), and, by --format, the reports and a
// summary table (text) or the findings (json, github) on standard output.
type verifyOutput struct {
	format   string
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

func newVerifyOutput(format string, o *output) *verifyOutput {
	v := &verifyOutput{format: format}
	if !o.quiet {
		v.progress, v.redraw = o.err, isTerminal(o.err)
	}
	return v
}

// onProgress is verify.Config.Progress for this output (nil for none).
func (v *verifyOutput) onProgress() func(verify.Progress) {
	if v.progress == nil {
		return nil
	}
	if v.redraw {
		return func(p verify.Progress) { fmt.Fprintf(v.progress, "\r\x1b[K%s", p.Status()) }
	}
	return func(p verify.Progress) { fmt.Fprintln(v.progress, p.Line()) }
}

// endProgress clears a terminal's status line before the report prints.
func (v *verifyOutput) endProgress() {
	if v.progress != nil && v.redraw {
		fmt.Fprint(v.progress, "\r\x1b[K")
	}
}

// add records one language's verification: its row of the table and its
// findings. err is a verification that could not finish.
func (v *verifyOutput) add(rep verify.Report, err error, took time.Duration) {
	row := verifyRow{lang: rep.Lang, tests: rep.Baseline.Total(), oracle: "pass", run: len(rep.Mutants),
		killed: len(rep.Mutants) - len(rep.Survivors()), inexpressible: len(rep.Inexpressible), notApplicable: len(rep.NotRun), took: took}
	b := rep.Baseline
	switch {
	case err != nil:
		row.oracle = "error"
		v.finding(diag.Error, "failed", "%s: %v", rep.Lang, err)
	case b.Failed > 0 || b.Skipped > 0 || b.Passed == 0:
		row.oracle = "FAILED"
		v.finding(diag.Error, "failed", "%s: against the oracle %d passed, %d failed, %d skipped: every generated test must pass (runner: %s)",
			rep.Lang, b.Passed, b.Failed, b.Skipped, b.Summary)
	}
	for _, m := range rep.Survivors() {
		v.finding(diag.Error, "survivor", "%s: mutant %s [%s] survived: no generated test failed against it: %s", rep.Lang, m.Name, m.Place(), m.Description)
	}
	for _, m := range rep.Mismatches() {
		v.finding(diag.Error, "mismatch", "%s: mutant %s [%s]: %d tests failed where the reference fails %d cases; a test asserts more or less than the suite says",
			rep.Lang, m.Mutant.Name, m.Mutant.Place(), m.Result.Failed, m.Mutant.ExpectedFailures)
	}
	for _, m := range rep.Uncaught {
		v.finding(diag.Warning, "uncaught", "%s: mutant %s [%s]: no case of this suite catches it (a hole of the suite, not of the tests)", rep.Lang, m.Name, m.Place())
	}
	for _, m := range rep.Inexpressible {
		v.finding(diag.Notice, "inexpressible", "%s: mutant %s [%s] is not expressible in %s, not run: %s", rep.Lang, m.Mutant.Name, m.Mutant.Place(), rep.Lang, m.Why)
	}
	v.rows = append(v.rows, row)
}

func (v *verifyOutput) finding(sev diag.Severity, kind, format string, args ...any) {
	v.findings = append(v.findings, diag.Diagnostic{Severity: sev, Kind: kind, Message: fmt.Sprintf(format, args...)})
}

// writeTable prints the summary table, one row per language verified.
func (v *verifyOutput) writeTable(w io.Writer) {
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

// summary is the one line the findings end with.
func (v *verifyOutput) summary(failed []string) string {
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
