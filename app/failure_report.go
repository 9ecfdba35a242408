package app

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/cliusage"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/urfave/cli/v2"
)

// A command asked for a machine format (--format json or github) answers
// in it whatever happens: a run that fails before it printed its findings
// or its product — a bad flag, a bad bqgen.yaml, a suite that does not
// load — prints the one documented report (docs/formats.md) on standard
// output, with the failure as its one diagnostic; standard error still
// says why, and the exit code is the failure's.

// reportFormats are the formats in which a command owes the failure
// report: validate, check and verify's findings formats; the JSON of
// diff, report and version.
var reportFormats = map[string][]string{
	"validate": {"json", "github"}, "check": {"json", "github"}, "verify": {"json", "github"},
	"diff": {"json"}, "report": {"json"}, "version": {"json"},
}

// reported is the error of a command that printed its findings or its
// product before it failed: it owes no failure report.
type reported struct{ error }

func (r reported) Unwrap() error { return r.error }

// writeFailureReport writes, when args asked a command for a format in
// which it owes one, the failure report of err to w (standard output).
func writeFailureReport(w io.Writer, a *cli.App, args []string, err error) {
	var done reported
	if errors.As(err, &done) {
		return
	}
	command, format := requestedFormat(a, args)
	if !slices.Contains(reportFormats[command], format) {
		return
	}
	kind := "fatal"
	switch codeOf(err) {
	case exitcode.Usage:
		kind = "usage"
	case exitInterrupted:
		kind = "interrupted"
	}
	msg := err.Error()
	r := diag.Report{Command: command, Summary: msg,
		Diagnostics: []diag.Diagnostic{{Severity: diag.Error, Kind: kind, Message: msg}}}
	diag.Write(w, format, r) // standard error says why already: nothing more to say if this fails
}

// requestedFormat is the command args run (by name) and the --format they
// give it, read from the arguments as written: a run whose flags the
// parser refused still owes its report. Root flags that take a value are
// skipped with it; the last --format wins, as with the flag parser.
func requestedFormat(a *cli.App, args []string) (command, format string) {
	rest := skipFlags(a.Flags, args[1:])
	if len(rest) == 0 {
		return "", ""
	}
	cmd := cliusage.Find(a.Commands, rest[0])
	if cmd == nil {
		return "", ""
	}
	for i := 1; i < len(rest); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(rest[i], "-"), "=")
		switch {
		case rest[i] == "--":
			return cmd.Name, format
		case !strings.HasPrefix(rest[i], "-"):
			continue
		case name == "format" && hasValue:
			format = value
		case name == "format" && i+1 < len(rest):
			format, i = rest[i+1], i+1
		case !hasValue && takesValue(cmd.Flags, name):
			i++
		}
	}
	return cmd.Name, format
}

// skipFlags is args after the flags (of flags) that lead them.
func skipFlags(flags []cli.Flag, args []string) []string {
	for i := 0; i < len(args); i++ {
		if args[i] == "--" || !strings.HasPrefix(args[i], "-") {
			return args[i:]
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !hasValue && takesValue(flags, name) {
			i++
		}
	}
	return nil
}

// takesValue reports whether the flag name of flags takes a value (is not
// a boolean); a name none has takes none.
func takesValue(flags []cli.Flag, name string) bool {
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			_, isBool := f.(*cli.BoolFlag)
			return !isBool
		}
	}
	return false
}
