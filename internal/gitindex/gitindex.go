// Package gitindex answers one question without running git: does the
// repository a directory lies in track a file at or below a path? It
// finds the repository as git does (the nearest .git directory above, or
// a .git file naming the git directory: a worktree, a submodule), and
// reads its index (the staging area: versions 2, 3 and 4, SHA-1 or
// SHA-256, a split index's shared part) in one linear pass, bounded in
// size. Where there is no repository or no index, nothing is tracked: that
// is no evidence either way, and the caller decides what it means.
package gitindex

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/internal/portable"
)

// MaxIndexBytes bounds the index read: far above the index of the largest
// repositories (a few hundred MiB for millions of files).
const MaxIndexBytes = 1 << 30

// Tracked returns the first of rels (slash paths below dir) that the index
// of the repository enclosing dir tracks, a file at it or below it, ""
// when none is tracked or dir is in no repository with an index. Paths
// compare as portable.Key does: a checkout on a file system that ignores
// case or normalization tracks what git lists in another spelling.
func Tracked(dir string, rels ...string) (string, error) {
	repo, err := find(dir)
	if err != nil || repo == nil {
		return "", err
	}
	keys := make([]string, len(rels))
	for i, rel := range rels {
		keys[i] = portable.Key(path.Join(repo.prefix, rel))
	}
	found := ""
	match := func(name string) bool {
		for i, key := range keys {
			if covers(portable.Key(name), key) {
				found = rels[i]
				return true
			}
		}
		return false
	}
	if err := repo.scan(match); err != nil {
		return "", err
	}
	return found, nil
}

// covers reports whether the index entry name tracks target: it is the
// file, a file below it, or a sparse index's directory entry ("dir/")
// holding it.
func covers(name, target string) bool {
	return name == target || strings.HasPrefix(name, target+"/") ||
		strings.HasSuffix(name, "/") && strings.HasPrefix(target+"/", name)
}

// repository is where a directory's repository keeps its index.
type repository struct {
	gitDir  string
	prefix  string // the directory, as a slash path below the worktree's root ("" at the root)
	hashLen int    // 20 (SHA-1) or 32 (SHA-256)
}

// find is the repository enclosing dir (its real path), nil when none.
func find(dir string) (*repository, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	for top := real; ; top = filepath.Dir(top) {
		gitDir, err := gitDirAt(top)
		if err != nil {
			return nil, err
		}
		if gitDir != "" {
			rel, err := filepath.Rel(top, real)
			if err != nil {
				return nil, err
			}
			prefix := filepath.ToSlash(rel)
			if prefix == "." {
				prefix = ""
			}
			return &repository{gitDir: gitDir, prefix: prefix, hashLen: hashLen(gitDir)}, nil
		}
		if filepath.Dir(top) == top {
			return nil, nil
		}
	}
}

// gitDirAt is the git directory of a worktree whose root is top, "" when
// top holds no .git.
func gitDirAt(top string) (string, error) {
	dotGit := filepath.Join(top, ".git")
	info, err := os.Stat(dotGit)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", err
	case info.IsDir():
		return dotGit, nil
	case !info.Mode().IsRegular():
		return "", nil
	}
	line, err := firstLine(dotGit)
	if err != nil {
		return "", err
	}
	gitDir, ok := strings.CutPrefix(line, "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s is a file without a \"gitdir:\" line", dotGit)
	}
	gitDir = filepath.FromSlash(strings.TrimSpace(gitDir))
	if !filepath.IsAbs(gitDir) {
		gitDir = filepath.Join(top, gitDir)
	}
	return gitDir, nil
}

// firstLine reads the first line of a small file git wrote (.git,
// commondir), without its line end; at most 4 KiB of it.
func firstLine(name string) (string, error) {
	f, err := openRegular(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 4096))
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSuffix(line, "\r"), nil
}

// hashLen is the length of an object id in the repository: 32 where its
// config says extensions.objectformat = sha256, else 20. A worktree's
// config is its common directory's.
func hashLen(gitDir string) int {
	common := gitDir
	if line, err := firstLine(filepath.Join(gitDir, "commondir")); err == nil && line != "" {
		common = filepath.FromSlash(line)
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	f, err := openRegular(filepath.Join(common, "config"))
	if err != nil {
		return 20
	}
	defer f.Close()
	lines := bufio.NewScanner(io.LimitReader(f, 1<<20))
	for lines.Scan() {
		key, value, ok := strings.Cut(strings.ToLower(strings.Join(strings.Fields(lines.Text()), "")), "=")
		if ok && key == "objectformat" && value == "sha256" {
			return 32
		}
	}
	return 20
}

// scan calls match with each path the index lists (and its shared index,
// for a split one) until match returns true.
func (r *repository) scan(match func(string) bool) error {
	shared, err := r.scanFile(filepath.Join(r.gitDir, "index"), match)
	if err != nil || shared == "" {
		return err
	}
	_, err = r.scanFile(filepath.Join(r.gitDir, "sharedindex."+shared), match)
	return err
}

// scanFile reads one index file; shared is the name of the shared index a
// split index links to, "" when none. A missing file lists nothing.
func (r *repository) scanFile(name string, match func(string) bool) (shared string, err error) {
	f, err := openRegular(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() || info.Size() > MaxIndexBytes {
		return "", fmt.Errorf("the git index %s is not a regular file of at most %d MiB", name, MaxIndexBytes>>20)
	}
	shared, err = parse(bufio.NewReaderSize(f, 1<<16), info.Size(), r.hashLen, match)
	if err != nil {
		return "", fmt.Errorf("the git index %s: %w", name, err)
	}
	return shared, nil
}

// openRegular opens a file of the git directory once it has seen a regular
// file there: a FIFO put in its place would hang the open.
func openRegular(name string) (*os.File, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	return os.Open(name)
}
