package app

import (
	"fmt"

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
	fsys, err := validate.Open(out)
	if err != nil {
		return err
	}
	_, problems := validate.Suite(fsys)
	validate.PrintProblems(c.App.ErrWriter, problems)
	if errs := problems.Errors(); len(errs) > 0 {
		return problemsErr("the derived suite in %s is invalid: %d problem(s)", quote.Name(out), len(errs))
	}
	counts := map[string]int{}
	for _, dc := range cases {
		counts[dc.Rule]++
	}
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	if o.Quiet {
		return nil
	}
	fmt.Fprintf(c.App.Writer, "%d case(s) derived into %s", len(cases), quote.Name(out))
	for _, r := range derive.Rules() {
		if counts[r.Name] > 0 {
			fmt.Fprintf(c.App.Writer, "; %s %d", r.Name, counts[r.Name])
		}
	}
	fmt.Fprintln(c.App.Writer)
	return nil
}
