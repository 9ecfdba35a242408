package writer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/babelqueue/bqgen/internal/portable"
)

// The write gate. Every create, replace, rename, link, mkdir and remove
// bqgen does in a checkout is one of the functions in this file, and each
// asks admit first: no other file of the package calls a method that
// changes the disk (TestOnlyTheGateWrites holds it to that). admit lets a
// change through only at
//
//   - bqgen's own state: .bqgen, its lock, .gitignore and ledgers, and
//     .bqgen/tx with the journal and staged names bqgen gives its files;
//   - a path this run writes (the files it was given) or one a ledger of
//     the out dir records, and the directories above them; litter an older
//     bqgen left beside them (.bqgen-new-*, .bqgen-old-*);
//
// and never at a path with a version control system's directory in it, in
// any spelling (portable.IsVCSDir: .git, .GIT, .git., GIT~1, …), nor
// through a symbolic link. So whatever a ledger, a journal or a staged
// file says, bqgen cannot write into .git or outside what the run owns.
// No file is written in place but the lock, and that only while it has
// one name (oneNamedLock): a file is created new, then renamed.

// owned is what a run may change besides its state: the files it writes
// or a ledger records, and the directories above them.
type owned struct {
	files map[string]bool
	dirs  map[string]bool // "." included: the out dir itself, never removed
}

// own admits paths (and their directories) for this run's changes.
func (d *outDir) own(paths ...string) {
	if d.owned == nil {
		d.owned = &owned{files: map[string]bool{}, dirs: map[string]bool{".": true}}
	}
	for _, p := range paths {
		d.owned.files[p] = true
		for dir := path.Dir(p); !d.owned.dirs[dir]; dir = path.Dir(dir) {
			d.owned.dirs[dir] = true
		}
	}
}

// owns reports whether the gate admits a change to the file p (not state).
func (d *outDir) owns(p string) bool { return d.owned != nil && d.owned.files[p] }

// ownsDir reports whether the gate admits making or removing directory p.
func (d *outDir) ownsDir(p string) bool { return d.owned != nil && d.owned.dirs[p] }

// What a change does to a path, for admit and its refusals.
type change string

const (
	writeFile  change = "write"
	removeFile change = "remove"
	makeDir    change = "create the directory"
	removeDir  change = "remove the directory"
)

// admit returns nil when bqgen may make the change at p, else why not.
func (d *outDir) admit(c change, p string) error {
	if why := d.refusal(c, p); why != "" {
		return fmt.Errorf("bqgen refuses to %s %s: %s", c, d.name(p), why)
	}
	return nil
}

func (d *outDir) refusal(c change, p string) string {
	if part := portable.VCSDirIn(p); part != "" {
		return fmt.Sprintf("%q is a version control system's directory; bqgen never writes there", part)
	}
	if !d.admits(c, p) {
		return "it is neither bqgen's state nor a file this run writes or a ledger here records"
	}
	link, err := d.linkOn(p)
	switch {
	case err != nil:
		return err.Error()
	case link != "":
		return linkBlocker(p, link) + "; bqgen writes through no link"
	}
	return ""
}

func (d *outDir) admits(c change, p string) bool {
	switch c {
	case makeDir, removeDir:
		return p == stateDir || p == txDir || p != "." && d.ownsDir(p)
	}
	return isOwnState(p) || d.owns(p) || isLegacyLitter(p) && d.ownsDir(path.Dir(p))
}

// isOwnState reports whether p is one of bqgen's state files.
func isOwnState(p string) bool {
	switch {
	case p == lockFile, isIgnorePath(p), isLedgerPath(p):
		return true
	}
	name, inTx := strings.CutPrefix(p, txDir+"/")
	return inTx && (name == "journal" || name == "journal.part" || stagedName.MatchString(name))
}

// isLegacyLitter reports whether p is a staged file an older bqgen left
// beside its target.
func isLegacyLitter(p string) bool {
	base := path.Base(p)
	return strings.HasPrefix(base, legacyNew) || strings.HasPrefix(base, legacyOld)
}

// The changes themselves, each admitted first.

// makeOutDir creates the out dir a run writes into: the path the caller
// chose, before there is an os.Root to confine anything to.
func makeOutDir(root string) error { return os.MkdirAll(root, 0o755) }

// writeNew creates p with data where nothing is (O_EXCL: a link put there
// is not followed, and no file is written in place, where a second name, a
// hard link, would carry the write elsewhere), removing what it began when
// the write fails. Every other change replaces a file by a rename.
func (d *outDir) writeNew(p string, data []byte) error {
	if err := d.admit(writeFile, p); err != nil {
		return err
	}
	f, err := d.root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		d.root.Remove(p)
	}
	return err
}

// copyNew creates to (O_EXCL) with from's content.
func (d *outDir) copyNew(from, to string) error {
	if err := d.admit(writeFile, to); err != nil {
		return err
	}
	in, err := d.root.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := d.root.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// link gives the file from a second name, to.
func (d *outDir) link(from, to string) error {
	if err := errors.Join(d.admit(writeFile, from), d.admit(writeFile, to)); err != nil {
		return err
	}
	return d.root.Link(from, to)
}

// rename moves from to to, replacing what is at to.
func (d *outDir) rename(from, to string) error {
	if err := errors.Join(d.admit(removeFile, from), d.admit(writeFile, to)); err != nil {
		return err
	}
	return d.root.Rename(from, to)
}

// remove deletes the file p.
func (d *outDir) remove(p string) error {
	if err := d.admit(removeFile, p); err != nil {
		return err
	}
	return d.root.Remove(p)
}

// mkdir creates the directory p.
func (d *outDir) mkdir(p string) error {
	if err := d.admit(makeDir, p); err != nil {
		return err
	}
	return d.root.Mkdir(p, 0o755)
}

// rmdir removes the directory p when it is empty.
func (d *outDir) rmdir(p string) error {
	if err := d.admit(removeDir, p); err != nil {
		return err
	}
	return d.root.Remove(p)
}

// removeTx deletes .bqgen/tx and all it holds: a transaction's own files.
func (d *outDir) removeTx() error {
	if err := d.admit(removeDir, txDir); err != nil {
		return err
	}
	return d.root.RemoveAll(txDir)
}

// openLock opens (creating) the lock file for reading and writing.
func (d *outDir) openLock() (*os.File, error) {
	if err := d.admit(writeFile, lockFile); err != nil {
		return nil, err
	}
	return d.root.OpenFile(lockFile, os.O_CREATE|os.O_RDWR, 0o644)
}

// setRecord replaces what the held lock file records (see runRecord).
func (l *dirLock) setRecord(record string) error {
	if err := l.file.Truncate(0); err != nil {
		return fmt.Errorf("record the run in %s: %w", l.d.name(lockFile), err)
	}
	if _, err := l.file.WriteAt([]byte(record), 0); err != nil {
		return fmt.Errorf("record the run in %s: %w", l.d.name(lockFile), err)
	}
	return nil
}
