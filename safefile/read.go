package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Error is a file bqgen refused or could not read or write, naming it.
type Error struct {
	File string // as the caller or the user named it
	Err  error
}

func (e *Error) Error() string { return quote.Name(e.File) + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// ReadIn reads rel, a slash or system path below the directory root (the
// checkout, or the directory a file of the checkout lies in). Every part
// of rel is a directory or the file itself, none a link; the file is a
// regular one with one name (no hard link) of at most kind.Limit bytes,
// read within Deadline. A file
// that is absent is an error that errors.Is(err, fs.ErrNotExist) reports.
func ReadIn(root, rel string, kind Kind) ([]byte, error) {
	rel = filepath.FromSlash(rel)
	shown := filepath.Join(root, rel)
	if !filepath.IsLocal(rel) {
		return nil, &Error{File: shown, Err: fmt.Errorf("is outside %s: bqgen reads %s only inside the checkout", quote.Name(root), kind.Name)}
	}
	data, err := readBelow(root, rel, kind)
	if err != nil {
		return nil, &Error{File: shown, Err: err}
	}
	return data, nil
}

// Read reads a file the user named on the command line (--history,
// --results, --merge). The user chose the path, so the directories above
// the checkout it lies in are taken as they are; below that checkout (or
// the working directory, or the file's own directory: see Anchor) no part
// of the path may be a link the checkout holds. Otherwise as ReadIn.
func Read(path string, kind Kind) ([]byte, error) {
	root, rel, err := Anchor(path)
	if err != nil {
		return nil, &Error{File: path, Err: err}
	}
	data, err := readBelow(root, rel, kind)
	if err != nil {
		return nil, &Error{File: path, Err: err}
	}
	return data, nil
}

// Anchor splits a path the user named into the directory checks start
// from and the path below it: the nearest directory above the path that
// holds .git (the checkout), else the working directory when the path is
// inside it, else the path's own directory.
func Anchor(path string) (root, rel string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	root = Checkout(filepath.Dir(abs))
	if root == "" {
		if wd, err := os.Getwd(); err == nil && inside(wd, abs) {
			root = wd
		} else {
			root = filepath.Dir(abs)
		}
	}
	rel, err = filepath.Rel(root, abs)
	return root, rel, err
}

// Checkout is the nearest directory at or above dir (an absolute path,
// taken as written: links are not resolved) that holds .git, "" when none
// does.
func Checkout(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// inside reports whether path is dir or below it.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel)
}

// readBelow is ReadIn's work, its errors without the file's name.
func readBelow(root, rel string, kind Kind) ([]byte, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer r.Close()
	seen, err := noLinkOn(r, rel, kind)
	if err != nil {
		return nil, err
	}
	if err := admit(seen, kind); err != nil {
		return nil, err
	}
	f, err := r.OpenFile(rel, openFlags, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	// The file opened must be the file checked: one swapped in between
	// (a link, a FIFO) is refused before it is read.
	if !os.SameFile(seen, opened) {
		return nil, errors.New("changed while bqgen opened it: not read")
	}
	if err := admit(opened, kind); err != nil {
		return nil, err
	}
	if err := oneName(f, kind); err != nil {
		return nil, err
	}
	return readWithin(f, kind, Deadline)
}

// oneName refuses a file with more than one name: a hard link is a second
// name for a file that may lie outside the checkout (a key, another
// user's file on the same file system), as a symbolic link may lead
// there, and nothing in the checkout tells which name is the original.
// git never checks out a hard link.
func oneName(f *os.File, kind Kind) error {
	n, err := Links(f)
	if err != nil {
		return unwrapPath(err)
	}
	if n > 1 {
		return fmt.Errorf("has %d names (hard links): bqgen reads %s only from a file with one name, as through no link (another name can be a file outside the checkout); not read", n, kind.Name)
	}
	return nil
}

// noLinkOn returns what rel holds below r once it has seen that no part of
// rel is a link: each part before the last is a directory.
func noLinkOn(r *os.Root, rel string, kind Kind) (fs.FileInfo, error) {
	if rel == "." {
		return r.Lstat(".")
	}
	parts := strings.Split(rel, string(filepath.Separator))
	var info fs.FileInfo
	for i := range parts {
		prefix := filepath.Join(parts[:i+1]...)
		var err error
		if info, err = r.Lstat(prefix); err != nil {
			return nil, unwrapPath(err)
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			return nil, linkError(prefix, rel, kind)
		}
		if i < len(parts)-1 && !info.IsDir() {
			return nil, fmt.Errorf("%s is %s, not a directory", quote.Name(prefix), kindOf(info.Mode()))
		}
	}
	return info, nil
}

func linkError(link, rel string, kind Kind) error {
	what := "it is a symbolic link"
	if link != rel {
		what = "its directory " + quote.Name(link) + " is a symbolic link"
	}
	return fmt.Errorf("%s: bqgen reads %s only through no link in the checkout (a link could lead to a device, a pipe or a file outside it); not read", what, kind.Name)
}

// admit refuses what is not a regular file, or is over the kind's limit.
func admit(info fs.FileInfo, kind Kind) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("is %s, not a regular file: bqgen reads %s only from a regular file; not read", kindOf(info.Mode()), kind.Name)
	}
	if info.Size() > kind.Limit {
		return tooLarge(kind)
	}
	return nil
}

func tooLarge(kind Kind) error {
	return fmt.Errorf("is larger than %s, the limit for %s; not read", size(kind.Limit), kind.Name)
}

// size is n bytes in the largest binary unit that divides it.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// errSlow is a read that did not end within the deadline.
var errSlow = fmt.Errorf("not read within %s (a stalled mount or a device?); not read", Deadline)

// readWithin reads f, at most kind.Limit bytes, within d. A read the
// poller can interrupt is; one it cannot is left to end on its own while
// the caller goes on.
func readWithin(f *os.File, kind Kind, d time.Duration) ([]byte, error) {
	_ = f.SetReadDeadline(time.Now().Add(d)) // ErrNoDeadline for a plain file: the timer below covers it
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(f, kind.Limit+1))
		done <- result{data, err}
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case res := <-done:
		switch {
		case errors.Is(res.err, os.ErrDeadlineExceeded):
			return nil, errSlow
		case res.err != nil:
			return nil, unwrapPath(res.err)
		case int64(len(res.data)) > kind.Limit:
			return nil, tooLarge(kind) // it grew after the check
		}
		return res.data, nil
	case <-timer.C:
		return nil, errSlow
	}
}

// ReadDir lists the directory rel below root, reached through no link, its
// entries sorted by name; a directory of more than MaxDirEntries entries is
// an error. Entries that are links are listed as links, never followed.
func ReadDir(root, rel string) ([]fs.DirEntry, error) {
	rel = filepath.FromSlash(rel)
	shown := filepath.Join(root, rel)
	if !filepath.IsLocal(rel) && rel != "." {
		return nil, &Error{File: shown, Err: fmt.Errorf("is outside %s: bqgen lists directories only inside the checkout", quote.Name(root))}
	}
	entries, err := readDirBelow(root, rel)
	if err != nil {
		return nil, &Error{File: shown, Err: err}
	}
	return entries, nil
}

var dirKind = Kind{Name: "a directory", Limit: 0}

func readDirBelow(root, rel string) ([]fs.DirEntry, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer r.Close()
	seen, err := noLinkOn(r, rel, dirKind)
	if err != nil {
		return nil, err
	}
	if !seen.IsDir() {
		return nil, fmt.Errorf("is %s, not a directory", kindOf(seen.Mode()))
	}
	f, err := r.Open(rel)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(seen, opened) {
		return nil, errors.New("changed while bqgen opened it: not read")
	}
	entries, err := f.ReadDir(MaxDirEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, unwrapPath(err)
	}
	if len(entries) > MaxDirEntries {
		return nil, fmt.Errorf("holds more than %d entries, the limit for a directory bqgen lists", MaxDirEntries)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	return entries, nil
}

// kindOf names the type of a file that is not a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// unwrapPath drops the operation and path a *fs.PathError adds, since the
// message names the file itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// IsAbsent reports an error that means nothing is at a path: it does not
// exist, or a part of it is a file.
func IsAbsent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
