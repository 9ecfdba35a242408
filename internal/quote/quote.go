// Package quote is bqgen's text gate: everything bqgen prints passes it.
// Names that come from a suite or a checkout — file names, case names,
// paths from bqgen.yaml — are quoted so that no hidden character (Hidden)
// in them reaches a terminal: a name that prints as it is stays as it is,
// any other is printed as a Go string literal, as git quotes unusual paths.
// Messages keep their own line breaks (Text), values inside them show
// theirs (Value); the Gate in front of standard output and standard error
// shows whatever hidden character is left and keeps any line from reading
// as a GitHub workflow command bqgen did not mean (Gate.Command). JSON and
// workflow commands have escapings of their own here (JSON, Command).
package quote

import (
	"strconv"
)

// Name is s unchanged when nothing in it is hidden and strconv.Quote would
// escape nothing in it, and s quoted otherwise: "\x1b[31mred.json", "a\nb",
// "" all come out quoted, README.md does not.
func Name(s string) string {
	q := strconv.Quote(s)
	if s != "" && q[1:len(q)-1] == s && !needsEscape(s, false) {
		return s
	}
	// strconv leaves the hidden characters it counts as printable (a
	// Hangul filler, a variation selector) as they are.
	return escape(q, false)
}

// Text is a message that may hold names already formatted into it: every
// hidden character is escaped as in a Go string, except newlines and tabs,
// which a message uses for its own layout. It is the last line of defence
// for errors from packages that print names as they are.
func Text(s string) string {
	return escape(s, true)
}
