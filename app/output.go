package app

import (
	"fmt"
	"io"
	"os"

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/urfave/cli/v2"
)

// output is how a command speaks. Its product (a report, a diff, a scaffold,
// case ids) is always printed; notes (what was written, "up to date") unless
// --quiet; details (each file, each run) only with --verbose; warnings and
// errors always, on standard error. Colour only where the stream is a
// terminal, and never with NO_COLOR set.
type output struct {
	out, err       io.Writer
	quiet, verbose bool
	colorOut       bool
	colorErr       bool
}

// verbosityFlags are --quiet and --verbose, which every command takes.
func verbosityFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only the command's product, warnings and errors"},
		&cli.BoolFlag{Name: "verbose", Usage: "also print the details: each file written or checked, each run"},
	}
}

// speaks reports whether the command (its path, "bqgen check") says what
// it did besides its product, and so takes --quiet and --verbose. help,
// completion and oracle serve print only their product.
func speaks(command string) bool {
	switch command {
	case "bqgen help", "bqgen completion", "bqgen oracle", "bqgen oracle serve":
		return false
	}
	return true
}

// outputOf is c's output, from its flags; --quiet with --verbose is a
// usage error.
func outputOf(c *cli.Context) (*output, error) {
	o := &output{out: c.App.Writer, err: c.App.ErrWriter, quiet: c.Bool("quiet"), verbose: c.Bool("verbose")}
	if o.quiet && o.verbose {
		return nil, usageErr("--quiet and --verbose exclude each other")
	}
	o.colorOut, o.colorErr = colorOn(o.out), colorOn(o.err)
	return o, nil
}

// Note is a line about what the command did, unless --quiet.
func (o *output) Note(format string, args ...any) {
	if !o.quiet {
		fmt.Fprintf(o.out, format+"\n", args...)
	}
}

// Detail is a line only --verbose wants.
func (o *output) Detail(format string, args ...any) {
	if o.verbose {
		fmt.Fprintf(o.out, format+"\n", args...)
	}
}

// Warn is a warning on standard error, always: text from a suite or a
// checkout is quoted where it holds control characters.
func (o *output) Warn(msg string) {
	fmt.Fprintf(o.err, "%s %s\n", paint(o.colorErr, yellow, "warning:"), quote.Text(msg))
}

// The SGR colours bqgen uses.
const (
	red    = "31"
	green  = "32"
	yellow = "33"
	cyan   = "36"
)

// paint is s in colour when on is set.
func paint(on bool, color, s string) string {
	if !on || s == "" {
		return s
	}
	return "\x1b[" + color + "m" + s + "\x1b[0m"
}

// colorOn reports whether w is a terminal that may be coloured: never with
// NO_COLOR set to anything (no-color.org) or TERM=dumb.
func colorOn(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a terminal that can redraw a line (not
// TERM=dumb).
func isTerminal(w io.Writer) bool {
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
