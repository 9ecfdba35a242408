package writer

import (
	"errors"
	"fmt"
	"os"

	"github.com/babelqueue/bqgen/backend"
)

// ignoreFile keeps git from listing what in .bqgen/ belongs to one run: the
// lock every run takes and the transaction a run stages in. The ledgers and
// this file are bqgen's state of the checkout, committed like its output;
// its content is fixed, so it is the same in every out dir and every
// language, and two languages sharing an out dir never disagree on it.
const ignoreFile = stateDir + "/.gitignore"

var ignoreContent = []byte("# Written by bqgen. Commit .bqgen/*.files (the ledgers of the files bqgen\n" +
	"# wrote) and this file; the lock and tx/ (a run's transaction) are a run's own.\n" +
	"/lock\n/tx/\n")

// isIgnorePath reports whether p is the state dir's .gitignore.
func isIgnorePath(p string) bool { return p == ignoreFile }

// addIgnore plans .bqgen/.gitignore, as addLedger plans the ledger: an out
// dir an older bqgen wrote, without one, is still up to date for check;
// generate adds it then (ensureIgnore).
func (p *Plan) addIgnore(d *outDir) error {
	cur, err := d.inspect(ignoreFile)
	switch {
	case err != nil:
		return err
	case cur.blocker != "":
		return fmt.Errorf("%s: %s", d.name(ignoreFile), cur.blocker)
	case cur.exists && sameText(cur.content, ignoreContent):
		return nil
	case !cur.exists && p.nothingToDo():
		return nil
	}
	p.Changes = append(p.Changes, Change{File: backend.File{Path: ignoreFile, Content: ignoreContent, Kind: backend.Generated}, Exists: cur.exists, Old: cur.content})
	return nil
}

// ensureIgnore writes .bqgen/.gitignore where a run that has nothing else
// to write finds none (an out dir an older bqgen wrote), so its lock is not
// left untracked. O_EXCL: a link put there in the meantime is not followed.
func ensureIgnore(d *outDir) error {
	err := d.writeNew(ignoreFile, ignoreContent)
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", d.name(ignoreFile), err)
	}
	return nil
}
