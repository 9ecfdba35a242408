package app

import (
	"fmt"
	"os"
	"strings"

	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/verify"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the generated tests against the oracle (all must pass) and each mutant (each must be caught)",
		UsageText: "bqgen verify --lang LANG|all [--suite DIR] [--keep] [--report FILE [--oracle-only]] [--process-per-run]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "`LANG` to verify, or all (every language whose tools are installed)"},
			suiteFlag(),
			&cli.BoolFlag{Name: "keep", Usage: "keep the generated projects and print where they are"},
			&cli.StringFlag{Name: "report", Usage: "also write the runs against the oracle as a JSON report (bqgen report --merge reads it) to `FILE`"},
			&cli.BoolFlag{Name: "oracle-only", Usage: "run against the oracle alone, no mutants: for --report, not a proof"},
			&cli.BoolFlag{Name: "process-per-run", Usage: "start the language's runner afresh for every run instead of keeping one warm per worker (slower; for comparison)"},
		},
		Action: runVerify,
	}
}

// runVerify is critical as a whole: interrupted, it stops the tools it runs
// and removes its temp dirs before it returns.
func runVerify(c *cli.Context) error {
	if _, err := outputOf(c); err != nil {
		return err
	}
	if c.String("lang") == "" {
		return usageErr("--lang is required: one of %s, or all", langNames())
	}
	langs, err := verify.Langs(c.String("lang"), Toolchains(), Backends().Langs(), c.App.Writer)
	if err != nil {
		return err
	}
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
	if !c.Bool("oracle-only") {
		if err := verify.ReportUnkilled(c.App.Writer, s); err != nil {
			return err
		}
	}
	var failed []string
	in := report.Input{Descriptions: s.CaseDescriptions()}
	for _, id := range s.CaseIDs() {
		in.Order = append(in.Order, id.String())
	}
	for _, lang := range langs {
		ms, err := verify.MutantsFor(lang, s)
		if err != nil {
			return problemsErr("%v", err)
		}
		rep, ok := verifyOne(c, lang, s, ms, bin)
		if !ok {
			failed = append(failed, lang)
		}
		if c.String("report") != "" && rep.Baseline.Total() > 0 {
			b, _ := Backends().Lookup(lang)
			target, runs, err := verify.OracleTarget(s, rep, b)
			if err != nil {
				return problemsErr("--report: %v", err)
			}
			in.Targets, in.Runs = append(in.Targets, target), append(in.Runs, runs...)
		}
	}
	if file := c.String("report"); file != "" {
		if err := reportio.WriteReportJSON("--report", file, in); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		return problemsErr("verification failed for %s", strings.Join(failed, ", "))
	}
	return nil
}

// verifyOne runs lang's generated tests against the oracle and ms.
func verifyOne(c *cli.Context, lang string, s *model.Suite, ms []verify.Mutant, bin string) (verify.Report, bool) {
	b, _ := Backends().Lookup(lang)
	return verify.RunLang(c.Context, verify.Config{Backend: b, Toolchain: Toolchains()[lang], Suite: s,
		OracleBin: bin, Mutants: ms, Log: c.App.ErrWriter, KeepDir: c.Bool("keep"), OracleOnly: c.Bool("oracle-only"),
		ProcessPerRun: c.Bool("process-per-run")}, c.App.Writer, c.Bool("quiet"))
}
