// Package diag renders what a command found — problems with a file and a
// place — for people (text), for programs (JSON, a documented and
// versioned shape) and for GitHub Actions (workflow commands that annotate
// the file and line in a pull request).
package diag

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Formats are the values of --format, in the order help lists them.
var Formats = []string{"text", "json", "github"}

// SchemaVersion is the version of the JSON shape; it changes only when a
// field is removed or changes meaning (adding one does not).
const SchemaVersion = 1

// Severity of a diagnostic.
type Severity string

// The severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Notice  Severity = "notice"
)

// Diagnostic is one thing a command found.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// File is the path as the user can open it (relative to where the
	// command ran, slash-separated), or "" when nothing names a file.
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Pointer string `json:"pointer,omitempty"` // RFC 6901 inside File's JSON
	// Kind is a short stable word a program can switch on ("invalid",
	// "stale", "missing", "edited", "in-the-way", "wiring", "scaffold", …).
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// Report is a command's whole answer in the JSON shape.
type Report struct {
	Version     int          `json:"version"`
	Command     string       `json:"command"`
	OK          bool         `json:"ok"`
	Summary     string       `json:"summary"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Write writes r in format: "json" (WriteJSON) or "github" (WriteGitHub).
func Write(w io.Writer, format string, r Report) error {
	if format == "json" {
		return WriteJSON(w, r)
	}
	return WriteGitHub(w, r)
}

// WriteJSON writes r, indented, with an empty diagnostics list as [] (never
// null), so a reader needs no special case; a hidden character in a value
// (a bidi override in a file name) is written as its \uXXXX escape.
func WriteJSON(w io.Writer, r Report) error {
	r.Version = SchemaVersion
	if r.Diagnostics == nil {
		r.Diagnostics = []Diagnostic{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(quote.JSON(buf.Bytes()))
	return err
}

// MapFiles is found with each diagnostic's file replaced by to(file): a
// command's findings with their paths as another place sees them.
func MapFiles(found []Diagnostic, to func(file string) string) []Diagnostic {
	out := make([]Diagnostic, len(found))
	for i, d := range found {
		if d.File != "" {
			d.File = to(d.File)
		}
		out[i] = d
	}
	return out
}

// WriteGitHub writes each diagnostic as a workflow command
// (`::error file=F,line=L,col=C,title=T::message`), then the summary as a
// notice. Each is written by quote.WriteCommand: in front of standard
// output, the text gate lets no other line read as a command, and every
// value is escaped (hidden characters shown, then GitHub's escaping), so a
// message cannot end the command or start another.
func WriteGitHub(w io.Writer, r Report) error {
	for _, d := range r.Diagnostics {
		var props []quote.Property
		if d.File != "" {
			props = append(props, quote.Property{Name: "file", Value: d.File})
			if d.Line > 0 {
				props = append(props, quote.Property{Name: "line", Value: strconv.Itoa(d.Line)})
				if d.Column > 0 {
					props = append(props, quote.Property{Name: "col", Value: strconv.Itoa(d.Column)})
				}
			}
		}
		props = append(props, quote.Property{Name: "title", Value: "bqgen " + r.Command + ": " + d.Kind})
		msg := d.Message
		if d.Pointer != "" {
			msg = d.Pointer + ": " + msg
		}
		if err := quote.WriteCommand(w, string(d.Severity), props, msg); err != nil {
			return err
		}
	}
	return quote.WriteCommand(w, "notice", []quote.Property{{Name: "title", Value: "bqgen " + r.Command}}, r.Summary)
}
