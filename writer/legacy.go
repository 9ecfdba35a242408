package writer

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Older bqgen versions staged files beside their targets, as
// ".bqgen-new-*" (a new content) and ".bqgen-old-NAME" (NAME's old content);
// a run killed mid-way left them there, where PHPUnit and javac pick them
// up. sweepLegacyLitter clears them from every directory an out dir's
// ledgers mention: a new content is deleted, an old one is put back where
// its file is missing and deleted otherwise.
func sweepLegacyLitter(root string) error {
	dirs, err := ledgerDirs(root)
	if err != nil {
		return err
	}
	for dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue // a directory that is gone holds no litter
		}
		for _, e := range entries {
			if err := sweepEntry(dir, e.Name()); err != nil {
				return err
			}
		}
	}
	return nil
}

func sweepEntry(dir, name string) error {
	switch {
	case strings.HasPrefix(name, ".bqgen-new-"):
		return ignoreMissing(os.Remove(filepath.Join(dir, name)))
	case strings.HasPrefix(name, ".bqgen-old-"):
		backup, target := filepath.Join(dir, name), filepath.Join(dir, strings.TrimPrefix(name, ".bqgen-old-"))
		if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
			return os.Rename(backup, target)
		}
		return ignoreMissing(os.Remove(backup))
	}
	return nil
}

// ledgerDirs are the directories of every path in the out dir's ledgers.
func ledgerDirs(root string) (map[string]bool, error) {
	ledgers, err := filepath.Glob(filepath.Join(root, stateDir, "*.files"))
	if err != nil {
		return nil, err
	}
	dirs := map[string]bool{}
	for _, path := range ledgers {
		lang := strings.TrimSuffix(filepath.Base(path), ".files")
		l, err := readLedger(root, lang)
		if err != nil {
			return nil, err
		}
		for p := range l {
			dirs[filepath.Dir(diskPath(root, p))] = true
		}
	}
	return dirs, nil
}
