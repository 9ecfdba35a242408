// Package diag renders what a command found — problems with a file and a
// place — for people (text), for programs (JSON, a documented and
// versioned shape) and for GitHub Actions (workflow commands that annotate
// the file and line in a pull request).
package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
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
// null), so a reader needs no special case.
func WriteJSON(w io.Writer, r Report) error {
	r.Version = SchemaVersion
	if r.Diagnostics == nil {
		r.Diagnostics = []Diagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteGitHub writes each diagnostic as a workflow command
// (`::error file=F,line=L,col=C,title=T::message`), then the summary as a
// notice. GitHub's escaping is applied to every value, so a message cannot
// end the command or start another.
func WriteGitHub(w io.Writer, r Report) error {
	for _, d := range r.Diagnostics {
		var props []string
		if d.File != "" {
			props = append(props, "file="+escapeProperty(d.File))
			if d.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", d.Line))
				if d.Column > 0 {
					props = append(props, fmt.Sprintf("col=%d", d.Column))
				}
			}
		}
		props = append(props, "title="+escapeProperty("bqgen "+r.Command+": "+d.Kind))
		msg := d.Message
		if d.Pointer != "" {
			msg = d.Pointer + ": " + msg
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", d.Severity, strings.Join(props, ","), escapeData(msg)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "::notice title=%s::%s\n", escapeProperty("bqgen "+r.Command), escapeData(r.Summary))
	return err
}

// escapeData is GitHub's escaping of a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty is GitHub's escaping of a property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
