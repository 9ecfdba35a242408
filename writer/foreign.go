package writer

import (
	"fmt"
	"path/filepath"

	"github.com/babelqueue/bqgen/internal/gitindex"
)

// refuseTracked refuses a transaction, or a lock, that the git repository
// around the out dir tracks: both are a run's own and never committed
// (.bqgen/.gitignore keeps them out of git), so a tracked one came with the
// checkout. The ledgers are another matter: an SDK commits them on purpose,
// and a ledger lets bqgen change only a file that still holds what bqgen
// wrote there, never in .git and never through a link (the write gate).
// Where there is no repository or no index, nothing is known to be
// tracked; the lock's record of the run still has to match (admitJournal).
func refuseTracked(d *outDir) error {
	tracked, err := gitindex.Tracked(d.path, txDir, lockFile)
	if err != nil {
		return journalRefused(fmt.Errorf("%s: cannot tell whether git tracks it: %v", d.name(txDir), err))
	}
	if tracked != "" {
		return journalRefused(fmt.Errorf("%s is tracked by git, but a run's transaction and lock are never committed (.bqgen/.gitignore keeps them out of git): it came with the checkout; remove it from git (git rm -r --cached %s)",
			d.name(tracked), filepath.ToSlash(d.name(tracked))))
	}
	return nil
}

// admitJournal refuses a journal this machine did not leave (its run is
// not the one the lock records), then one naming a target or directory the
// write gate does not own, with the line naming it. Before the check, the
// gate owns what the ledgers the journal staged record (the run's new
// ledger and the old one its undo puts back, each while it holds the hash
// the journal recorded): a run killed after placing its new ledger undoes
// removals only the old one records.
func admitJournal(d *outDir, l *dirLock, j journal, lines map[string]int) error {
	name := d.name(staged("journal"))
	if j.Run != l.run {
		return journalRefused(fmt.Errorf("%s: not left by an interrupted run here: the out dir's lock %s does not record its run %s (a journal that came with the checkout, committed or copied, is never replayed)",
			name, d.name(lockFile), j.Run))
	}
	d.own(stagedLedgerPaths(d, j)...)
	for _, dir := range j.Dirs {
		if !d.ownsDir(dir) {
			return journalRefused(fmt.Errorf("%s:%d: the directory %q holds no file this run writes or a ledger here records: an undo touches only those", name, lines[dir], dir))
		}
	}
	for _, w := range append(append([]journalWrite(nil), j.Writes...), j.Removals...) {
		if !isOwnState(w.Target) && !d.owns(w.Target) {
			return journalRefused(fmt.Errorf("%s:%d: %q is neither a file this run writes nor one a ledger here records: an undo touches only those", name, lines[w.Target], w.Target))
		}
	}
	return nil
}

// stagedLedgerPaths are the paths recorded by the ledgers a journal
// staged (new or old content of a ledger target) that hold the content the
// journal's hash records and parse as ledgers.
func stagedLedgerPaths(d *outDir, j journal) []string {
	var out []string
	for _, w := range j.Writes {
		if !isLedgerPath(w.Target) {
			continue
		}
		for _, s := range [][2]string{{w.New, w.NewHash}, {w.Old, w.OldHash}} {
			if s[0] == "" {
				continue
			}
			raw, err := d.readRegular(staged(s[0]), maxStateFile)
			if err != nil || contentHash(raw) != s[1] {
				continue
			}
			if l, err := parseLedger(raw); err == nil {
				for p := range l {
					out = append(out, p)
				}
			}
		}
	}
	return out
}
