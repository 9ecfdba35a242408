package app

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/verify"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the generated tests against the oracle (all must pass) and each mutant (each must be caught)",
		UsageText: "bqgen verify --lang LANG|all [--suite DIR] [--keep]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "`LANG` to verify, or all (every language whose tools are installed)", Required: true},
			suiteFlag(),
			&cli.BoolFlag{Name: "keep", Usage: "keep the generated projects and print where they are"},
		},
		Action: runVerify,
	}
}

func runVerify(c *cli.Context) error {
	langs, err := verifyLangs(c.String("lang"), c.App.Writer)
	if err != nil {
		return err
	}
	s, err := loadSuite(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("locate bqgen for the oracle server: %w", err)
	}
	var failed []string
	for _, lang := range langs {
		if !verifyOne(c, lang, s, bin) {
			failed = append(failed, lang)
		}
	}
	if len(failed) > 0 {
		return problemsErr("verification failed for %s", strings.Join(failed, ", "))
	}
	return nil
}

// verifyLangs expands "all" to every language whose toolchain is present,
// saying which were skipped and why.
func verifyLangs(lang string, w io.Writer) ([]string, error) {
	tcs := Toolchains()
	if lang != "all" {
		tc, ok := tcs[lang]
		if !ok {
			return nil, usageErr("unknown language %q (known: %s, all)", lang, langNames())
		}
		if err := tc.Available(); err != nil {
			return nil, problemsErr("%s: cannot verify: %v", lang, err)
		}
		return []string{lang}, nil
	}
	var out []string
	for _, l := range Backends().Langs() {
		if err := tcs[l].Available(); err != nil {
			fmt.Fprintf(w, "%s: skipped: %v\n", l, err)
			continue
		}
		out = append(out, l)
	}
	return out, nil
}

func verifyOne(c *cli.Context, lang string, s *model.Suite, bin string) bool {
	b, _ := Backends().Lookup(lang)
	ms, err := mutants(s)
	if err != nil {
		fmt.Fprintf(c.App.Writer, "%s: FAILED: %v\n", lang, err)
		return false
	}
	rep, err := verify.Run(c.Context, verify.Config{Backend: b, Toolchain: Toolchains()[lang], Suite: s,
		OracleBin: bin, Mutants: ms, Log: c.App.ErrWriter, KeepDir: c.Bool("keep")})
	w := c.App.Writer
	if c.Bool("keep") && rep.Dir != "" {
		fmt.Fprintf(w, "%s: generated project kept in %s\n", lang, rep.Dir)
	}
	if err != nil {
		fmt.Fprintf(w, "%s: FAILED: %v\n", lang, err)
		return false
	}
	printReport(w, rep)
	return rep.OK()
}

// mutants lists every fault of the oracle with the number of cases of s the
// reference expectations fail against it.
func mutants(s *model.Suite) ([]verify.Mutant, error) {
	var out []verify.Mutant
	for _, f := range oracle.Faults() {
		o, err := oracle.New(f.Name)
		if err != nil {
			return nil, err
		}
		ds, err := validate.Disagreements(s, o)
		if err != nil {
			return nil, fmt.Errorf("reference run against mutant %s: %w", f.Name, err)
		}
		out = append(out, verify.Mutant{Name: string(f.Name), Block: f.Block, Description: f.Description,
			ExpectedFailures: validate.FailingCases(ds)})
	}
	return out, nil
}

func printReport(w io.Writer, rep verify.Report) {
	b := rep.Baseline
	fmt.Fprintf(w, "%s: oracle: %d passed, %d failed, %d skipped (runner: %s)\n", rep.Lang, b.Passed, b.Failed, b.Skipped, b.Summary)
	if b.Failed > 0 || b.Skipped > 0 || b.Passed == 0 {
		fmt.Fprintf(w, "%s: FAILED: every generated test must pass against the oracle\n%s\n", rep.Lang, b.Output)
		return
	}
	for _, m := range rep.Mutants {
		verdict := "killed  "
		switch {
		case !m.Killed:
			verdict = "SURVIVED"
		case !m.AsExpected:
			verdict = "MISMATCH"
		}
		fmt.Fprintf(w, "%s: %s %-38s [%s] %d of %d tests failed (reference: %d)\n", rep.Lang, verdict,
			m.Mutant.Name, m.Mutant.Block, m.Result.Failed, m.Result.Total(), m.Mutant.ExpectedFailures)
	}
	if len(rep.NotRun) > 0 {
		fmt.Fprintf(w, "%s: %d mutant(s) not applicable (their blocks are not in the suite)\n", rep.Lang, len(rep.NotRun))
	}
	killed := len(rep.Mutants) - len(rep.Survivors())
	fmt.Fprintf(w, "%s: %d/%d mutants killed\n", rep.Lang, killed, len(rep.Mutants))
	for _, m := range rep.Survivors() {
		fmt.Fprintf(w, "%s: survivor: %s (%s): %s\n", rep.Lang, m.Name, m.Block, m.Description)
	}
	for _, m := range rep.Mismatches() {
		fmt.Fprintf(w, "%s: mismatch: %s: %d tests failed where the reference fails %d cases; a test asserts more or less than the suite says\n",
			rep.Lang, m.Mutant.Name, m.Result.Failed, m.Mutant.ExpectedFailures)
	}
}
