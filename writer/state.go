package writer

import (
	"errors"
	"fmt"
)

// bqgen's state in an out dir (its ledgers and journal) arrives in pull
// requests like any other file of the checkout, so it is read as input
// that may be hostile: parsed strictly, bounded, and refused with the file
// and the line when it breaks a rule, before anything is touched.

// maxStateFile bounds a ledger or journal, as the suite's own files are
// bounded: far above what ten thousand fixtures need.
const maxStateFile = 16 << 20

// lineError is a rule a state file breaks, at a line.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

func lineErr(line int, format string, args ...any) error {
	return &lineError{line: line, msg: fmt.Sprintf(format, args...)}
}

// inFile names the file (and the line) where err was found.
func inFile(name string, err error) error {
	var le *lineError
	if errors.As(err, &le) {
		return fmt.Errorf("%s:%d: %s", name, le.line, le.msg)
	}
	return fmt.Errorf("%s: %w", name, err)
}
