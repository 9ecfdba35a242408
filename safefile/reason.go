package safefile

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
)

// PlainReason says why a path cannot be used, without the system call's
// name: "does not exist", not "lstat /x: no such file or directory".
func PlainReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "does not exist"
	case errors.Is(err, syscall.ELOOP), strings.Contains(err.Error(), "too many links"):
		return "is a loop of symbolic links"
	case errors.Is(err, syscall.ENOTDIR), strings.Contains(err.Error(), "not a directory"):
		return "is not a directory"
	case errors.Is(err, fs.ErrPermission):
		return "cannot be read (permission denied)"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
