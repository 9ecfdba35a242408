// Package app is bqgen's command line: flags, dispatch, exit codes and
// printing; the work is the packages' it calls. Tests drive it through Run.
package app

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/babelqueue/bqgen/internal/cliusage"
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/languages"
	"github.com/babelqueue/bqgen/plan"
	"github.com/urfave/cli/v2"
)

// Run runs bqgen with args (args[0] is the program name) and returns the exit
// code: 0 success, 1 problems found, 2 usage error. Everything it prints,
// on stdout and stderr, passes the text gate (quote.Gate), put in front
// of both here, once, for every command and format.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := quote.Gates(stdout, stderr)
	defer out.Flush()
	defer errOut.Flush()
	// urfave/cli appends its package-level HelpFlag and VersionFlag to every
	// app and writes to them while parsing, so two apps must not parse at
	// once. bqgen runs one app per process; tests run many in parallel.
	cliGlobals.Lock()
	defer cliGlobals.Unlock()
	a := newApp(stdin, out, errOut)
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
	writeFailureReport(out, a, args, err)
	console.Label(errOut, console.ColorOn(errOut), console.Red, "bqgen:")
	fmt.Fprintln(errOut, "", quote.Text(err.Error()))
	return codeOf(err)
}

// Main runs bqgen as a process: Run, with the signals turned into the end of
// its context. cmd/bqgen calls it; tests call Run.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := quote.Gates(stdout, stderr)
	return critical.Run(func(ctx context.Context) int { return Run(ctx, args, stdin, out, errOut) }, func() int {
		fmt.Fprintln(errOut, "bqgen: interrupted")
		errOut.Flush()
		return exitInterrupted
	})
}

// interrupted is the error of a command whose run was interrupted, checked
// between its steps, or nil.
func interrupted(c *cli.Context) error {
	if c.Context.Err() != nil {
		return interruptedErr("interrupted; nothing was written")
	}
	return nil
}

// cliGlobals guards urfave/cli's package-level flags (see Run).
var cliGlobals sync.Mutex

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	a := &cli.App{
		Name:      "bqgen",
		Usage:     "generate native BabelQueue conformance tests for every SDK language, and prove them",
		UsageText: "bqgen --lang LANG --out DIR [--suite DIR] [--package NAME] [--vendor DIR] [--blocks LIST] [--adopt]   (same as bqgen generate)\nbqgen generate|check   (every target of bqgen.yaml)\nbqgen init|check|diff|scaffold|cases|validate|verify|report|oracle serve|version|help|completion [flags]",
		// bqgen's --version is its own (versionFlag): urfave/cli's prints
		// only a version string.
		HideVersion: true,
		Reader:      stdin,
		Writer:      stdout,
		ErrWriter:   stderr,
		Flags:       append(append(writeFlags(), versionFlag(), rootHelpFlag()), verbosityFlags()...),
		Action: func(c *cli.Context) error {
			if c.Bool("help") {
				return cli.ShowAppHelp(c)
			}
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
			generateCommand(), checkCommand(), versionCommand(), scaffoldCommand(), casesCommand(), initCommand(), validateCommand(), deriveCommand(), verifyCommand(), oracleCommand(), reportCommand(), baselineCommand(), diffCommand(),
			completionCommand(), helpCommand(),
		},
		// urfave/cli calls os.Exit from its default handler; Run owns exiting.
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    cliusage.OnUsageError,
		HideHelpCommand: true,
	}
	// help and completion take arguments: a command's name, a shell's.
	takesArgs := func(name string) bool { return name == "help" || name == "completion" }
	cliusage.Strict(a.Commands, a.Name, takesArgs, func(path string) []cli.Flag {
		if speaks(path) {
			return verbosityFlags()
		}
		return nil
	})
	return a
}

func suiteFlag() cli.Flag {
	return &cli.StringFlag{Name: "suite", Usage: "conformance suite `DIR` (default: the suite embedded in bqgen)"}
}

// planRequest is the run c's flags ask for, as package plan reads it.
func planRequest(c *cli.Context) plan.Request {
	name := ""
	if c.Command != nil {
		name = c.Command.Name
	}
	return plan.Request{Command: name, Flags: c, Backends: Backends(), Stderr: c.App.ErrWriter}
}

// The exit codes and their errors are package exitcode's, so that the
// packages the commands call can choose them too.
const (
	exitOK          = exitcode.OK
	exitInterrupted = exitcode.Interrupted
)

var (
	usageErr       = exitcode.Usagef
	problemsErr    = exitcode.Problemsf
	interruptedErr = exitcode.Interruptedf
	codeOf         = exitcode.Of
)

// Backends and Toolchains are package languages': every language bqgen
// generates, and the toolchain that runs each one's tests.
var (
	Backends   = languages.Backends
	Toolchains = languages.Toolchains
)
