package app

import (
	"fmt"
	"io"
	"strconv"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/mdtext"
)

// findingsFormats are --format's values for the commands with findings:
// diag's, and md, the findings as Markdown for a CI job's summary (the
// Action's check step writes it to GITHUB_STEP_SUMMARY beside the
// annotations).
var findingsFormats = append(append([]string{}, diag.Formats...), "md")

// writeFindingsMarkdown writes r as a heading, its summary and a table of
// its findings, every value through mdtext, so a file name or message can
// neither break the table nor link or format anything.
func writeFindingsMarkdown(w io.Writer, r diag.Report) error {
	verdict := "passed"
	if !r.OK {
		verdict = "failed"
	}
	if _, err := fmt.Fprintf(w, "## bqgen %s %s\n\n%s\n", mdtext.Text(r.Command), verdict, mdtext.Text(r.Summary)); err != nil {
		return err
	}
	if len(r.Diagnostics) == 0 {
		return nil
	}
	if _, err := io.WriteString(w, "\n| severity | file | line | kind | message |\n|---|---|---|---|---|\n"); err != nil {
		return err
	}
	for _, d := range r.Diagnostics {
		line := ""
		if d.Line > 0 {
			line = strconv.Itoa(d.Line)
		}
		msg := d.Message
		if d.Pointer != "" {
			msg = d.Pointer + ": " + msg
		}
		if _, err := fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", mdtext.Text(string(d.Severity)), mdtext.Text(d.File),
			line, mdtext.Text(d.Kind), mdtext.Text(msg)); err != nil {
			return err
		}
	}
	return nil
}
