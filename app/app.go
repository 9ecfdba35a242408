// Package app is bqgen's command line: flags, commands and exit codes. It is
// driven in-process by tests through Run.
package app

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/babelqueue/bqgen/internal/cliusage"
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/plan"
	"github.com/urfave/cli/v2"
)

// Run runs bqgen with args (args[0] is the program name) and returns the exit
// code: 0 success, 1 problems found, 2 usage error.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// urfave/cli appends its package-level HelpFlag and VersionFlag to every
	// app and writes to them while parsing, so two apps must not parse at
	// once. bqgen runs one app per process; tests run many in parallel.
	cliGlobals.Lock()
	defer cliGlobals.Unlock()
	a := newApp(stdin, stdout, stderr)
	err := a.RunContext(ctx, args)
	switch {
	case ctx.Err() == nil || codeOf(err) == exitInterrupted:
	case err == nil:
		// A signal ends a run with 130 wherever it arrived, even after the
		// run's last step: then say that nothing was undone.
		err = interruptedErr("interrupted as the run ended: it had finished, and what it wrote is complete")
	default:
		// Even when the step it interrupted failed because of it.
		err = interruptedErr("interrupted")
	}
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, console.Paint(console.ColorOn(stderr), console.Red, "bqgen:"), quote.Text(err.Error()))
	return codeOf(err)
}

// cliGlobals guards urfave/cli's package-level flags (see Run).
var cliGlobals sync.Mutex

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	a := &cli.App{
		Name:      "bqgen",
		Usage:     "generate native BabelQueue conformance tests for every SDK language, and prove them",
		UsageText: "bqgen --lang LANG --out DIR [--suite DIR] [--package NAME] [--blocks LIST] [--adopt]   (same as bqgen generate)\nbqgen generate|check   (every target of bqgen.yaml)\nbqgen init|check|diff|scaffold|cases|validate|verify|report|oracle serve|version|help|completion [flags]",
		// bqgen's --version is its own (versionFlag): urfave/cli's prints
		// only a version string.
		HideVersion: true,
		Reader:      stdin,
		Writer:      stdout,
		ErrWriter:   stderr,
		Flags:       append(append(writeFlags(), versionFlag()), verbosityFlags()...),
		Action: func(c *cli.Context) error {
			if c.Bool("version") {
				return printVersion(c.App.Writer, "text")
			}
			if c.NArg() > 0 {
				return usageErr("unknown command %q%s (see bqgen --help)", c.Args().First(), suggest.Phrase(c.Args().First(), cliusage.CommandNames(c.App.Commands)))
			}
			if !c.IsSet("lang") && !c.IsSet("out") {
				return cli.ShowAppHelp(c)
			}
			return runGenerate(c)
		},
		Commands: []*cli.Command{
			generateCommand(), checkCommand(), versionCommand(), scaffoldCommand(), casesCommand(), initCommand(), validateCommand(), deriveCommand(), verifyCommand(), oracleCommand(), reportCommand(), diffCommand(),
			completionCommand(), helpCommand(),
		},
		// urfave/cli calls os.Exit from its default handler; Run owns exiting.
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    cliusage.OnUsageError,
		HideHelpCommand: true,
	}
	markUsageErrors(a.Commands, "bqgen")
	return a
}

// markUsageErrors makes flag errors of every command exit 2, as the root's
// do, and so are arguments where a command takes only flags.
func markUsageErrors(cmds []*cli.Command, parent string) {
	for _, c := range cmds {
		name := parent + " " + c.Name
		c.OnUsageError = cliusage.OnUsageError
		if speaks(name) {
			c.Flags = append(c.Flags, verbosityFlags()...)
		}
		if c.Name == "help" || c.Name == "completion" {
			continue // they take arguments: a command's name, a shell's
		}
		c.Action = cliusage.OnlyFlags(c.Action, name)
		markUsageErrors(c.Subcommands, name)
	}
}

func suiteFlag() cli.Flag {
	return &cli.StringFlag{Name: "suite", Usage: "conformance suite `DIR` (default: the suite embedded in bqgen)"}
}

// generateAll plans the run c's flags ask for and generates every target
// in memory; nothing is written.
func generateAll(c *cli.Context) (*plan.Run, []plan.Generated, error) {
	return plan.GenerateAll(c.Context, planRequest(c))
}

// planRequest is the run c's flags ask for, as package plan reads it.
func planRequest(c *cli.Context) plan.Request {
	name := ""
	if c.Command != nil {
		name = c.Command.Name
	}
	return plan.Request{Command: name, Flags: c, Backends: Backends(), Stderr: c.App.ErrWriter}
}
