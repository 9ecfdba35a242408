package app

import (
	"github.com/babelqueue/bqgen/derive"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

func deriveCommand() *cli.Command {
	return &cli.Command{
		Name:      "derive",
		Usage:     "write a copy of a suite with the cases its schemas decide added (see conformance/README.md, derived cases)",
		UsageText: "bqgen derive [--suite DIR] --out DIR",
		Flags: []cli.Flag{
			suiteFlag(),
			&cli.StringFlag{Name: "out", Usage: "write the suite into `DIR`, which must be absent or empty"},
		},
		Action: runDerive,
	}
}

// runDerive derives, writes and validates the result: a derived suite that
// validate rejects is an error, not an output to use.
func runDerive(c *cli.Context) error {
	out := c.String("out")
	if out == "" {
		return usageErr("--out is required")
	}
	s, err := validate.Load(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	cases, err := derive.Derive(s)
	if err != nil {
		return problemsErr("%s: %v", validate.SuiteName(c.String("suite")), err)
	}
	if err := derive.Write(out, s, cases); err != nil {
		return problemsErr("derive --out %s: %v", quote.Name(out), err)
	}
	errs, err := validate.Check(out, c.App.ErrWriter)
	if err != nil {
		return err
	}
	if errs > 0 {
		return problemsErr("the derived suite in %s is invalid: %d problem(s)", quote.Name(out), errs)
	}
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	o.Note("%s", derive.Summary(cases, out))
	return nil
}
