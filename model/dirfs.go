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
	real, info, err := g.stat("open", name)
	if err != nil {
		return nil, err
	}
	// Opening a named pipe blocks until a writer comes, so the kind of
	// file is checked before the open (the reader checks it again after).
	if !info.IsDir() {
		if err := regularMode(info.Mode()); err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	return os.Open(real)
}

// Stat is what name's real path holds, without opening it (the suite's
// total asks a file's size before reading it).
func (g guardedDir) Stat(name string) (fs.FileInfo, error) {
	_, info, err := g.stat("stat", name)
	return info, err
}

// stat resolves name to its real path, which must stay inside the suite,
// and says what is there.
func (g guardedDir) stat(op, name string) (string, fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return "", nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	real, err := filepath.EvalSymlinks(filepath.Join(g.root, filepath.FromSlash(name)))
	if err != nil {
		return "", nil, &fs.PathError{Op: op, Path: name, Err: unwrapPathError(err)}
	}
	if real != g.root && !strings.HasPrefix(real, g.root+string(filepath.Separator)) {
		return "", nil, &fs.PathError{Op: op, Path: name, Err: ErrEscapesSuite}
	}
	info, err := os.Stat(real)
	if err != nil {
		return "", nil, &fs.PathError{Op: op, Path: name, Err: unwrapPathError(err)}
	}
	return real, info, nil
}

// readFile reads the file name of the suite through safefile: its real
// path (links inside the suite are the suite's own) must stay inside the
// suite, and the file there is read as every untrusted file is: a regular
// file, opened without waiting, at most kind.Limit bytes, within a deadline.
func (g guardedDir) readFile(name string, kind safefile.Kind) ([]byte, error) {
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
	data, err := safefile.ReadIn(g.root, rel, kind)
	var se *safefile.Error
	if errors.As(err, &se) {
		err = se.Err
	}
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// suiteFileKind is a suite's file as safefile reads it: at most limit bytes,
// MaxFileBytes or, when less, what the suite's total leaves.
func suiteFileKind(limit int64) safefile.Kind {
	if limit < MaxFileBytes {
		return safefile.Kind{Name: "a suite file, within what is left of the suite's total", Limit: max(limit, 0)}
	}
	return safefile.Kind{Name: safefile.Fixture.Name, Limit: MaxFileBytes}
}
