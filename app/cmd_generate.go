package app

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/checkout"
	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/urfave/cli/v2"
)

func generateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "lang", Usage: "target `LANG`: " + langNames()},
		&cli.StringFlag{Name: "out", Usage: "the SDK checkout `DIR` to write into (must exist)"},
		suiteFlag(),
		&cli.StringFlag{Name: "package", Usage: "package or namespace `NAME` of the generated tests (default: the SDK's)"},
		vendorFlag("vendor the suite in `DIR`, relative to --out"),
		urfave.List(&cli.StringFlag{Name: "blocks", Usage: "generate only these `BLOCKS` (comma-separated; default: all), e.g. sqs for a transport package"}),
		&cli.BoolFlag{Name: "strict", Usage: "a block of the suite bqgen cannot generate is an error, not a warning"},
		&cli.StringFlag{Name: "config", Usage: "the `FILE` listing the targets (default: " + config.FileName + " found upward from here)"},
	}
}

// writeFlags are generate's flags: check's, and --adopt.
func writeFlags() []cli.Flag {
	return append(generateFlags(), &cli.BoolFlag{Name: "adopt",
		Usage: "take over files in the way (not written by bqgen, or edited since): bqgen's version replaces them"},
		&cli.StringFlag{Name: "summary", Usage: "write to `FILE` what the suite change means, in Markdown (bqgen diff --format md), for a pull request's body"})
}

// vendorFlag is --vendor: where the target's suite is vendored, when the
// SDK keeps its own copy at the language's default place.
func vendorFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "vendor", Usage: usage + " (default: the language's place, e.g. tests/conformance; keep the SDK's own copy there)"}
}

func langNames() string { return strings.Join(Backends().Langs(), ", ") }

const targetUsage = "(--lang LANG --out DIR [--suite DIR] [--package NAME] [--vendor DIR] [--blocks LIST] | [--config FILE]) [--strict]"

func generateCommand() *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "write the generated tests, subject and vendored suite into an SDK checkout (every target of " + config.FileName + " without --lang/--out)",
		UsageText: "bqgen generate " + targetUsage + " [--adopt] [--summary FILE]",
		Flags:     writeFlags(),
		Action:    runGenerate,
	}
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "exit 1 with a diff when a checkout does not hold exactly what generate would write (writes nothing)",
		UsageText: "bqgen check " + targetUsage + " [--format text|json|github|md]",
		Flags:     append(generateFlags(), formatFlag()),
		Action:    runCheck,
	}
}

// runGenerate writes every target. SIGINT and SIGTERM (the context) end the
// run with the target being written as it was (exit 130); so does any
// error. Writing is critical: Main waits for the writer to undo.
func runGenerate(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	p, gens, err := plan.GenerateAll(c.Context, planRequest(c))
	if err != nil {
		return err
	}
	// The summary compares the suite the checkout vendors now, so it is
	// made before anything is written.
	summary := ""
	if c.IsSet("summary") {
		summary = plan.BumpSummary(gens, p.SuiteDir)
	}
	leave, ok := critical.Enter(c.Context)
	if !ok {
		return interruptedErr("interrupted; nothing was written")
	}
	defer leave()
	if err := checkout.Write(c.Context, gens, o); err != nil {
		return err
	}
	if c.IsSet("summary") {
		return reportio.WriteOutput("--summary", c.String("summary"), []byte(summary))
	}
	return nil
}

// runCheck generates every target in memory and compares it with its
// checkout (package checkout).
func runCheck(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	format, err := diagFormat(c)
	if err != nil {
		return err
	}
	p, gens, err := plan.GenerateAll(c.Context, planRequest(c))
	if err != nil {
		return err
	}
	if format == "text" {
		return checkout.Check(c.Context, p, gens, o, nil)
	}
	found, failure := checkout.Findings(c.Context, p, gens)
	return writeFindings(c, format, "check", fmt.Sprintf("%d target(s) up to date", len(gens)), found, failure)
}
