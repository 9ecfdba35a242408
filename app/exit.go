package app

import (
	"errors"
	"fmt"
)

// Exit codes, as every command documents them.
const (
	exitOK       = 0
	exitProblems = 1 // the suite, the out dir or the generated tests have problems
	exitUsage    = 2 // bad flags
	// exitInterrupted is a run ended by SIGINT or SIGTERM, undone first
	// (128 + SIGINT, as shells report Ctrl-C).
	exitInterrupted = 130
)

// exitError carries an exit code to Run; its message goes to stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

func interruptedErr(format string, args ...any) error {
	return &exitError{code: exitInterrupted, msg: fmt.Sprintf(format, args...)}
}

func problemsErr(format string, args ...any) error {
	return &exitError{code: exitProblems, msg: fmt.Sprintf(format, args...)}
}

// codeOf maps an error to the exit code; unclassified errors are failures
// of the run itself (I/O, a toolchain that crashed) and exit 1.
func codeOf(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitProblems
}
