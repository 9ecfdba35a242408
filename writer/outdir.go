package writer

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/babelqueue/bqgen/internal/portable"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/safefile"
)

// outDir is an out dir opened as an os.Root: every open, create, rename and
// remove below it stays inside it, whatever links it holds (the kernel
// refuses a link that leads out; it is never followed). On top of that,
// bqgen writes, removes and reads its state through no link at all
// (linkOn): a link where it would write is a file in the way.
type outDir struct {
	path  string   // as the caller named it, for messages
	root  *os.Root // nil while the directory does not exist: everything is absent
	owned *owned   // what the write gate admits besides bqgen's state (gate.go)
}

// openOutDir opens the out dir at path; one that does not exist yet reads
// as empty.
func openOutDir(path string) (*outDir, error) {
	if err := checkRoot(path); err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &outDir{path: path}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("out dir %s: %w", path, err)
	}
	return &outDir{path: path, root: r}, nil
}

// checkRoot accepts an out dir that is a directory or does not exist yet.
func checkRoot(root string) error {
	if part := vcsDirOn(root); part != "" {
		return fmt.Errorf("out dir %s lies in %s, a version control system's directory: bqgen never writes there; give the package's own directory", quote.Name(root), quote.Name(part))
	}
	info, err := os.Stat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("out dir %s: %w", root, err)
	case !info.IsDir():
		return fmt.Errorf("out dir %s is a file, not a directory", root)
	}
	return nil
}

func (d *outDir) close() {
	if d.root != nil {
		d.root.Close()
	}
}

// name is how messages name the slash path p below the out dir.
func (d *outDir) name(p string) string { return filepath.Join(d.path, filepath.FromSlash(p)) }

func (d *outDir) lstat(p string) (fs.FileInfo, error) {
	if d.root == nil {
		return nil, fs.ErrNotExist
	}
	return d.root.Lstat(p)
}

// isAbsent reports an error that means nothing is at a path: it does not
// exist, or a parent is a file.
func isAbsent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func isLink(info fs.FileInfo) bool { return info.Mode()&fs.ModeSymlink != 0 }

// linkOn returns the first part of the slash path p (p itself included)
// that is a symbolic link, "" when none is. It looks no further than a
// part that is absent or a file.
func (d *outDir) linkOn(p string) (string, error) {
	parts := strings.Split(p, "/")
	for i := range parts {
		prefix := strings.Join(parts[:i+1], "/")
		info, err := d.lstat(prefix)
		switch {
		case isAbsent(err):
			return "", nil
		case err != nil:
			return "", err
		case isLink(info):
			return prefix, nil
		case !info.IsDir():
			return "", nil
		}
	}
	return "", nil
}

// onDisk is what a path holds.
type onDisk struct {
	exists  bool
	content []byte // when exists
	// blocker says why bqgen may not write there, "" when it may: a link
	// on the path, or something other than a regular file.
	blocker string
}

// hardLinked is a file bqgen does not read: it has another name.
type hardLinked struct{ names uint64 }

func (e *hardLinked) Error() string {
	return fmt.Sprintf("it has %d names (hard links), and another can be a file outside the checkout, which a diff would show: bqgen reads only a file with one name", e.names)
}

// oneName refuses the open file f at p when it has another name, unless
// that name is bqgen's own: a file in .bqgen/tx, or one a run saved there
// by a hard link (saveOld) and has not yet put back or cleaned up.
func (d *outDir) oneName(p string, f *os.File) error {
	n, err := safefile.Links(f)
	if err != nil || n <= 1 || strings.HasPrefix(p, txDir+"/") {
		return err
	}
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if d.savedInTx(info) {
		return nil
	}
	return &hardLinked{names: n}
}

// savedInTx reports whether info is the file of one of .bqgen/tx's saved
// old contents.
func (d *outDir) savedInTx(info fs.FileInfo) bool {
	if !d.isRealDir(txDir) {
		return false
	}
	for _, name := range d.entries(txDir) {
		if !stagedName.MatchString(name) {
			continue
		}
		if saved, err := d.lstat(staged(name)); err == nil && os.SameFile(info, saved) {
			return true
		}
	}
	return false
}

// inspect reads what p holds, through no link.
func (d *outDir) inspect(p string) (onDisk, error) {
	link, err := d.linkOn(p)
	if err != nil {
		return onDisk{}, fmt.Errorf("read %s: %w", p, err)
	}
	if link != "" {
		return onDisk{blocker: linkBlocker(p, link)}, nil
	}
	info, err := d.lstat(p)
	switch {
	case isAbsent(err):
		return onDisk{}, nil // absent, or a parent is a file: Write reports the latter and rolls back
	case err != nil:
		return onDisk{}, fmt.Errorf("read %s: %w", p, err)
	case !info.Mode().IsRegular():
		return onDisk{blocker: "it is " + describe(info)}, nil
	case info.Size() > maxExistingFile:
		return onDisk{blocker: tooLargeBlocker}, nil
	}
	content, err := d.read(p, maxExistingFile)
	var linked *hardLinked
	if errors.As(err, &linked) {
		return onDisk{blocker: linked.Error()}, nil
	}
	if err != nil {
		return onDisk{}, fmt.Errorf("read %s: %w", p, err)
	}
	return onDisk{exists: true, content: content}, nil
}

// maxExistingFile bounds what bqgen reads of a file where it would write:
// twice the largest suite file it vendors, so every file it wrote fits, and
// a file a checkout puts in its place is never read whole into memory (nor
// diffed) for being large.
const maxExistingFile = 32 << 20

const tooLargeBlocker = "it is larger than 32 MiB, more than any file bqgen writes; move it away or delete it"

func linkBlocker(p, link string) string {
	if link == p {
		return "it is a symbolic link"
	}
	return link + " is a symbolic link"
}

// errNotRegular is reading a state file that is a link, a directory, a
// FIFO or a device: bqgen reads only regular files.
var errNotRegular = errors.New("not a regular file (a symbolic link, a directory or a device); bqgen reads its state only from regular files")

// readRegular reads the regular file at p (never a link, a FIFO or a
// device), refusing one longer than limit bytes (no bound when negative).
func (d *outDir) readRegular(p string, limit int64) ([]byte, error) {
	link, err := d.linkOn(p)
	if err != nil {
		return nil, err
	}
	if link != "" {
		return nil, errNotRegular
	}
	info, err := d.lstat(p)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	return d.read(p, limit)
}

// read reads the file at p, a regular file the caller has seen, refusing
// one longer than limit bytes (no bound when negative), and one with
// another name (oneName).
func (d *outDir) read(p string, limit int64) ([]byte, error) {
	f, err := d.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := d.oneName(p, f); err != nil {
		return nil, err
	}
	if limit < 0 {
		return io.ReadAll(f)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, err
}

// hashAt is the SHA-256 of the regular file at p, "" when p holds none
// (absent, a link on the way, a directory).
func (d *outDir) hashAt(p string) (string, error) {
	cur, err := d.inspect(p)
	if err != nil || !cur.exists {
		return "", err
	}
	return contentHash(cur.content), nil
}

// isRealDir reports whether p is a directory reached through no link.
func (d *outDir) isRealDir(p string) bool {
	link, err := d.linkOn(p)
	if err != nil || link != "" {
		return false
	}
	info, err := d.lstat(p)
	return err == nil && info.IsDir()
}

// describe names what kind of thing info is, for a refusal.
func describe(info fs.FileInfo) string {
	switch {
	case isLink(info):
		return "a symbolic link"
	case info.IsDir():
		return "a directory"
	case info.Mode().IsRegular():
		return "a regular file"
	}
	return "a special file (" + info.Mode().Type().String() + ")"
}

// vcsDirOn returns the first part of the path to root that is a version
// control system's directory (portable.VCSDirIn), as written or as its
// links resolve, "" when none is: the write gate keeps every path below the
// out dir out of such a directory, so the out dir itself must not be in one.
func vcsDirOn(root string) string {
	abs, err := filepath.Abs(root)
	if err != nil {
		return ""
	}
	for _, p := range []string{abs, resolvedAsFarAsItExists(abs)} {
		if part := portable.VCSDirIn(filepath.ToSlash(p)); part != "" {
			return part
		}
	}
	return ""
}

// resolvedAsFarAsItExists is p with the links of its longest existing
// start resolved, and the rest as written.
func resolvedAsFarAsItExists(p string) string {
	rest := ""
	for dir := p; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(dir) == dir {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}
