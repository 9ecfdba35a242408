package app

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/babelqueue/bqgen/scaffoldaudit"
	"github.com/babelqueue/bqgen/writer"
	"github.com/urfave/cli/v2"
)

func generateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "lang", Usage: "target `LANG`: " + langNames()},
		&cli.StringFlag{Name: "out", Usage: "the SDK checkout `DIR` to write into (must exist)"},
		suiteFlag(),
		&cli.StringFlag{Name: "package", Usage: "package or namespace `NAME` of the generated tests (default: the SDK's)"},
		&cli.StringFlag{Name: "blocks", Usage: "generate only these `BLOCKS` (comma-separated; default: all), e.g. sqs for a transport package"},
		&cli.BoolFlag{Name: "strict", Usage: "a block of the suite bqgen cannot generate is an error, not a warning"},
		&cli.StringFlag{Name: "config", Usage: "the `FILE` listing the targets (default: " + config.FileName + " found upward from here)"},
	}
}

// writeFlags are generate's flags: check's, and --adopt.
func writeFlags() []cli.Flag {
	return append(generateFlags(), &cli.BoolFlag{Name: "adopt",
		Usage: "take over files in the way (not written by bqgen, or edited since): bqgen's version replaces them"},
		&cli.StringFlag{Name: "summary", Usage: "write to `FILE` what the suite change means, in Markdown (bqgen diff --format md), for a pull request's body"})
}

func langNames() string { return strings.Join(Backends().Langs(), ", ") }

const targetUsage = "(--lang LANG --out DIR [--suite DIR] [--package NAME] [--blocks LIST] | [--config FILE]) [--strict]"

func generateCommand() *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "write the generated tests, subject and vendored suite into an SDK checkout (every target of " + config.FileName + " without --lang/--out)",
		UsageText: "bqgen generate " + targetUsage + " [--adopt] [--summary FILE]",
		Flags:     writeFlags(),
		Action:    runGenerate,
	}
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "exit 1 with a diff when a checkout does not hold exactly what generate would write (writes nothing)",
		UsageText: "bqgen check " + targetUsage,
		Flags:     generateFlags(),
		Action:    runCheck,
	}
}

// runGenerate writes every target. SIGINT and SIGTERM (the context) end the
// run with the target being written as it was (exit 130); so does any
// error. Writing is critical: Main waits for the writer to undo.
func runGenerate(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	p, gens, err := generateAll(c)
	if err != nil {
		return err
	}
	// The summary compares the suite the checkout vendors now, so it is
	// made before anything is written.
	summary := ""
	if c.IsSet("summary") {
		summary = plan.BumpSummary(gens, p.SuiteDir)
	}
	leave, ok := critical.Enter(c.Context)
	if !ok {
		return interruptedErr("interrupted; nothing was written")
	}
	defer leave()
	for _, g := range gens {
		written, said, err := g.Write(c.Context)
		if err != nil {
			return err
		}
		o.Note("%s: %d file(s) written, %d removed", g.Describe(), len(written.Changes), len(written.Removals))
		for _, ch := range written.Changes {
			o.Detail("  wrote %s", quote.Name(ch.File.Path))
		}
		for _, r := range written.Removals {
			o.Detail("  removed %s", quote.Name(r))
		}
		// Never quiet: a test that disappears is said, whatever the flags.
		fmt.Fprint(c.App.Writer, said)
		scaffoldaudit.Warn(c.App.ErrWriter, g, written)
	}
	if c.IsSet("summary") {
		return reportio.WriteOutput("--summary", c.String("summary"), []byte(summary))
	}
	return nil
}

func runCheck(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	p, gens, err := generateAll(c)
	if err != nil {
		return err
	}
	var stale, newer, miswired, broken []string
	inTheWay := false
	for _, g := range gens {
		if err := interrupted(c); err != nil {
			return err
		}
		plan, err := writer.MakePlan(g.Out, g.Lang, g.Files)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Describe(), err)
		}
		switch {
		case plan.Empty():
			o.Detail("%s: %d file(s) checked", g.Describe(), len(g.Files))
			o.Note("%s: up to date", g.Describe())
		case plan.ByNewerBqgen():
			// What differs is likely the newer bqgen's output: one line,
			// not a diff a reader would take for drift.
			fmt.Fprintf(c.App.Writer, "%s: written by bqgen %s, newer than this bqgen %s: check it with bqgen %s or later\n",
				g.Describe(), plan.WrittenBy, buildinfo.Version(), plan.WrittenBy)
			newer = append(newer, quote.Name(g.Out))
		default:
			fmt.Fprint(c.App.Writer, g.SuiteChangeSummary(p.SuiteDir))
			fmt.Fprint(c.App.Writer, writer.Report(plan, g.Describe()))
			stale = append(stale, quote.Name(g.Out))
			inTheWay = inTheWay || len(plan.Conflicts) > 0
		}
		for _, w := range scaffoldaudit.Wiring(g) {
			fmt.Fprintln(c.App.Writer, quote.Text(w))
			miswired = append(miswired, quote.Name(g.Out))
		}
		audit := scaffoldaudit.Scaffold(g)
		audit.Print(c.App.ErrWriter)
		if len(audit.Breaks) > 0 {
			broken = append(broken, fmt.Sprintf("%s (operation %s)", g.Describe(), strings.Join(audit.Breaks, ", ")))
		}
		// Lines an SDK's own .gitattributes lacks are advice, not drift:
		// check compares generated files modulo line ends either way.
		for _, w := range scaffoldaudit.AttributesAdvice(g, plan) {
			fmt.Fprintf(c.App.ErrWriter, "warning: %s\n", quote.Text(w))
		}
	}
	switch {
	case len(newer) > 0:
		return problemsErr("%s written by a newer bqgen than this one (%s): upgrade bqgen (bqgen version says which this is)", strings.Join(newer, ", "), buildinfo.Version())
	case len(stale) > 0 && inTheWay:
		// generate refuses files in the way (hand-edited ones) unless told to
		// take them over: the command that really regenerates says so.
		return problemsErr("%s out of date: run %s --adopt", strings.Join(stale, ", "), p.FixIt)
	case len(stale) > 0:
		return problemsErr("%s out of date: run %s", strings.Join(stale, ", "), p.FixIt)
	case len(miswired) > 0:
		return problemsErr("the test runner of %s would not run the generated tests (see above)", strings.Join(miswired, ", "))
	case len(broken) > 0:
		return problemsErr("the scaffold of %s would not build against the generated subject interface (see above)", strings.Join(broken, "; "))
	}
	return nil
}
