package writer

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// An undo renames and removes only what the journal recorded, inside the
// out dir, and checks each file first: a target is removed or replaced
// only while it holds the content the run put there (its new hash), and a
// saved old content goes back only while it holds the hash the run
// recorded, to a place that is empty again. Whatever does not match is
// left alone. Undoing twice (a kill during an undo) is harmless: each
// check sees the step already undone.

// rollback undoes what run did, newest first.
func (tx *transaction) rollback() error {
	var errs []error
	for i := tx.removed - 1; i >= 0; i-- {
		errs = append(errs, tx.unremove(tx.j.Removals[i]))
	}
	for i := tx.placed - 1; i >= 0; i-- {
		errs = append(errs, tx.unplace(tx.j.Writes[i]))
	}
	errs = append(errs, tx.removeDirs())
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return tx.d.removeTx()
}

// unplace puts a target back: its old content, or no file when it had
// none. A target that does not hold the run's new content was not placed,
// or was undone already, or changed since: it is left as it is.
func (tx *transaction) unplace(w journalWrite) error {
	cur, err := tx.d.hashAt(w.Target)
	if err != nil || cur != w.NewHash {
		return err
	}
	if w.Old == "" {
		return ignoreMissing(tx.d.remove(w.Target))
	}
	return tx.restore(w.Old, w.OldHash, w.Target)
}

// unremove puts a removed target back, where nothing took its place.
func (tx *transaction) unremove(r journalWrite) error {
	if _, err := tx.d.lstat(r.Target); !isAbsent(err) {
		return err // something is there: never moved, or made since
	}
	if link, err := tx.d.linkOn(r.Target); err != nil || link != "" {
		return err // a link on the way now: left alone
	}
	if saved, err := tx.d.hashAt(staged(r.Old)); err != nil || saved == "" {
		return err // never moved, and gone since
	}
	return tx.restore(r.Old, r.OldHash, r.Target)
}

// restore renames a saved old content back to target, once it is sure the
// saved file holds what the run saved.
func (tx *transaction) restore(name, hash, target string) error {
	saved, err := tx.d.hashAt(staged(name))
	if err != nil {
		return err
	}
	if saved != hash {
		return fmt.Errorf("%s: its saved old content %s is missing or changed; nothing restored", target, staged(name))
	}
	return tx.d.rename(staged(name), target)
}

func ignoreMissing(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// removeDirs removes the directories the run made, innermost first, where
// they are empty again and still real directories.
func (tx *transaction) removeDirs() error {
	for i := len(tx.j.Dirs) - 1; i >= 0; i-- {
		dir := tx.j.Dirs[i]
		if !tx.d.isRealDir(dir) {
			continue
		}
		if err := tx.d.rmdir(dir); err != nil && !isAbsent(err) && !isNotEmpty(err) {
			return err
		}
	}
	return nil
}

func isNotEmpty(err error) bool {
	return errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST)
}

// recoverTx finishes what an interrupted run left in .bqgen/tx/: a run
// killed before its journal was written touched no target, so its staged
// files are deleted; one killed after is undone from the journal; one that
// had committed only lacks its clean-up. Nothing is undone from a
// transaction this machine did not leave (see run.go): one git tracks, or
// whose journal's run the lock does not record; nor from a journal that
// breaks a rule or names a target the write gate does not own (neither a
// file this run writes nor one a ledger records: recorded, the out dir's
// ledgers before the undo): those are refused with the file and the line,
// and nothing is touched. Litter of older bqgen versions beside the files
// they wrote is cleared too.
func recoverTx(d *outDir, l *dirLock, recorded []string) error {
	if err := sweepLegacyLitter(d, recorded); err != nil {
		return err
	}
	if present, err := realDirIfAny(d, txDir, "its transaction only in a real directory; delete it"); !present {
		return err
	}
	if err := refuseTracked(d); err != nil {
		return err
	}
	j, lines, found, err := readJournal(d)
	if err != nil {
		return err
	}
	if !found || j.Committed {
		if err := d.removeTx(); err != nil {
			return err
		}
		l.clearRecord()
		return nil
	}
	if err := admitJournal(d, l, j, lines); err != nil {
		return err
	}
	tx := &transaction{d: d, j: j, placed: len(j.Writes), removed: len(j.Removals)}
	if err := tx.rollback(); err != nil {
		return fmt.Errorf("undo the interrupted run %s records: %w; restore the out dir from version control and delete %s", d.name(staged("journal")), err, txDir)
	}
	l.clearRecord()
	return nil
}

// readJournal reads .bqgen/tx/journal, with the line of each target;
// found is false when there is none.
func readJournal(d *outDir) (j journal, lines map[string]int, found bool, err error) {
	name := staged("journal")
	raw, err := d.readRegular(name, maxStateFile)
	if isAbsent(err) {
		return journal{}, nil, false, nil
	}
	if err == nil {
		if j, lines, err = parseJournalLines(raw); err == nil {
			return j, lines, true, nil
		}
	}
	return journal{}, nil, false, journalRefused(inFile(d.name(name), err))
}

// journalRefused is the error for a journal recoverTx does not replay.
func journalRefused(err error) error {
	return fmt.Errorf("%w; the journal of an interrupted run is refused, nothing was undone; restore the out dir from version control and delete %s", err, txDir)
}
