// Package console is how bqgen's commands speak. A command's product (a
// report, a diff, a scaffold, case ids) is always printed; notes (what was
// written, "up to date") unless quiet; details (each file, each run) only
// when verbose; warnings and errors always, on standard error. Colour only
// where the stream is a terminal, and never with NO_COLOR set.
package console

import (
	"fmt"
	"io"
	"os"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Output is where and how much a command says.
type Output struct {
	Out, Err       io.Writer
	Quiet, Verbose bool
	colorErr       bool
}

// New is an Output to out and err (standard output and error).
func New(out, err io.Writer, quiet, verbose bool) *Output {
	return &Output{Out: out, Err: err, Quiet: quiet, Verbose: verbose, colorErr: ColorOn(err)}
}

// Note is a line about what the command did, unless quiet.
func (o *Output) Note(format string, args ...any) {
	if !o.Quiet {
		fmt.Fprintf(o.Out, format+"\n", args...)
	}
}

// Detail is a line only verbose wants.
func (o *Output) Detail(format string, args ...any) {
	if o.Verbose {
		fmt.Fprintf(o.Out, format+"\n", args...)
	}
}

// Warn is a warning on standard error, always: text from a suite or a
// checkout is quoted where it holds control characters.
func (o *Output) Warn(msg string) {
	Label(o.Err, o.colorErr, Yellow, "warning:")
	fmt.Fprintf(o.Err, " %s\n", quote.Text(msg))
}

// The SGR colours bqgen uses.
const (
	Red    = "31"
	Yellow = "33"
)

// Label writes s, bqgen's own word, to w: in colour when on is set. The
// colour is a control sequence, which the text gate in front of w lets
// through only as quote.Control writes it.
func Label(w io.Writer, on bool, color, s string) {
	if on && s != "" {
		quote.Control(w, "\x1b["+color+"m")
	}
	io.WriteString(w, s)
	if on && s != "" {
		quote.Control(w, "\x1b[0m")
	}
}

// ColorOn reports whether w is a terminal that may be coloured: never with
// NO_COLOR set to anything (no-color.org) or TERM=dumb.
func ColorOn(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	return IsTerminal(w)
}

// IsTerminal reports whether w (or the stream the text gate w is in front
// of) is a terminal that can redraw a line (not TERM=dumb): where a long
// run may show its progress as one status line.
func IsTerminal(w io.Writer) bool {
	return quote.IsTerminal(w)
}
