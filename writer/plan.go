package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Change is one file the run would write, with what is on disk now.
type Change struct {
	File   backend.File
	Exists bool
	Old    []byte // the current content when Exists
}

// Conflict is a file bqgen would have to overwrite or remove but may not:
// it did not write it, or the file changed since it did.
type Conflict struct {
	Path   string
	Reason string
}

// Plan is everything a run would change in an out dir, computed without
// touching it. Write applies it; check reports it.
type Plan struct {
	Root     string
	Lang     string
	Changes  []Change // files to create or rewrite, sorted by path
	Removals []string // files bqgen wrote before and no longer generates
	// Conflicts are the files in the way, sorted by path: Write refuses them
	// unless adopting, and then overwrites them, or leaves a stale one in
	// place for the SDK to keep (the new ledger no longer lists it).
	Conflicts []Conflict
}

// Empty reports whether the out dir already holds exactly the output.
func (p *Plan) Empty() bool {
	return len(p.Changes) == 0 && len(p.Removals) == 0 && len(p.Conflicts) == 0
}

// MakePlan compares files with the out dir, reading only. A file bqgen would
// overwrite or remove that its ledger does not show as bqgen's own, with the
// content bqgen wrote, is a Conflict: an SDK's own test, a hand-written
// vendored file or a hand edit is never lost.
func MakePlan(root, lang string, files []backend.File) (*Plan, error) {
	if err := checkPaths(files); err != nil {
		return nil, err
	}
	if err := checkRoot(root); err != nil {
		return nil, err
	}
	old, err := readLedger(root, lang)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Root: root, Lang: lang}
	for _, f := range sortedFiles(files) {
		if err := plan.compare(f, old); err != nil {
			return nil, err
		}
	}
	for _, p := range stalePaths(old, files) {
		if err := plan.stale(p, old); err != nil {
			return nil, err
		}
	}
	ledgerChange, needed, err := readChange(root, ledgerFile(lang, files))
	if err != nil {
		return nil, err
	}
	if needed {
		plan.Changes = append(plan.Changes, ledgerChange)
	}
	return plan, nil
}

// checkRoot accepts an out dir that is a directory or does not exist yet.
func checkRoot(root string) error {
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

// compare decides whether f must be written, and whether bqgen may.
func (p *Plan) compare(f backend.File, old ledger) error {
	change, needed, err := readChange(p.Root, f)
	if err != nil || !needed {
		return err
	}
	switch {
	case !change.Exists:
	case f.Kind == backend.Scaffold:
		return nil // the SDK's own once written
	case !old.owns(f.Path, change.Old, f.Kind):
		p.Conflicts = append(p.Conflicts, Conflict{f.Path, conflictReason(f.Path, old)})
	}
	p.Changes = append(p.Changes, change)
	return nil
}

// stale decides what happens to a recorded file the run no longer generates.
func (p *Plan) stale(path string, old ledger) error {
	cur, err := os.ReadFile(diskPath(p.Root, path))
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	// An older ledger recorded no kinds; the vendored files it lists are the
	// suite's JSON files.
	kind := backend.Generated
	if strings.HasSuffix(path, ".json") {
		kind = backend.Vendored
	}
	if old.owns(path, cur, kind) {
		p.Removals = append(p.Removals, path)
		return nil
	}
	p.Conflicts = append(p.Conflicts, Conflict{path, "bqgen no longer generates it, and it was edited since bqgen wrote it: delete it or keep it (--adopt keeps it and forgets it)"})
	return nil
}

func conflictReason(path string, old ledger) string {
	if _, ok := old[path]; ok {
		return "edited since bqgen wrote it"
	}
	return "bqgen did not write it"
}

// readChange reads what is on disk at f's path: whether f must be written,
// and the current content.
func readChange(root string, f backend.File) (Change, bool, error) {
	cur, err := os.ReadFile(diskPath(root, f.Path))
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		// Absent, or a parent is a file: Write reports the latter and rolls back.
		return Change{File: f}, true, nil
	}
	if err != nil {
		return Change{}, false, fmt.Errorf("read %s: %w", f.Path, err)
	}
	if bytes.Equal(cur, f.Content) {
		return Change{}, false, nil
	}
	return Change{File: f, Exists: true, Old: cur}, true, nil
}

// Refusal is the error for a plan with conflicts: every file, and why.
func (p *Plan) Refusal() error {
	if len(p.Conflicts) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "refusing to write into %s: %d file(s) in the way, nothing was written:", quote.Name(p.Root), len(p.Conflicts))
	for _, c := range p.Conflicts {
		fmt.Fprintf(&b, "\n  %s: %s", quote.Name(c.Path), c.Reason)
	}
	b.WriteString("\nmove them away or undo the edits, or run again with --adopt to let bqgen take them over (its version replaces theirs)")
	return errors.New(b.String())
}

// looksGenerated recognises a file carrying a generated-code marker near the
// top, so a first run over an older bqgen output (without ledger) works.
func looksGenerated(content []byte) bool {
	head := content
	if len(head) > 512 {
		head = head[:512]
	}
	for _, marker := range []string{"@generated", "Code generated", "<auto-generated"} {
		if bytes.Contains(head, []byte(marker)) {
			return true
		}
	}
	return false
}

func diskPath(root, slashPath string) string {
	return filepath.Join(root, filepath.FromSlash(slashPath))
}
