package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/babelqueue/bqgen/diag"
	"github.com/urfave/cli/v2"
)

// checkFindings is where check says what it found. With --format text, the
// diffs and problems go to standard output, warnings to standard error, as
// they always have; with json or github both streams of text are dropped
// and every finding is collected for the one report on standard output.
type checkFindings struct {
	c        *cli.Context
	format   string
	o        *output
	out, err io.Writer // text's streams (io.Discard with json or github)
	found    []diag.Diagnostic
}

func newCheckFindings(c *cli.Context, format string, o *output) *checkFindings {
	f := &checkFindings{c: c, format: format, o: o, out: c.App.Writer, err: c.App.ErrWriter}
	if format != "text" {
		f.out, f.err = io.Discard, io.Discard
		quiet := *o
		quiet.out, quiet.quiet, quiet.verbose = io.Discard, true, false
		f.o = &quiet
	}
	return f
}

// problem is an error without a file of its own: printed on standard output
// by text, a finding otherwise.
func (f *checkFindings) problem(kind, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintln(f.out, msg)
	f.add(diag.Diagnostic{Severity: diag.Error, Kind: kind, Message: msg})
}

// advice is a warning text printed on standard error itself.
func (f *checkFindings) advice(kind, msg string) {
	f.add(diag.Diagnostic{Severity: diag.Warning, Kind: kind, Message: msg})
}

// scaffold records a scaffold audit's findings: an error where the mapping
// breaks the SDK's build, a warning otherwise.
func (f *checkFindings) scaffold(a scaffoldAudit) {
	for _, m := range a.messages {
		sev := diag.Warning
		if strings.HasPrefix(m, "error: ") {
			sev = diag.Error
		}
		f.add(diag.Diagnostic{Severity: sev, Kind: "scaffold", Message: strings.TrimPrefix(strings.TrimPrefix(m, "error: "), "warning: ")})
	}
}

func (f *checkFindings) add(ds ...diag.Diagnostic) {
	if f.format != "text" {
		f.found = append(f.found, ds...)
	}
}

// finish ends check: with text, failure is the error to exit with; with
// json or github the report comes first, its summary the failure's message
// or how many targets are up to date.
func (f *checkFindings) finish(targets int, failure error) error {
	if f.format == "text" {
		return failure
	}
	summary := fmt.Sprintf("%d target(s) up to date", targets)
	if failure != nil {
		summary = failure.Error()
	}
	if err := writeDiag(f.c, f.format, diag.Report{Command: "check", OK: failure == nil, Summary: summary, Diagnostics: f.found}); err != nil {
		return err
	}
	return failure
}
