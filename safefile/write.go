package safefile

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Write replaces the file at path, which the user named on the command
// line (--output, --history, a file in --badges), with data. As for Read,
// no part of the path below its anchor (see Anchor) may be a link the
// checkout holds: a committed `site -> /elsewhere` is refused, never
// written through. Missing directories are made. The file is written to a
// temporary file beside it and renamed over it, so a reader (a web server,
// CI's next step) sees the old file or the new one, never half of one.
func Write(path string, data []byte) error {
	root, rel, err := Anchor(path)
	if err == nil {
		err = writeBelow(root, rel, data)
	}
	if err != nil {
		return &Error{File: path, Err: err}
	}
	return nil
}

// WriteIn replaces the file rel (a slash path) below root, a directory
// bqgen writes into (a target's out dir), as Write does: through no link,
// atomically. Its errors name root joined with rel.
func WriteIn(root, rel string, data []byte) error {
	if err := writeBelow(root, filepath.FromSlash(rel), data); err != nil {
		return &Error{File: filepath.Join(root, filepath.FromSlash(rel)), Err: err}
	}
	return nil
}

// RemoveIn removes the file rel (a slash path) below root, through no link
// (a link there is removed itself, never what it points at); an absent
// file is no error.
func RemoveIn(root, rel string) error {
	r, err := os.OpenRoot(root)
	if err != nil {
		return &Error{File: root, Err: unwrapPath(err)}
	}
	defer r.Close()
	if dir := filepath.Dir(filepath.FromSlash(rel)); dir != "." {
		if info, err := r.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			return &Error{File: filepath.Join(root, dir), Err: writeLinkError(dir)}
		}
	}
	if err := r.Remove(filepath.FromSlash(rel)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &Error{File: filepath.Join(root, filepath.FromSlash(rel)), Err: unwrapPath(err)}
	}
	return nil
}

func writeBelow(root, rel string, data []byte) error {
	if !filepath.IsLocal(rel) {
		return errors.New("is not a file path")
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return unwrapPath(err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return unwrapPath(err)
	}
	defer r.Close()
	dir := filepath.Dir(rel)
	if err := makeDirs(r, dir); err != nil {
		return err
	}
	if err := checkTarget(r, rel); err != nil {
		return err
	}
	tmp := filepath.Join(dir, ".bqgen-"+randomHex()+".tmp")
	if err := writeTemp(r, tmp, data); err != nil {
		r.Remove(tmp)
		return err
	}
	if err := r.Rename(tmp, rel); err != nil {
		r.Remove(tmp)
		return unwrapPath(err)
	}
	return nil
}

// makeDirs makes every missing directory of dir below r, refusing a part
// that is a link or not a directory.
func makeDirs(r *os.Root, dir string) error {
	if dir == "." {
		return nil
	}
	parts := strings.Split(dir, string(filepath.Separator))
	for i := range parts {
		prefix := filepath.Join(parts[:i+1]...)
		info, err := r.Lstat(prefix)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := r.Mkdir(prefix, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return unwrapPath(err)
			}
			continue
		case err != nil:
			return unwrapPath(err)
		case info.Mode()&fs.ModeSymlink != 0:
			return writeLinkError(prefix)
		case !info.IsDir():
			return fmt.Errorf("its directory %s is %s, not a directory", quote.Name(prefix), kindOf(info.Mode()))
		}
	}
	// A part made above may have been swapped for a link since: check the
	// whole path again before writing into it.
	for i := range parts {
		info, err := r.Lstat(filepath.Join(parts[:i+1]...))
		if err != nil {
			return unwrapPath(err)
		}
		if info.Mode()&fs.ModeSymlink != 0 || !info.IsDir() {
			return writeLinkError(filepath.Join(parts[:i+1]...))
		}
	}
	return nil
}

// checkTarget refuses a file to replace that is a link, a directory or a
// device: the rename would replace a link, but a link there says the
// checkout means something else by that name.
func checkTarget(r *os.Root, rel string) error {
	info, err := r.Lstat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return unwrapPath(err)
	case info.Mode()&fs.ModeSymlink != 0:
		return errors.New("is a symbolic link: bqgen writes a report, a badge or a history only as a regular file, through no link; not written")
	case !info.Mode().IsRegular():
		return fmt.Errorf("is %s, not a regular file; not written", kindOf(info.Mode()))
	}
	return nil
}

func writeLinkError(link string) error {
	return fmt.Errorf("its directory %s is a symbolic link: bqgen writes a report, a badge or a history through no link (the checkout could lead it anywhere); not written", quote.Name(link))
}

func writeTemp(r *os.Root, tmp string, data []byte) error {
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return unwrapPath(err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = r.Chmod(tmp, 0o644) // as a report is served, whatever the umask
	}
	return unwrapPath(err)
}

func randomHex() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// MaxNameBytes is the longest file name the common file systems take.
const MaxNameBytes = 255

// ShortName is name + ext when that fits in MaxNameBytes; otherwise name
// cut (at a character boundary) and followed by "-" and 16 hex digits of
// its SHA-256, so two long names that differ only past the cut still make
// different files.
func ShortName(name, ext string) string {
	if len(name)+len(ext) <= MaxNameBytes {
		return name + ext
	}
	sum := sha256.Sum256([]byte(name))
	tag := "-" + hex.EncodeToString(sum[:8])
	keep := MaxNameBytes - len(ext) - len(tag)
	for keep > 0 && !utf8.RuneStart(name[keep]) {
		keep--
	}
	return name[:keep] + tag + ext
}
