package app

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/verify"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the generated tests against the oracle (all must pass) and each mutant (each must be caught)",
		UsageText: "bqgen verify --lang LANG|all [--suite DIR] [--keep] [--report FILE [--oracle-only]] [--process-per-run] [--format text|json|github]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "`LANG` to verify, or all (every language whose tools are installed)"},
			suiteFlag(),
			&cli.BoolFlag{Name: "keep", Usage: "keep the generated projects and print where they are"},
			&cli.StringFlag{Name: "report", Usage: "also write the runs against the oracle as a JSON report (bqgen report --merge reads it) to `FILE`"},
			&cli.BoolFlag{Name: "oracle-only", Usage: "run against the oracle alone, no mutants: for --report, not a proof"},
			&cli.BoolFlag{Name: "process-per-run", Usage: "start the language's runner afresh for every run instead of keeping one warm per worker (slower; for comparison)"},
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
	v := newVerifyOutput(format, o)
	langs, skipped, err := verifyLangs(c.String("lang"))
	if err != nil {
		return err
	}
	for _, skip := range skipped {
		fmt.Fprintln(text, skip)
		v.finding(diag.Notice, "skipped", "%s", skip)
	}
	leave, ok := enterCritical(c.Context)
	if !ok {
		return interruptedErr("interrupted")
	}
	defer leave()
	s, err := loadSuite(c.String("suite"), c.App.ErrWriter)
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
		unkilled, err := reportUnkilled(text, s)
		if err != nil {
			return err
		}
		for _, k := range unkilled {
			v.finding(diag.Warning, "unkilled", "suite: case %s: no mutant kills it (a case no realistic bug breaks proves nothing)", k)
		}
	}
	var failed []string
	in := report.Input{Descriptions: s.CaseDescriptions()}
	for _, id := range s.CaseIDs() {
		in.Order = append(in.Order, id.String())
	}
	for _, lang := range langs {
		b, _ := Backends().Lookup(lang) // verifyLangs took only known languages
		ms, err := verify.MutantsFor(b, s)
		if err != nil {
			return problemsErr("%v", err)
		}
		rep, ok := verifyOne(c, v, text, lang, s, ms, bin)
		if !ok {
			failed = append(failed, lang)
		}
		if c.String("report") != "" && rep.Baseline.Total() > 0 {
			target, runs, err := oracleTarget(s, rep)
			if err != nil {
				return problemsErr("--report: %v", err)
			}
			in.Targets, in.Runs = append(in.Targets, target), append(in.Runs, runs...)
		}
	}
	if file := c.String("report"); file != "" {
		if err := writeOracleReport(file, in); err != nil {
			return err
		}
	}
	if format == "text" {
		v.writeTable(c.App.Writer)
	} else if err := writeDiag(c, format, diag.Report{Command: "verify", OK: len(failed) == 0, Summary: v.summary(failed), Diagnostics: v.findings}); err != nil {
		return err
	}
	if len(failed) > 0 {
		return problemsErr("verification failed for %s", strings.Join(failed, ", "))
	}
	return nil
}

// reportUnkilled says how many of the suite's cases no mutant kills,
// loudly when there are any: such a case proves nothing about an SDK that
// the rest of the suite does not, and a suite should have none. It returns
// those cases.
func reportUnkilled(w io.Writer, s *model.Suite) ([]string, error) {
	ms, err := verify.MutantsOf(s)
	if err != nil {
		return nil, problemsErr("%v", err)
	}
	unkilled := verify.Unkilled(s, ms)
	if len(unkilled) == 0 {
		fmt.Fprintf(w, "suite: every one of %d cases is killed by at least one mutant\n", len(verify.CaseKeys(s)))
		return nil, nil
	}
	fmt.Fprintf(w, "suite: WARNING: %d case(s) no mutant kills (a case no realistic bug breaks proves nothing):\n", len(unkilled))
	for _, k := range unkilled {
		fmt.Fprintf(w, "suite:   %s\n", k)
	}
	return unkilled, nil
}

// verifyLangs expands "all" to every language whose toolchain is present,
// and says which were skipped and why.
func verifyLangs(lang string) (langs, skipped []string, err error) {
	tcs := Toolchains()
	if lang != "all" {
		tc, ok := tcs[lang]
		if !ok {
			return nil, nil, usageErr("unknown language %q (known: %s, all)%s", lang, langNames(), suggest.Phrase(lang, append(slices.Sorted(maps.Keys(tcs)), "all")))
		}
		if err := tc.Available(); err != nil {
			return nil, nil, problemsErr("%s: cannot verify: %v", lang, err)
		}
		return []string{lang}, nil, nil
	}
	for _, l := range Backends().Langs() {
		if err := tcs[l].Available(); err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: skipped: %v", l, err))
			continue
		}
		langs = append(langs, l)
	}
	return langs, skipped, nil
}

// verifyOne verifies lang, reporting progress to v as it goes and the
// report to w (the text format's standard output).
func verifyOne(c *cli.Context, v *verifyOutput, w io.Writer, lang string, s *model.Suite, ms []verify.Mutant, bin string) (verify.Report, bool) {
	b, _ := Backends().Lookup(lang)
	started := time.Now()
	rep, err := verify.Run(c.Context, verify.Config{Backend: b, Toolchain: Toolchains()[lang], Suite: s,
		OracleBin: bin, Mutants: ms, Log: c.App.ErrWriter, KeepDir: c.Bool("keep"), OracleOnly: c.Bool("oracle-only"),
		ProcessPerRun: c.Bool("process-per-run"), Progress: v.onProgress()})
	v.endProgress()
	rep.Lang = lang
	v.add(rep, err, time.Since(started))
	o, _ := outputOf(c) // runVerify refused --quiet with --verbose
	o.out = w           // json and github: the notes are in the findings

	if c.Bool("keep") && rep.Dir != "" {
		fmt.Fprintf(w, "%s: generated project kept in %s\n", lang, rep.Dir)
	}
	if err != nil {
		fmt.Fprintf(w, "%s: FAILED: %v\n", lang, err)
		return rep, false
	}
	rep.Write(w)
	o.Note("%s: %d runs in %.1f s", lang, 1+len(rep.Mutants), time.Since(started).Seconds())
	if c.Bool("oracle-only") {
		return rep, rep.Baseline.Failed == 0 && rep.Baseline.Skipped == 0 && rep.Baseline.Passed > 0
	}
	return rep, rep.OK()
}

// writeOracleReport classifies the runs against the oracle and writes them
// as a JSON report.
func writeOracleReport(file string, in report.Input) error {
	r, err := report.Build(in)
	if err != nil {
		return problemsErr("--report: %v", err)
	}
	data, err := report.JSON(r, nil)
	if err != nil {
		return err
	}
	return writeOutput("--report", file, data)
}
