package app

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"syscall"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/validate"
)

// openSuite returns the file system of the suite in dir, or the embedded
// suite when dir is "". A suite that cannot be opened is a suite problem
// (exit 1), said in plain words with its path.
func openSuite(dir string) (fs.FS, error) {
	if dir == "" {
		return conformance.FS, nil
	}
	d, err := model.DirFS(dir)
	if err != nil {
		return nil, problemsErr("suite %s: %s", quote.Name(dir), plainReason(err))
	}
	return d, nil
}

// plainReason says why a path cannot be used, without the system call's
// name: "does not exist", not "lstat /x: no such file or directory".
func plainReason(err error) string {
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

// loadSuite reads and fully validates the suite in dir: a suite that
// validate rejects never reaches generated tests. Warnings go to stderr;
// errors are listed there too and make the command exit 1.
func loadSuite(dir string, stderr io.Writer) (*model.Suite, error) {
	fsys, err := openSuite(dir)
	if err != nil {
		return nil, err
	}
	s, problems := validate.Suite(fsys)
	printProblems(stderr, problems)
	if errs := problems.Errors(); len(errs) > 0 {
		return nil, problemsErr("%s has %d problem(s); run bqgen validate", suiteName(dir), len(errs))
	}
	return s, nil
}

func printProblems(w io.Writer, problems model.Problems) {
	for _, p := range problems {
		fmt.Fprintln(w, quote.Text(p.String()))
	}
}

func suiteName(dir string) string {
	if dir == "" {
		return "the embedded suite"
	}
	return "suite " + quote.Name(dir)
}
