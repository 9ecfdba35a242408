package verify

import (
	"fmt"
	"io/fs"
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
