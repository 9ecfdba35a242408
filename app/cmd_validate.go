package app

import (
	"fmt"

	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check that a suite is well-formed and agrees with the oracle (exit 1 lists every problem)",
		UsageText: "bqgen validate [--suite DIR]",
		Flags:     []cli.Flag{suiteFlag()},
		Action:    runValidate,
	}
}

func runValidate(c *cli.Context) error {
	fsys, err := openSuite(c.String("suite"))
	if err != nil {
		return err
	}
	s, problems := validate.Suite(fsys)
	printProblems(c.App.ErrWriter, problems)
	if errs := problems.Errors(); len(errs) > 0 {
		return problemsErr("%s is invalid: %d problem(s)", suiteName(c.String("suite")), len(errs))
	}
	fmt.Fprintf(c.App.Writer, "%s is valid (CONFORMANCE_VERSION %s; blocks: %v)\n", suiteName(c.String("suite")), s.VersionLabel(), s.Blocks())
	return nil
}
