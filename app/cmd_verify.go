package app

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/verify"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the generated tests against the oracle (all must pass) and each mutant (each must be caught)",
		UsageText: "bqgen verify --lang LANG|all [--suite DIR] [--keep]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "`LANG` to verify, or all (every language whose tools are installed)"},
			suiteFlag(),
			&cli.BoolFlag{Name: "keep", Usage: "keep the generated projects and print where they are"},
		},
		Action: runVerify,
	}
}

// runVerify is critical as a whole: interrupted, it stops the tools it runs
// and removes its temp dirs before it returns.
func runVerify(c *cli.Context) error {
	if c.String("lang") == "" {
		return usageErr("--lang is required: one of %s, or all", langNames())
	}
	langs, err := verifyLangs(c.String("lang"), c.App.Writer)
	if err != nil {
		return err
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
	ms, err := verify.MutantsOf(s)
	if err != nil {
		return problemsErr("%v", err)
	}
	var failed []string
	for _, lang := range langs {
		if !verifyOne(c, lang, s, ms, bin) {
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

func verifyOne(c *cli.Context, lang string, s *model.Suite, ms []verify.Mutant, bin string) bool {
	b, _ := Backends().Lookup(lang)
	started := time.Now()
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
	rep.Write(w)
	fmt.Fprintf(w, "%s: %d runs in %.1f s\n", lang, 1+len(rep.Mutants), time.Since(started).Seconds())
	return rep.OK()
}
