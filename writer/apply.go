package writer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Apply carries out a plan as one transaction: every new file is first
// written beside its target, then old files are set aside, then everything
// is renamed into place. Any failure restores the out dir exactly as it was.
func Apply(p *Plan) error {
	tx := &transaction{}
	err := tx.run(p)
	if err != nil {
		tx.rollback()
		return err
	}
	tx.commit(p.Root)
	return nil
}

// transaction records every step so it can be undone in reverse.
type transaction struct {
	createdDirs []string          // directories made for new files, deepest last
	staged      map[string]string // target path -> temp file holding its new content
	setAside    map[string]string // target path -> backup of its old content
	placed      []string          // targets renamed into place
}

func (tx *transaction) run(p *Plan) error {
	tx.staged, tx.setAside = map[string]string{}, map[string]string{}
	for _, c := range p.Changes {
		if err := tx.stage(diskPath(p.Root, c.File.Path), c.File.Content); err != nil {
			return fmt.Errorf("write %s: %w", c.File.Path, err)
		}
	}
	for _, c := range p.Changes {
		if err := tx.place(diskPath(p.Root, c.File.Path)); err != nil {
			return fmt.Errorf("write %s: %w", c.File.Path, err)
		}
	}
	for _, r := range p.Removals {
		if err := tx.setAsideFile(diskPath(p.Root, r)); err != nil {
			return fmt.Errorf("remove %s: %w", r, err)
		}
	}
	return nil
}

func (tx *transaction) stage(target string, content []byte) error {
	if err := tx.mkdirs(filepath.Dir(target)); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), ".bqgen-new-*")
	if err != nil {
		return err
	}
	tx.staged[target] = tmp.Name()
	_, werr := tmp.Write(content)
	cerr := tmp.Close()
	if werr != nil {
		return werr
	}
	if cerr != nil {
		return cerr
	}
	return os.Chmod(tmp.Name(), 0o644)
}

// mkdirs creates dir and its missing parents, remembering each one made.
func (tx *transaction) mkdirs(dir string) error {
	if info, err := os.Stat(dir); err == nil {
		if !info.IsDir() {
			return fmt.Errorf("%s is not a directory", dir)
		}
		return nil
	}
	if err := tx.mkdirs(filepath.Dir(dir)); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	tx.createdDirs = append(tx.createdDirs, dir)
	return nil
}

func (tx *transaction) place(target string) error {
	if _, err := os.Lstat(target); err == nil {
		if err := tx.setAsideFile(target); err != nil {
			return err
		}
	}
	if err := os.Rename(tx.staged[target], target); err != nil {
		return err
	}
	delete(tx.staged, target)
	tx.placed = append(tx.placed, target)
	return nil
}

func (tx *transaction) setAsideFile(target string) error {
	backup := filepath.Join(filepath.Dir(target), ".bqgen-old-"+filepath.Base(target))
	if err := os.Rename(target, backup); err != nil {
		return err
	}
	tx.setAside[target] = backup
	return nil
}

// rollback undoes every step, newest first; it is best effort by nature.
func (tx *transaction) rollback() {
	for i := len(tx.placed) - 1; i >= 0; i-- {
		_ = os.Remove(tx.placed[i])
	}
	for target, backup := range tx.setAside {
		_ = os.Rename(backup, target)
	}
	for _, tmp := range tx.staged {
		_ = os.Remove(tmp)
	}
	for i := len(tx.createdDirs) - 1; i >= 0; i-- {
		_ = os.Remove(tx.createdDirs[i])
	}
}

// commit drops the backups and the directories emptied by removals.
func (tx *transaction) commit(root string) {
	for target, backup := range tx.setAside {
		_ = os.Remove(backup)
		removeEmptyParents(filepath.Dir(target), filepath.Clean(root))
	}
}

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
