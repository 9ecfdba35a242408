package app

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/validate"
)

// openSuite returns the file system of the suite in dir, or the embedded
// suite when dir is "". An unreadable directory is a usage error.
func openSuite(dir string) (fs.FS, error) {
	if dir == "" {
		return conformance.FS, nil
	}
	d, err := model.DirFS(dir)
	if err != nil {
		return nil, usageErr("cannot read suite directory: %v", err)
	}
	return d, nil
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
		fmt.Fprintln(w, p.String())
	}
}

func suiteName(dir string) string {
	if dir == "" {
		return "the embedded suite"
	}
	return "suite " + dir
}
