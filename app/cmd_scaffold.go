package app

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/scaffoldaudit"
	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

func scaffoldCommand() *cli.Command {
	return &cli.Command{
		Name: "scaffold",
		Usage: "print a fresh scaffold for a target, or with --ops only the methods of those operations, " +
			"to stdout (writes nothing): to start over, or to copy what a newer bqgen added",
		UsageText: "bqgen scaffold --lang LANG [--ops LIST] [--blocks LIST] [--package NAME] [--suite DIR]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "target `LANG`: " + langNames()},
			urfave.List(&cli.StringFlag{Name: "ops", Usage: "print only the methods of these `OPERATIONS` (comma-separated wire names, e.g. settle,kafka_reconcile)"}),
			urfave.List(&cli.StringFlag{Name: "blocks", Usage: "the target's `BLOCKS` (comma-separated; default: all), e.g. sqs for a transport package"}),
			&cli.StringFlag{Name: "package", Usage: "package or namespace `NAME` of the generated tests (default: the SDK's)"},
			suiteFlag(),
		},
		Action: runScaffold,
	}
}

// runScaffold generates the target in memory and prints its scaffold: the
// file itself when there is one (so it can be redirected into place), each
// under a header naming its path when there are several.
func runScaffold(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErr("scaffold takes no arguments (got %s)", quote.Name(c.Args().First()))
	}
	if c.String("lang") == "" {
		return usageErr("scaffold needs --lang (%s)", langNames())
	}
	b, err := Backends().Lookup(c.String("lang"))
	if err != nil {
		return usageErr("%v", err)
	}
	s, err := validate.Load(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	t := plan.Target{Lang: b.Lang(), Blocks: plan.SplitList(c.String("blocks")), ConfigIndex: -1,
		Opt: backend.Options{Binding: backend.BindSDK, Package: c.String("package")}}
	if c.IsSet("ops") {
		stubs, err := scaffoldaudit.Stubs(b, s, t, plan.SplitList(c.String("ops")))
		if err != nil {
			return err
		}
		// Stubs end where their last method does; the terminal's line does not.
		fmt.Fprintln(c.App.Writer, strings.TrimRight(stubs, "\n"))
		return nil
	}
	g, err := plan.GenerateTarget(s, t, Backends())
	if err != nil {
		return err
	}
	c.App.Writer.Write(g.ScaffoldText())
	return nil
}
