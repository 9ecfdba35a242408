package oracle

import (
	"errors"
	"fmt"
)

// argError is an invalid argument: the caller's mistake rather than the
// operation's failure. Serve answers it with code bad_request.
type argError struct {
	field string
	msg   string
}

// Error names the argument, so a client can fix its request.
func (e *argError) Error() string { return "args." + e.field + ": " + e.msg }

// badArg builds an argError for field.
func badArg(field, format string, a ...any) error {
	return &argError{field: field, msg: fmt.Sprintf(format, a...)}
}

// isArgError reports whether err is, or wraps, an argError.
func isArgError(err error) bool {
	var ae *argError
	return errors.As(err, &ae)
}
