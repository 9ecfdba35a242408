// Package exitcode holds bqgen's exit codes and the errors that carry them,
// so that the packages the command line calls can say with which code a
// failure ends the run, and the command line alone turns it into one.
package exitcode

import (
	"errors"
	"fmt"
)

// Exit codes, as every command documents them.
const (
	OK       = 0
	Problems = 1 // the suite, the out dir or the generated tests have problems
	Usage    = 2 // bad flags
	// Interrupted is a run ended by SIGINT or SIGTERM, undone first
	// (128 + SIGINT, as shells report Ctrl-C).
	Interrupted = 130
)

// Error carries an exit code to the command line; its message goes to
// standard error.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Usagef is a usage error (exit 2): a flag the run cannot take.
func Usagef(format string, args ...any) error {
	return &Error{Code: Usage, Msg: fmt.Sprintf(format, args...)}
}

// Problemsf is a problem with the input or the output (exit 1).
func Problemsf(format string, args ...any) error {
	return &Error{Code: Problems, Msg: fmt.Sprintf(format, args...)}
}

// Interruptedf is a run ended by a signal (exit 130).
func Interruptedf(format string, args ...any) error {
	return &Error{Code: Interrupted, Msg: fmt.Sprintf(format, args...)}
}

// Of maps an error to the exit code; unclassified errors are failures of
// the run itself (I/O, a toolchain that crashed) and exit 1.
func Of(err error) int {
	var ee *Error
	if errors.As(err, &ee) {
		return ee.Code
	}
	return Problems
}
