package model

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/safefile"
)

// ErrEscapesSuite is returned for a path that resolves outside the suite,
// through a symbolic link.
var ErrEscapesSuite = errors.New("resolves outside the suite")

// DirFS is the suite in a directory on disk. Unlike os.DirFS it refuses any
// file whose real path (after symbolic links) is outside the directory, so a
// suite cannot smuggle a file from elsewhere on the machine into six SDKs.
func DirFS(root string) (fs.FS, error) {
	if root == "" {
		// filepath.EvalSymlinks("") is the working directory: an unset
		// suite path must not silently become "here".
		return nil, &fs.PathError{Op: "open", Path: root, Err: errors.New("no suite directory given")}
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: root, Err: errors.New("not a directory")}
	}
	return guardedDir{root: real}, nil
}

type guardedDir struct{ root string }

func (g guardedDir) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	full := filepath.Join(g.root, filepath.FromSlash(name))
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPathError(err)}
	}
	if real != g.root && !strings.HasPrefix(real, g.root+string(filepath.Separator)) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrEscapesSuite}
	}
	// Opening a named pipe blocks until a writer comes, so the kind of
	// file is checked before the open (the reader checks it again after).
	info, err := os.Stat(real)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPathError(err)}
	}
	if !info.IsDir() {
		if err := regularMode(info.Mode()); err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	return os.Open(real)
}

// readFile reads the file name of the suite through safefile: its real
// path (links inside the suite are the suite's own) must stay inside the
// suite, and the file there is read as every untrusted file is: a regular
// file, opened without waiting, at most MaxFileBytes, within a deadline.
func (g guardedDir) readFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	real, err := filepath.EvalSymlinks(filepath.Join(g.root, filepath.FromSlash(name)))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPathError(err)}
	}
	rel, err := filepath.Rel(g.root, real)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrEscapesSuite}
	}
	data, err := safefile.ReadIn(g.root, rel, suiteFile)
	var se *safefile.Error
	if errors.As(err, &se) {
		err = se.Err
	}
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// suiteFile is a suite's file as safefile reads it.
var suiteFile = safefile.Kind{Name: safefile.Fixture.Name, Limit: MaxFileBytes}
