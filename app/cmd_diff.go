package app

import (
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/suitediff"
	"github.com/urfave/cli/v2"
)

func diffCommand() *cli.Command {
	return &cli.Command{
		Name: "diff",
		Usage: "say what a change of suite means: cases added, removed and changed per block, blocks added and removed, " +
			"operations gained, and for each target the tests that appear and disappear (writes nothing)",
		UsageText: "bqgen diff [--from DIR|embedded] (--to DIR|embedded | --suite DIR) [--config FILE|none | --lang LANG [--out DIR] [--blocks LIST]] [--format text|md|json]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "from", Usage: "the suite `DIR` changed from, or embedded (default: the suite in use: the config's, else the embedded one)"},
			&cli.StringFlag{Name: "to", Usage: "the suite `DIR` changed to, or embedded"},
			&cli.StringFlag{Name: "suite", Usage: "the same as --to: preview suite `DIR` for the targets of the config"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text, md (a pull request's body) or json (docs/diff.md)"},
			&cli.StringFlag{Name: "config", Usage: "the `FILE` listing the targets (default: " + config.FileName + " found upward from here; none: no targets)"},
			&cli.StringFlag{Name: "lang", Usage: "a target in `LANG` (with --blocks), instead of the config's"},
			&cli.StringFlag{Name: "out", Usage: "the target's `DIR`, to name it"},
			&cli.StringFlag{Name: "blocks", Usage: "the `BLOCKS` the --lang target runs (default: all)"},
		},
		Action: runDiff,
	}
}

func runDiff(c *cli.Context) error {
	render, err := suitediff.Renderer(c.String("format"))
	if err != nil {
		return err
	}
	to, err := diffTo(c)
	if err != nil {
		return err
	}
	d, err := plan.Diff(planRequest(c), to)
	if err != nil {
		return err
	}
	out, err := render(d)
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(out)
	return err
}

// diffTo is --to, or --suite: one of them is required.
func diffTo(c *cli.Context) (string, error) {
	switch {
	case c.IsSet("to") && c.IsSet("suite"):
		return "", usageErr("--to and --suite name the same suite: give one")
	case c.IsSet("suite"):
		return c.String("suite"), nil
	case c.IsSet("to"):
		return c.String("to"), nil
	}
	return "", usageErr("give --to DIR (or embedded): the suite to compare with")
}
