package model

import (
	"fmt"
	"io/fs"

	"github.com/babelqueue/bqgen/safefile"
)

// suiteTotalLimit is the most a suite's files may hold together:
// safefile.SuiteTotal, documented with the other limits, lowered by tests
// so that a suite past it need not be gigabytes. Each name counts in full,
// as git checks it out: one 16 MiB blob committed under 200 names is 3.2 GB
// on disk, and would be in memory, however little the repository holds.
var suiteTotalLimit = safefile.SuiteTotal.Limit

// suiteTotal counts the bytes a suite's files hold as they are read, and
// refuses a file before reading it when its size would pass the limit: the
// memory a suite takes grows only up to the limit, never to its size.
type suiteTotal struct {
	limit int64
	used  int64
	// crossedAt is the file whose size would have passed the limit ("" while
	// none has): after it nothing more is read.
	crossedAt string
}

func newSuiteTotal() *suiteTotal { return &suiteTotal{limit: suiteTotalLimit} }

// totalError is a suite file refused because of the suite's total.
type totalError struct{ msg string }

func (e *totalError) Error() string { return e.msg }

// admit says whether the file p, of size bytes (-1: unknown, the read will
// say why), may be read within the total; a file that would pass it is
// refused, named, and nothing after it is read.
func (t *suiteTotal) admit(p string, size int64) error {
	if t.crossedAt != "" {
		return &totalError{fmt.Sprintf("not read: the suite's files reached %s, the limit for a whole suite, at %q", sizeWords(t.limit), t.crossedAt)}
	}
	if size < 0 || t.used+size <= t.limit {
		return nil
	}
	t.crossedAt = p
	return &totalError{fmt.Sprintf("refused: its %d bytes take the suite's files to %d bytes, past %s, the limit for a whole suite (each file counts in full under every name it has, as git checks it out)",
		size, t.used+size, sizeWords(t.limit))}
}

// fileLimit is the most the next file may hold: the per-file limit, or what
// is left of the total when less (a file that grew after admit is cut there).
func (t *suiteTotal) fileLimit() int64 { return min(MaxFileBytes, t.limit-t.used) }

// crossed reports whether a file was refused for the total.
func (t *suiteTotal) crossed() bool { return t.crossedAt != "" }

// readCounted reads p within the suite's total.
func (fset *fileSet) readCounted(p string) ([]byte, error) {
	if err := fset.total.admit(p, statSize(fset.fsys, p)); err != nil {
		return nil, err
	}
	raw, err := readLimited(fset.fsys, p, fset.total.fileLimit())
	if err != nil {
		return nil, err
	}
	fset.total.used += int64(len(raw))
	return raw, nil
}

// statSize is the size of the regular file p, or -1 when it is not one or
// cannot be looked at (the read then says why).
func statSize(fsys fs.FS, p string) int64 {
	info, err := fs.Stat(fsys, p)
	if err != nil || !info.Mode().IsRegular() {
		return -1
	}
	return info.Size()
}

// sizeWords is n bytes as MiB when it is a whole number of them, else bytes.
func sizeWords(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
