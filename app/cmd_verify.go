package app

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/verify"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the generated tests against the oracle (all must pass) and each mutant (each must be caught)",
		UsageText: "bqgen verify --lang LANG|all [--suite DIR] [--keep] [--report FILE [--oracle-only]] [--process-per-run] [--every-test] [--run-each-alone] [--format text|json|github|md]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "`LANG` to verify, or all (every language whose tools are installed)"},
			suiteFlag(),
			&cli.BoolFlag{Name: "keep", Usage: "keep the generated projects and print where they are"},
			&cli.StringFlag{Name: "report", Usage: "also write the runs against the oracle as a JSON report (bqgen report --merge reads it) to `FILE`"},
			&cli.BoolFlag{Name: "oracle-only", Usage: "run against the oracle alone, no mutants: for --report, not a proof"},
			&cli.BoolFlag{Name: "process-per-run", Usage: "start the language's runner afresh for every run instead of keeping one warm per worker (slower; for comparison)"},
			&cli.BoolFlag{Name: "every-test", Usage: "run every generated test against every mutant, not only the test files whose recorded requests the mutant answers otherwise than the oracle (slower; for comparison)"},
			&cli.BoolFlag{Name: "run-each-alone", Usage: "give every mutant a run of its own, rather than letting mutants whose test files differ share one (slower; for comparison)"},
			formatFlag(),
		},
		Action: runVerify,
	}
}

// runVerify is critical as a whole: interrupted, it stops the tools it runs
// and removes its temp dirs before it returns.
func runVerify(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	format, err := diagFormat(c)
	if err != nil {
		return err
	}
	if c.String("lang") == "" {
		return usageErr("--lang is required: one of %s, or all", langNames())
	}
	// With json or github, standard output holds the findings alone: what
	// the text format prints there becomes findings.
	text := c.App.Writer
	if format != "text" {
		text = io.Discard
	}
	v := verify.NewSummary(o.Err, o.Quiet)
	langs, skipped, err := verify.Langs(c.String("lang"), Toolchains(), Backends().Langs())
	if err != nil {
		return err
	}
	for _, skip := range skipped {
		fmt.Fprintln(text, skip)
	}
	v.Skipped(skipped)
	leave, ok := critical.Enter(c.Context)
	if !ok {
		return interruptedErr("interrupted")
	}
	defer leave()
	s, err := validate.Load(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("locate bqgen for the oracle server: %w", err)
	}
	if c.Bool("oracle-only") && c.String("report") == "" {
		return usageErr("--oracle-only proves nothing: it goes with --report")
	}
	mutants := verify.NewMutants(s)
	if !c.Bool("oracle-only") {
		unkilled, err := verify.ReportUnkilled(text, mutants)
		if err != nil {
			return err
		}
		v.Unkilled(unkilled)
	}
	run := verify.Languages{Suite: s, Backends: Backends(), Toolchains: Toolchains(), OracleBin: bin, Log: c.App.ErrWriter,
		KeepDir: c.Bool("keep"), OracleOnly: c.Bool("oracle-only"), ProcessPerRun: c.Bool("process-per-run"),
		EveryTest: c.Bool("every-test"), RunEachAlone: c.Bool("run-each-alone"), Mutants: mutants, Summary: v, Text: text, Quiet: o.Quiet || format != "text"}
	if c.String("report") != "" {
		run.OracleRuns = verify.NewOracleReport(s)
	}
	failed, err := run.Run(c.Context, langs)
	if err != nil {
		return err
	}
	if file := c.String("report"); file != "" {
		if err := reportio.WriteReportJSON("--report", file, run.OracleRuns.Input()); err != nil {
			return err
		}
	}
	var failure error
	if len(failed) > 0 {
		failure = problemsErr("verification failed for %s", strings.Join(failed, ", "))
	}
	if format == "text" {
		v.WriteTable(c.App.Writer)
		return failure
	}
	return writeFindings(c, format, "verify", v.Line(failed), v.Findings(), failure)
}
