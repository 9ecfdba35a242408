package validate

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
)

// Open returns the file system of the suite in dir, or the embedded suite
// when dir is "". A suite that cannot be opened is a suite problem (exit
// 1), said in plain words with its path.
func Open(dir string) (fs.FS, error) {
	if dir == "" {
		return conformance.FS, nil
	}
	d, err := model.DirFS(dir)
	if err != nil {
		return nil, exitcode.Problemsf("suite %s: %s", quote.Name(dir), safefile.PlainReason(err))
	}
	return d, nil
}

// Load reads and fully validates the suite in dir ("": the embedded one):
// a suite that validate rejects never reaches generated tests. Warnings go
// to stderr; errors are listed there too and make the command exit 1.
func Load(dir string, stderr io.Writer) (*model.Suite, error) {
	fsys, err := Open(dir)
	if err != nil {
		return nil, err
	}
	s, problems := Suite(fsys)
	PrintProblems(stderr, problems)
	if errs := problems.Errors(); len(errs) > 0 {
		return nil, exitcode.Problemsf("%s has %d problem(s); run bqgen validate", SuiteName(dir), len(errs))
	}
	return s, nil
}

// Check validates the suite in dir, as Load does, and returns how many of
// its problems are errors; every problem is printed to stderr.
func Check(dir string, stderr io.Writer) (errs int, err error) {
	fsys, err := Open(dir)
	if err != nil {
		return 0, err
	}
	_, problems := Suite(fsys)
	PrintProblems(stderr, problems)
	return len(problems.Errors()), nil
}

// PrintProblems writes each problem on a line of its own, quoted where the
// suite's text holds control characters.
func PrintProblems(w io.Writer, problems model.Problems) {
	for _, p := range problems {
		fmt.Fprintln(w, quote.Text(p.String()))
	}
}

// SuiteName names the suite in dir in messages.
func SuiteName(dir string) string {
	if dir == "" {
		return "the embedded suite"
	}
	return "suite " + quote.Name(dir)
}
