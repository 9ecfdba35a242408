package model

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
