package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// sourcesWithExt lists the files under root whose name ends in ext (".py"),
// sorted, so a toolchain can compile or lint the generated sources before any
// test runs. Finding none is an error: the generated project is not there.
func sourcesWithExt(root, ext string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ext {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list %s files: %w", ext, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no %s files under %s", ext, root)
	}
	sort.Strings(files)
	return files, nil
}

// newResultFile creates an empty file in dir named after pattern (as
// os.CreateTemp takes it) for a runner to write its results into, and
// returns its path: a name of its own, since the runs of one verification
// share the directory and run concurrently.
func newResultFile(dir, pattern string) (string, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", fmt.Errorf("result file: %w", err)
	}
	return f.Name(), f.Close()
}

// copyTree copies the files under src into dst, byte for byte, making the
// directories they need. A missing src copies nothing.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == src {
			return nil
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
