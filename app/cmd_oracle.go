package app

import (
	"github.com/babelqueue/bqgen/oracle"
	"github.com/urfave/cli/v2"
)

func oracleCommand() *cli.Command {
	return &cli.Command{
		Name:  "oracle",
		Usage: "the reference implementation, for generated tests in other languages",
		Subcommands: []*cli.Command{{
			Name:      "serve",
			Usage:     "answer subject operations as JSON lines on stdin/stdout (see docs/subject-protocol.md)",
			UsageText: "bqgen oracle serve [--fault NAME] [--list-faults]",
			Flags: []cli.Flag{&cli.StringFlag{Name: "fault", Usage: "serve the mutant `NAME` instead of the correct oracle"},
				&cli.BoolFlag{Name: "list-faults", Usage: "print the mutants, one per line, and exit"}},
			Action: runOracleServe,
		}},
	}
}

func runOracleServe(c *cli.Context) error {
	if c.Bool("list-faults") {
		return oracle.WriteFaults(c.App.Writer)
	}
	o, err := oracle.New(oracle.Fault(c.String("fault")))
	if err != nil {
		return usageErr("%v", err)
	}
	return oracle.Serve(c.App.Reader, c.App.Writer, o)
}
