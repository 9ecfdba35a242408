package checkout

import (
	"context"
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/scaffoldaudit"
	"github.com/babelqueue/bqgen/writer"
)

// Check compares each of gens, generated in memory for the run p, with its
// checkout, writing nothing. It prints, on o's standard output, each stale target's diff
// (after what a change of suite means, when the checkout vendors another
// one) or the one line of a checkout a newer bqgen wrote, and the runner
// wiring problems; on standard error, the scaffold's findings and the
// .gitattributes advice. The error, when there is one, is the verdict,
// with the command that fixes it. With found set, every finding is also
// appended to it, on the file and line where it has them (--format json and
// github, which give o discarding streams).
func Check(ctx context.Context, p *plan.Run, gens []plan.Generated, o *console.Output, found *[]diag.Diagnostic) error {
	f := findings{list: found}
	var stale, newer, miswired, broken []string
	inTheWay := false
	for _, g := range gens {
		if ctx.Err() != nil {
			return exitcode.Interruptedf("interrupted; nothing was written")
		}
		changes, err := writer.MakePlan(g.Out, g.Lang, g.Files)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Describe(), err)
		}
		switch {
		case changes.Empty():
			o.Detail("%s: %d file(s) checked", g.Describe(), len(g.Files))
			o.Note("%s: up to date", g.Describe())
		case changes.ByNewerBqgen():
			// What differs is likely the newer bqgen's output: one line,
			// not a diff a reader would take for drift.
			msg := fmt.Sprintf("%s: written by bqgen %s, newer than this bqgen %s: check it with bqgen %s or later",
				g.Describe(), changes.WrittenBy, buildinfo.Version(), changes.WrittenBy)
			fmt.Fprintln(o.Out, msg)
			f.add(diag.Error, "newer", msg)
			newer = append(newer, quote.Name(g.Out))
		default:
			fmt.Fprint(o.Out, g.SuiteChangeSummary(p.SuiteDir))
			fmt.Fprint(o.Out, writer.Report(changes, g.Describe()))
			f.addAll(writer.Findings(changes, g.ShownDir()))
			stale = append(stale, quote.Name(g.Out))
			inTheWay = inTheWay || len(changes.Conflicts) > 0
		}
		for _, w := range scaffoldaudit.Wiring(g) {
			fmt.Fprintln(o.Out, quote.Text(w))
			f.add(diag.Error, "wiring", quote.Text(w))
			miswired = append(miswired, quote.Name(g.Out))
		}
		audit := scaffoldaudit.Scaffold(g)
		audit.Print(o.Err)
		f.scaffold(audit)
		if len(audit.Breaks) > 0 {
			broken = append(broken, fmt.Sprintf("%s (operation %s)", g.Describe(), strings.Join(audit.Breaks, ", ")))
		}
		// Lines an SDK's own .gitattributes lacks are advice, not drift:
		// check compares generated files modulo line ends either way.
		for _, w := range scaffoldaudit.AttributesAdvice(g, changes) {
			fmt.Fprintf(o.Err, "warning: %s\n", quote.Text(w))
			f.add(diag.Warning, "attributes", w)
		}
	}
	switch {
	case len(newer) > 0:
		return exitcode.Problemsf("%s written by a newer bqgen than this one (%s): upgrade bqgen (bqgen version says which this is)", strings.Join(newer, ", "), buildinfo.Version())
	case len(stale) > 0 && inTheWay:
		// generate refuses files in the way (hand-edited ones) unless told to
		// take them over: the command that really regenerates says so.
		return exitcode.Problemsf("%s out of date: run %s --adopt", strings.Join(stale, ", "), p.FixIt)
	case len(stale) > 0:
		return exitcode.Problemsf("%s out of date: run %s", strings.Join(stale, ", "), p.FixIt)
	case len(miswired) > 0:
		return exitcode.Problemsf("the test runner of %s would not run the generated tests (see above)", strings.Join(miswired, ", "))
	case len(broken) > 0:
		return exitcode.Problemsf("the scaffold of %s would not build against the generated subject interface (see above)", strings.Join(broken, "; "))
	}
	return nil
}
