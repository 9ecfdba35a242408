package app

import (
	"io"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check that a suite is well-formed and agrees with the oracle (exit 1 lists every problem)",
		UsageText: "bqgen validate [--suite DIR] [--format text|json|github|md]",
		Flags:     []cli.Flag{suiteFlag(), formatFlag()},
		Action:    runValidate,
	}
}

func runValidate(c *cli.Context) error {
	format, err := diagFormat(c)
	if err != nil {
		return err
	}
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	suiteDir := c.String("suite")
	fsys, err := validate.Open(suiteDir)
	if err != nil {
		return err
	}
	s, problems := validate.Suite(fsys)
	errs := problems.Errors()
	summary := validate.Summary(suiteDir, s, len(errs))
	if format == "text" {
		validate.PrintProblems(c.App.ErrWriter, problems)
		if len(errs) > 0 {
			return problemsErr("%s", summary)
		}
		for _, id := range validate.BlockCounts(s) {
			o.Detail("%s", id)
		}
		o.Note("%s", summary)
		return nil
	}
	var failure error // the findings are on stdout; stderr says why the exit is 1
	if len(errs) > 0 {
		failure = problemsErr("%s", summary)
	}
	return writeFindings(c, format, "validate", summary, validate.Diagnostics(s, suiteDir, problems), failure)
}

// formatFlag is --format for the commands whose findings have a file and a
// place: text for people, json for programs, github for annotations.
func formatFlag() cli.Flag {
	return &cli.StringFlag{Name: "format", Value: "text",
		Usage: "`FORMAT` of the findings: " + strings.Join(findingsFormats, ", ") + " (json: docs/formats.md; github: workflow-command annotations on each file and line; md: a table for a CI job's summary)"}
}

func diagFormat(c *cli.Context) (string, error) {
	f := c.String("format")
	if !slices.Contains(findingsFormats, f) {
		return "", usageErr("--format %q is not one of %s", f, strings.Join(findingsFormats, ", "))
	}
	return f, nil
}

// writeFindings writes a command's findings in format (json or github) to
// standard output and returns failure, the error to exit with: its message
// is the summary, else ok says what the command found.
func writeFindings(c *cli.Context, format, command, ok string, found []diag.Diagnostic, failure error) error {
	if format == "github" {
		found = diag.MapFiles(found, fromWorkspace())
	}
	r := diag.Report{Command: command, OK: failure == nil, Summary: ok, Diagnostics: found}
	if failure != nil {
		r.Summary = failure.Error()
	}
	write := func(w io.Writer, r diag.Report) error { return diag.Write(w, format, r) }
	if format == "md" {
		write = writeFindingsMarkdown
	}
	if err := write(c.App.Writer, r); err != nil {
		return err
	}
	if failure != nil {
		return reported{failure} // the findings are out: no failure report is owed
	}
	return nil
}
