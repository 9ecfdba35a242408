package app

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/writer"
	"github.com/urfave/cli/v2"
)

func generateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "lang", Usage: "target `LANG`: " + langNames()},
		&cli.StringFlag{Name: "out", Usage: "the SDK checkout `DIR` to write into"},
		suiteFlag(),
		&cli.StringFlag{Name: "package", Usage: "package or namespace `NAME` of the generated tests (default: the SDK's)"},
	}
}

// writeFlags are generate's flags: check's, and --adopt.
func writeFlags() []cli.Flag {
	return append(generateFlags(), &cli.BoolFlag{Name: "adopt",
		Usage: "take over files in the way (not written by bqgen, or edited since): bqgen's version replaces them"})
}

func langNames() string {
	s := ""
	for i, l := range Backends().Langs() {
		if i > 0 {
			s += ", "
		}
		s += l
	}
	return s
}

func generateCommand() *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "write the generated tests, subject and vendored suite into an SDK checkout",
		UsageText: "bqgen generate --lang LANG --out DIR [--suite DIR] [--package NAME] [--adopt]",
		Flags:     writeFlags(),
		Action:    runGenerate,
	}
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "exit 1 with a diff when DIR does not hold exactly what generate would write (writes nothing)",
		UsageText: "bqgen check --lang LANG --out DIR [--suite DIR] [--package NAME]",
		Flags:     generateFlags(),
		Action:    runCheck,
	}
}

// outputFor generates the output for the flags' language in memory.
func outputFor(c *cli.Context) ([]backend.File, error) {
	lang, out := c.String("lang"), c.String("out")
	if lang == "" || out == "" {
		return nil, usageErr("--lang and --out are required")
	}
	b, err := Backends().Lookup(lang)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	s, err := loadSuite(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return nil, err
	}
	files, err := b.Generate(s, backend.Options{Binding: backend.BindSDK, Package: c.String("package")})
	if err != nil {
		return nil, fmt.Errorf("generate %s: %w", lang, err)
	}
	return files, nil
}

// runGenerate writes the output. SIGINT and SIGTERM end the run with the
// out dir as it was (exit 130); so does any error.
func runGenerate(c *cli.Context) error {
	files, err := outputFor(c)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	plan, err := writer.Write(ctx, c.String("out"), c.String("lang"), files, c.Bool("adopt"))
	if errors.Is(err, writer.ErrInterrupted) {
		return interruptedErr("%v", err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "%s: %d file(s) written, %d removed in %s\n", c.String("lang"), len(plan.Changes), len(plan.Removals), c.String("out"))
	return nil
}

func runCheck(c *cli.Context) error {
	files, err := outputFor(c)
	if err != nil {
		return err
	}
	plan, err := writer.MakePlan(c.String("out"), c.String("lang"), files)
	if err != nil {
		return err
	}
	if plan.Empty() {
		fmt.Fprintf(c.App.Writer, "%s: %s is up to date\n", c.String("lang"), c.String("out"))
		return nil
	}
	fmt.Fprint(c.App.Writer, writer.Report(plan))
	return problemsErr("%s is out of date: run bqgen generate --lang %s --out %s", c.String("out"), c.String("lang"), c.String("out"))
}
