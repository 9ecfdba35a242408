package app

import (
	"github.com/babelqueue/bqgen/internal/exitcode"
)

// The exit codes and their errors are package exitcode's, so that the
// packages the commands call can choose them too.
const (
	exitOK          = exitcode.OK
	exitInterrupted = exitcode.Interrupted
)

var (
	usageErr       = exitcode.Usagef
	problemsErr    = exitcode.Problemsf
	interruptedErr = exitcode.Interruptedf
	codeOf         = exitcode.Of
)
