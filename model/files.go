package model

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"
)

// fileSet reads the files of a suite from an fs.FS, once each, and parses
// the JSON ones. The embedded suite and a directory go through the same code.
type fileSet struct {
	fsys     fs.FS
	files    map[string]*SuiteFile
	failed   map[string]error // files that could not be read, reported once
	total    *suiteTotal
	problems Problems
}

// vendoredDirs are the directories whose whole content is part of a suite.
var vendoredDirs = []string{"fixtures", "schema"}

func newFileSet(fsys fs.FS) *fileSet {
	return &fileSet{fsys: fsys, files: map[string]*SuiteFile{}, failed: map[string]error{}, total: newSuiteTotal()}
}

// The limits of a suite's files (see also MaxDepth and MaxStringBytes).
const (
	// MaxFileBytes is the largest suite file.
	MaxFileBytes = 16 << 20
	// MaxFiles is how many files the vendored directories may hold.
	MaxFiles = 10000
)

// readLimited reads a regular file, refusing one over limit bytes (at
// most MaxFileBytes) before reading more than that. A suite on disk is read
// through safefile (see guardedDir.readFile); the embedded suite is
// bqgen's own.
func readLimited(fsys fs.FS, p string, limit int64) ([]byte, error) {
	if g, ok := fsys.(guardedDir); ok {
		return g.readFile(p, suiteFileKind(limit))
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := checkRegular(f); err != nil {
		return nil, &fs.PathError{Op: "read", Path: p, Err: err}
	}
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: p, Err: err}
	}
	if kind := suiteFileKind(limit); int64(len(raw)) > kind.Limit {
		return nil, &fs.PathError{Op: "read", Path: p, Err: fmt.Errorf("larger than %s, the limit for %s", sizeWords(kind.Limit), kind.Name)}
	}
	return raw, nil
}

// readTree reads every regular file below the vendored directories.
func (fset *fileSet) readTree() {
	for _, dir := range vendoredDirs {
		if fset.total.crossed() {
			return // said once, at the file that crossed it
		}
		err := fs.WalkDir(fset.fsys, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == dir && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				fset.fail(p, "cannot read: %v", err)
				return nil
			}
			if d.IsDir() {
				return nil
			}
			if len(fset.files) >= MaxFiles {
				fset.fail(dir, "holds more than %d files, the limit for a suite", MaxFiles)
				return fs.SkipAll
			}
			if _, err := fset.read(p); err != nil {
				fset.fail(p, "%s", readFailure(err))
			}
			if fset.total.crossed() {
				return fs.SkipAll
			}
			return nil
		})
		if err != nil {
			fset.fail(dir, "cannot read: %v", err)
		}
	}
}

// read loads one file, remembering failures as problems.
func (fset *fileSet) read(p string) (*SuiteFile, error) {
	if f, ok := fset.files[p]; ok {
		return f, nil
	}
	if err, ok := fset.failed[p]; ok {
		return nil, err
	}
	if err := checkSuiteFileName(p); err != nil {
		fset.failed[p] = &nameError{err}
		return nil, fset.failed[p]
	}
	raw, err := fset.readCounted(p)
	if err != nil {
		fset.failed[p] = err
		return nil, err
	}
	f := &SuiteFile{Path: p, Raw: raw}
	if strings.HasSuffix(p, ".json") {
		fset.parse(f)
	}
	fset.files[p] = f
	return f, nil
}

func (fset *fileSet) parse(f *SuiteFile) {
	v, err := Parse(f.Raw)
	if err == nil {
		f.JSON = &v
		return
	}
	var pe *ParseError
	if errors.As(err, &pe) && pe.Line > 0 {
		fset.problems = append(fset.problems, Problem{Severity: Error, File: f.Path, Line: pe.Line, Column: pe.Column, Message: "invalid JSON: " + pe.Msg})
		return
	}
	if errors.As(err, &pe) {
		fset.problems = append(fset.problems, Problem{Severity: Error, File: f.Path, Pointer: pe.Pointer.String(), Message: pe.Msg})
		return
	}
	fset.fail(f.Path, "invalid JSON: %v", err)
}

// require makes sure a referenced file exists and is read.
func (fset *fileSet) require(p string) error {
	if _, err := fset.read(p); err != nil {
		if errors.Is(err, ErrEscapesSuite) {
			return fmt.Errorf("file %q leaves the suite through a symbolic link", p)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("file %q does not exist in the suite", p)
		}
		return fmt.Errorf("file %q %s", p, readFailure(err))
	}
	return nil
}

// nameError is a suite file refused for its name (see checkSuiteFileName),
// before it is opened.
type nameError struct{ reason error }

func (e *nameError) Error() string { return "refused: " + e.reason.Error() }

// readFailure says why a file could not be read, in words that follow its
// name: "refused: ...", or "cannot be read: ...".
func readFailure(err error) string {
	var ne *nameError
	var te *totalError
	switch {
	case errors.As(err, &ne):
		return ne.Error()
	case errors.As(err, &te):
		return te.Error()
	}
	return "cannot be read: " + unwrapPathError(err).Error()
}

func (fset *fileSet) fail(p string, format string, args ...any) {
	fset.problems = append(fset.problems, Problem{Severity: Error, File: p, Message: fmt.Sprintf(format, args...)})
}

// sorted returns the files in path order, for deterministic vendoring.
func (fset *fileSet) sorted() []SuiteFile {
	paths := make([]string, 0, len(fset.files))
	for p := range fset.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := make([]SuiteFile, len(paths))
	for i, p := range paths {
		out[i] = *fset.files[p]
	}
	return out
}

// checkRegular refuses an open file that is not a regular file: a named
// pipe or a device would block the read or never end.
func checkRegular(f fs.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	return regularMode(info.Mode())
}

// regularMode says why a file of mode m is not read as a suite file, or
// returns nil for a regular file.
func regularMode(m fs.FileMode) error {
	switch {
	case m.IsRegular():
		return nil
	case m&fs.ModeNamedPipe != 0:
		return errors.New("a named pipe, not a regular file")
	case m&fs.ModeDevice != 0:
		return errors.New("a device, not a regular file")
	case m&fs.ModeSocket != 0:
		return errors.New("a socket, not a regular file")
	case m.IsDir():
		return errors.New("a directory, not a regular file")
	}
	return errors.New("not a regular file")
}

// filePaths returns the paths of files, in their order.
func filePaths(files []SuiteFile) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
