package writer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// A run that is killed at any moment leaves every file at its old or its new
// content, and the next run puts the whole directory back as it was before.
//
// Everything a run stages lives in .bqgen/tx/ (names without an extension,
// in a directory every test runner skips): the new contents, a link to (or
// copy of) each old content, and a journal listing both, written before any
// target is touched. Each target then changes by one rename, which is atomic.
// An error or SIGINT/SIGTERM (the context) undoes the renames from the
// journal; after SIGKILL, the next run finds the journal and undoes them
// before it plans (recover). A committed run removes .bqgen/tx/.

const txDir = stateDir + "/tx"

// journal is the record of one run's transaction, in .bqgen/tx/journal.
type journal struct {
	Committed bool           `json:"committed"`
	Writes    []journalWrite `json:"writes"`
	Removals  []journalWrite `json:"removals"`
	Dirs      []string       `json:"dirs"` // directories the run made, outermost first
}

// journalWrite is one target: the staged new content ("" for a removal) and
// the saved old content ("" when the target did not exist).
type journalWrite struct {
	Target string `json:"target"`
	New    string `json:"new,omitempty"`
	Old    string `json:"old,omitempty"`
}

// afterStep, when set (by tests), runs after each step that changes the
// disk, numbered from 1: tests kill the process there.
var afterStep func(step int)

// Write carries out a plan for files in root as one transaction, holding
// the out dir's lock: leftovers of an interrupted run are undone first, then
// the plan is made, refused if anything is in the way (unless adopt), and
// applied. It returns the plan it applied.
func Write(ctx context.Context, root, lang string, files []backend.File, adopt bool) (*Plan, error) {
	if err := checkRoot(root); err != nil {
		return nil, err
	}
	l, err := lock(root)
	if err != nil {
		return nil, err
	}
	wrote := false // something was written and committed
	defer func() { l.unlock(!wrote) }()
	if err := recoverTx(root); err != nil {
		return nil, err
	}
	plan, err := MakePlan(root, lang, files)
	if err != nil {
		return nil, err
	}
	if !adopt {
		if err := plan.Refusal(); err != nil {
			return nil, err
		}
	}
	if len(plan.Changes) == 0 && len(plan.Removals) == 0 {
		return plan, nil
	}
	if err := apply(ctx, plan); err != nil {
		return nil, err
	}
	wrote = true
	return plan, nil
}

// apply runs the transaction; on any error, or when ctx ends, it undoes
// every step and reports why, leaving root as it was.
func apply(ctx context.Context, p *Plan) error {
	tx := &transaction{root: p.Root, tmp: filepath.Join(p.Root, filepath.FromSlash(txDir))}
	err := tx.run(ctx, p)
	if err != nil {
		if rerr := tx.rollback(); rerr != nil {
			return fmt.Errorf("%w; undoing it failed too (%v): the next run will finish undoing it", err, rerr)
		}
		return fmt.Errorf("%w (the out dir is unchanged)", err)
	}
	return tx.commit()
}

type transaction struct {
	root, tmp string
	j         journal
	placed    int // how many of j.Writes are renamed into place
	removed   int // how many of j.Removals are moved into tmp
	step      int
}

func (tx *transaction) stepDone() {
	tx.step++
	if afterStep != nil {
		afterStep(tx.step)
	}
}

func (tx *transaction) run(ctx context.Context, p *Plan) error {
	if err := os.MkdirAll(tx.tmp, 0o755); err != nil {
		return err
	}
	for i, c := range p.Changes {
		if err := tx.stage(i, c); err != nil {
			return fmt.Errorf("write %s: %w", c.File.Path, err)
		}
	}
	for i, r := range p.Removals {
		tx.j.Removals = append(tx.j.Removals, journalWrite{Target: r, Old: fmt.Sprintf("removed-%04d", i)})
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
		if err := os.Rename(tx.disk(r.Target), tx.staged(r.Old)); err != nil {
			return fmt.Errorf("remove %s: %w", r.Target, err)
		}
		tx.removed++
		tx.stepDone()
	}
	if err := ctx.Err(); err != nil {
		return interrupted(err)
	}
	return nil
}

// ErrInterrupted is returned when a signal ends a run; it was undone.
var ErrInterrupted = errors.New("interrupted")

func interrupted(err error) error { return fmt.Errorf("%w (%v)", ErrInterrupted, err) }

// stage writes the new content of change i into tmp, and saves its old
// content there too, making any directory the target needs.
func (tx *transaction) stage(i int, c Change) error {
	w := journalWrite{Target: c.File.Path, New: fmt.Sprintf("new-%04d", i)}
	if err := os.WriteFile(tx.staged(w.New), c.File.Content, 0o644); err != nil {
		return err
	}
	if c.Exists {
		w.Old = fmt.Sprintf("old-%04d", i)
		if err := saveOld(tx.disk(w.Target), tx.staged(w.Old)); err != nil {
			return err
		}
	}
	if err := tx.planDirs(filepath.Dir(tx.disk(w.Target))); err != nil {
		return err
	}
	tx.j.Writes = append(tx.j.Writes, w)
	tx.stepDone()
	return nil
}

// saveOld keeps the old content at backup: a hard link when the file system
// allows one (the rename that replaces the target leaves it intact), else a
// copy.
func saveOld(target, backup string) error {
	if os.Link(target, backup) == nil {
		return nil
	}
	in, err := os.Open(target)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(backup, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// planDirs records dir and its missing parents, outermost first, for
// makeDirs to create once the journal lists them.
func (tx *transaction) planDirs(dir string) error {
	rel, _ := filepath.Rel(tx.root, dir)
	if slices.Contains(tx.j.Dirs, filepath.ToSlash(rel)) {
		return nil
	}
	info, err := os.Stat(dir)
	if err == nil {
		if !info.IsDir() {
			return fmt.Errorf("%s is a file, not a directory", rel)
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := tx.planDirs(filepath.Dir(dir)); err != nil {
		return err
	}
	tx.j.Dirs = append(tx.j.Dirs, filepath.ToSlash(rel))
	return nil
}

// makeDirs creates the directories the journal lists.
func (tx *transaction) makeDirs() error {
	for _, d := range tx.j.Dirs {
		if err := os.Mkdir(tx.disk(d), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create %s: %w", d, err)
		}
		tx.stepDone()
	}
	return nil
}

// place renames a staged file over its target: the one step at which the
// target turns from old to new.
func (tx *transaction) place(w journalWrite) error {
	if err := os.Rename(tx.staged(w.New), tx.disk(w.Target)); err != nil {
		return err
	}
	tx.placed++
	tx.stepDone()
	return nil
}

// writeJournal records the transaction before any target changes; the
// rename makes the journal appear whole or not at all.
func (tx *transaction) writeJournal() error {
	data, err := json.Marshal(tx.j)
	if err != nil {
		return err
	}
	part := tx.staged("journal.part")
	if err := os.WriteFile(part, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(part, tx.staged("journal")); err != nil {
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
		removeEmptyParents(filepath.Dir(tx.disk(r.Target)), filepath.Clean(tx.root))
	}
	return os.RemoveAll(tx.tmp)
}

// rollback undoes what run did, newest first.
func (tx *transaction) rollback() error {
	var errs []error
	for i := tx.removed - 1; i >= 0; i-- {
		r := tx.j.Removals[i]
		errs = append(errs, ignoreMissing(os.Rename(tx.staged(r.Old), tx.disk(r.Target))))
	}
	for i := tx.placed - 1; i >= 0; i-- {
		errs = append(errs, tx.unplace(tx.j.Writes[i]))
	}
	errs = append(errs, tx.removeDirs())
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return os.RemoveAll(tx.tmp)
}

// unplace puts a target back: its old content, or no file when it had none.
// A backup already gone was restored by an earlier, interrupted undo.
func (tx *transaction) unplace(w journalWrite) error {
	if w.Old != "" {
		return ignoreMissing(os.Rename(tx.staged(w.Old), tx.disk(w.Target)))
	}
	return ignoreMissing(os.Remove(tx.disk(w.Target)))
}

func ignoreMissing(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// removeDirs removes the directories the run made, innermost first, where
// they are empty again.
func (tx *transaction) removeDirs() error {
	for i := len(tx.j.Dirs) - 1; i >= 0; i-- {
		err := os.Remove(tx.disk(tx.j.Dirs[i]))
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !isNotEmpty(err) {
			return err
		}
	}
	return nil
}

func isNotEmpty(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "not empty")
}

// recoverTx finishes what an interrupted run left in .bqgen/tx/: a run
// killed before its journal was written touched no target, so its staged
// files are deleted; one killed after is undone from the journal; one that
// had committed only lacks its clean-up. Litter of older bqgen versions
// beside the files they wrote is cleared too.
func recoverTx(root string) error {
	if err := sweepLegacyLitter(root); err != nil {
		return err
	}
	tx := &transaction{root: root, tmp: filepath.Join(root, filepath.FromSlash(txDir))}
	data, err := os.ReadFile(tx.staged("journal"))
	if errors.Is(err, fs.ErrNotExist) {
		return os.RemoveAll(tx.tmp)
	}
	if err != nil {
		return fmt.Errorf("read the journal of an interrupted run: %w", err)
	}
	if err := json.Unmarshal(data, &tx.j); err != nil {
		return fmt.Errorf("%s/journal of an interrupted run is unreadable (%v): restore the out dir from version control and delete %s", txDir, err, txDir)
	}
	if tx.j.Committed {
		return os.RemoveAll(tx.tmp)
	}
	tx.placed, tx.removed = len(tx.j.Writes), len(tx.j.Removals)
	if err := tx.rollback(); err != nil {
		return fmt.Errorf("undo an interrupted run: %w", err)
	}
	return nil
}

func (tx *transaction) disk(slashPath string) string { return diskPath(tx.root, slashPath) }
func (tx *transaction) staged(name string) string    { return filepath.Join(tx.tmp, name) }

// removeEmptyParents removes dir and its empty parents, never root itself
// nor anything above it.
func removeEmptyParents(dir, root string) {
	for dir != root && strings.HasPrefix(dir, root+string(filepath.Separator)) {
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) > 0 || os.Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}
