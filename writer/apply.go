package writer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/babelqueue/bqgen/backend"
)

// A run that is killed at any moment leaves every file at its old or its new
// content, and the next run puts the whole directory back as it was before.
//
// Everything a run stages lives in .bqgen/tx/ (names without an extension,
// in a directory every test runner skips): the new contents, a link to (or
// copy of) each old content, and a journal listing both with their hashes,
// written before any target is touched. Each target then changes by one
// rename, which is atomic. An error or SIGINT/SIGTERM (the context) undoes
// the renames from the journal; after SIGKILL, the next run finds the
// journal and undoes them before it plans (recoverTx). A committed run
// removes .bqgen/tx/. Every step goes through the out dir's os.Root, and
// through the write gate (gate.go).

const txDir = stateDir + "/tx"

// afterStep, when set (by tests), runs after each step that changes the
// disk, numbered from 1, with the run's Done channel: tests kill or
// interrupt the process there, and can wait until the run has noticed.
var afterStep func(step int, done <-chan struct{})

// Write carries out a plan for files in root as one transaction, holding
// the out dir's lock: leftovers of an interrupted run are undone first, then
// the plan is made, refused if anything is in the way (unless adopt, which
// still refuses a link or a non-regular file where bqgen would write), and
// applied. It returns the plan it applied.
func Write(ctx context.Context, root, lang string, files []backend.File, adopt bool) (*Plan, error) {
	if err := checkInput(root, lang, files); err != nil {
		return nil, err
	}
	if err := makeOutDir(root); err != nil {
		return nil, fmt.Errorf("create out dir: %w", err)
	}
	d, err := openOutDir(root)
	if err != nil {
		return nil, err
	}
	defer d.close()
	l, err := lock(d)
	if err != nil {
		return nil, err
	}
	wrote := false // something was written and committed
	defer func() { l.unlock(!wrote) }()
	plan, err := recoverAndPlan(d, l, lang, files, adopt)
	if err != nil {
		return nil, err
	}
	if plan.nothingToDo() {
		if l.created {
			return plan, nil // unlock removes the state dir it made
		}
		return plan, ensureIgnore(d)
	}
	if err := apply(ctx, d, l, plan); err != nil {
		return nil, err
	}
	wrote = true
	return plan, nil
}

// recoverAndPlan undoes an interrupted run, then plans this one and
// refuses it when something is in the way. The write gate owns the files
// the run writes and those the out dir's ledgers record, before the undo
// (whose journal may name no other) and after it (the undo may have put an
// older ledger back).
func recoverAndPlan(d *outDir, l *dirLock, lang string, files []backend.File, adopt bool) (*Plan, error) {
	for _, f := range files {
		d.own(f.Path)
	}
	recorded, err := ledgerPaths(d)
	if err != nil {
		return nil, err
	}
	d.own(recorded...)
	if err := recoverTx(d, l, recorded); err != nil {
		return nil, err
	}
	if recorded, err = ledgerPaths(d); err != nil {
		return nil, err
	}
	d.own(recorded...)
	plan, err := makePlan(d, lang, files)
	if err != nil {
		return nil, err
	}
	if err := plan.refusal(adopt); err != nil {
		return nil, err
	}
	return plan, nil
}

// apply runs the transaction; on any error, or when ctx ends, it undoes
// every step and reports why, leaving the out dir as it was. The lock
// records the run while its transaction may be left to undo (run.go).
func apply(ctx context.Context, d *outDir, l *dirLock, p *Plan) error {
	token := newRunToken()
	if err := l.setRecord(runRecord(token)); err != nil {
		return err
	}
	tx := &transaction{d: d, j: journal{Run: token}, done: ctx.Done()}
	err := tx.run(ctx, p)
	if err != nil {
		if rerr := tx.rollback(); rerr != nil {
			return fmt.Errorf("%w; undoing it failed too (%v): the next run will finish undoing it", err, rerr)
		}
		l.clearRecord()
		return fmt.Errorf("%w (the out dir is unchanged)", err)
	}
	if err := tx.commit(); err != nil {
		return err
	}
	l.clearRecord()
	return nil
}

type transaction struct {
	d       *outDir
	j       journal
	placed  int // how many of j.Writes are renamed into place
	removed int // how many of j.Removals are moved into .bqgen/tx
	step    int
	done    <-chan struct{} // the run's context's, for afterStep
}

func (tx *transaction) stepDone() {
	tx.step++
	if afterStep != nil {
		afterStep(tx.step, tx.done)
	}
}

func staged(name string) string { return txDir + "/" + name }

func (tx *transaction) run(ctx context.Context, p *Plan) error {
	if err := tx.d.mkdir(txDir); err != nil {
		return fmt.Errorf("create %s: %w", txDir, err)
	}
	for i, c := range p.Changes {
		if err := tx.stage(i, c); err != nil {
			return fmt.Errorf("write %s: %w", c.File.Path, err)
		}
	}
	for i, r := range p.Removals {
		tx.j.Removals = append(tx.j.Removals, journalWrite{Target: r, Old: fmt.Sprintf("removed-%04d", i), OldHash: p.removalHashes[r]})
	}
	if err := tx.writeJournal(); err != nil {
		return err
	}
	if err := tx.makeDirs(); err != nil {
		return err
	}
	for _, w := range tx.j.Writes {
		if err := ctx.Err(); err != nil {
			return interrupted(err)
		}
		if err := tx.place(w); err != nil {
			return fmt.Errorf("write %s: %w", w.Target, err)
		}
	}
	for _, r := range tx.j.Removals {
		if err := ctx.Err(); err != nil {
			return interrupted(err)
		}
		if err := tx.remove(r); err != nil {
			return fmt.Errorf("remove %s: %w", r.Target, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return interrupted(err)
	}
	return nil
}

// ErrInterrupted is returned when a signal ends a run; it was undone.
var ErrInterrupted = errors.New("interrupted")

func interrupted(err error) error { return fmt.Errorf("%w (%v)", ErrInterrupted, err) }

// stage writes the new content of change i into .bqgen/tx, and saves its
// old content there too, planning any directory the target needs.
func (tx *transaction) stage(i int, c Change) error {
	w := journalWrite{Target: c.File.Path, New: fmt.Sprintf("new-%04d", i), NewHash: contentHash(c.File.Content)}
	if err := tx.d.writeNew(staged(w.New), c.File.Content); err != nil {
		return err
	}
	if c.Exists {
		w.Old, w.OldHash = fmt.Sprintf("old-%04d", i), contentHash(c.Old)
		if err := tx.saveOld(w.Target, staged(w.Old)); err != nil {
			return err
		}
	}
	if err := tx.planDirs(path.Dir(w.Target)); err != nil {
		return err
	}
	tx.j.Writes = append(tx.j.Writes, w)
	tx.stepDone()
	return nil
}

// saveOld keeps the old content at backup: a hard link when the file system
// allows one (the rename that replaces the target leaves it intact), else a
// copy.
func (tx *transaction) saveOld(target, backup string) error {
	if tx.d.link(target, backup) == nil {
		return nil
	}
	return tx.d.copyNew(target, backup)
}

// planDirs records dir and its missing parents, outermost first, for
// makeDirs to create once the journal lists them.
func (tx *transaction) planDirs(dir string) error {
	if dir == "." || slices.Contains(tx.j.Dirs, dir) {
		return nil
	}
	info, err := tx.d.lstat(dir)
	switch {
	case err == nil && isLink(info):
		return fmt.Errorf("%s is a symbolic link, not a directory", dir)
	case err == nil && !info.IsDir():
		return fmt.Errorf("%s is a file, not a directory", dir)
	case err == nil:
		return nil
	case !isAbsent(err):
		return err
	}
	if err := tx.planDirs(path.Dir(dir)); err != nil {
		return err
	}
	tx.j.Dirs = append(tx.j.Dirs, dir)
	return nil
}

// makeDirs creates the directories the journal lists.
func (tx *transaction) makeDirs() error {
	for _, d := range tx.j.Dirs {
		if err := tx.d.mkdir(d); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create %s: %w", d, err)
		}
		tx.stepDone()
	}
	return nil
}

// place renames a staged file over its target: the one step at which the
// target turns from old to new.
func (tx *transaction) place(w journalWrite) error {
	if err := tx.d.rename(staged(w.New), w.Target); err != nil {
		return err
	}
	tx.placed++
	tx.stepDone()
	return nil
}

// remove moves a stale target into .bqgen/tx, where an undo finds it.
func (tx *transaction) remove(r journalWrite) error {
	if err := tx.d.rename(r.Target, staged(r.Old)); err != nil {
		return err
	}
	tx.removed++
	tx.stepDone()
	return nil
}

// writeJournal records the transaction before any target changes; the
// rename makes the journal appear whole or not at all.
func (tx *transaction) writeJournal() error {
	part := staged("journal.part")
	if err := tx.d.writeNew(part, encodeJournal(tx.j)); err != nil {
		return err
	}
	if err := tx.d.rename(part, staged("journal")); err != nil {
		return err
	}
	tx.stepDone()
	return nil
}

// commit marks the journal done, then removes the transaction: backups of
// replaced and removed files go, and so do directories the removals emptied.
func (tx *transaction) commit() error {
	tx.j.Committed = true
	if err := tx.writeJournal(); err != nil {
		return err
	}
	for _, r := range tx.j.Removals {
		tx.d.removeEmptyParents(path.Dir(r.Target))
	}
	return tx.d.removeTx()
}

// removeEmptyParents removes dir and its empty parents, never the out dir
// itself, and never through a link.
func (d *outDir) removeEmptyParents(dir string) {
	for dir != "." && d.isRealDir(dir) {
		if d.rmdir(dir) != nil {
			return // not empty, or not the run's to remove
		}
		dir = path.Dir(dir)
	}
}
