package writer

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Change is one file the run would write, with what is on disk now.
type Change struct {
	File   backend.File
	Exists bool
	Old    []byte // the current content when Exists
}

// Conflict is a file bqgen would have to overwrite or remove but may not:
// it did not write it, or the file changed since it did, or a link or a
// directory is where bqgen would write a file.
type Conflict struct {
	Path   string
	Reason string
	// Blocks is set for a link or a non-regular file where bqgen would
	// write: refused even with --adopt, which takes over only files.
	Blocks bool
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
	// Advice lists the SDK's own attributes files bqgen leaves alone where
	// it would write its own, with the lines they lack (AttributesFile).
	Advice []Advice
	// WrittenBy is the version of the bqgen that last wrote the out dir, as
	// its ledger records it; "" when it records none.
	WrittenBy string

	removalHashes map[string]string // each removal's content, as planned
}

// ByNewerBqgen reports whether a later bqgen than this one wrote the out
// dir (buildinfo.Newer: development builds are never later or earlier).
// Then what differs may be that bqgen's output, not drift.
func (p *Plan) ByNewerBqgen() bool { return buildinfo.Newer(p.WrittenBy, thisVersion()) }

// Empty reports whether the out dir already holds exactly the output.
func (p *Plan) Empty() bool {
	return len(p.Changes) == 0 && len(p.Removals) == 0 && len(p.Conflicts) == 0
}

// MakePlan compares files with the out dir, reading only. A file bqgen would
// overwrite or remove that its ledger does not show as bqgen's own, with the
// content bqgen wrote, is a Conflict: an SDK's own test, a hand-written
// vendored file or a hand edit is never lost. So is a link or a directory
// where bqgen would write a file: it writes through no link.
func MakePlan(root, lang string, files []backend.File) (*Plan, error) {
	if err := checkInput(root, lang, files); err != nil {
		return nil, err
	}
	d, err := openOutDir(root)
	if err != nil {
		return nil, err
	}
	defer d.close()
	return makePlan(d, lang, files)
}

// checkInput refuses what a caller must never pass: an unsafe or
// duplicate path, a language name that is not a plain word, an out dir
// that is a file.
func checkInput(root, lang string, files []backend.File) error {
	if !isLangName(lang) {
		return fmt.Errorf("internal error: language %q is not a plain lowercase name", lang)
	}
	if err := checkPaths(files); err != nil {
		return err
	}
	return checkRoot(root)
}

func makePlan(d *outDir, lang string, files []backend.File) (*Plan, error) {
	if err := checkStateDir(d); err != nil {
		return nil, err
	}
	old, by, err := readLedgerBy(d, lang)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Root: d.path, Lang: lang, WrittenBy: by, removalHashes: map[string]string{}}
	var written []backend.File // files without the SDK's own attributes files
	for _, f := range sortedFiles(files) {
		kept, err := plan.keepSDKAttributes(d, f, old)
		if err != nil {
			return nil, err
		}
		if kept {
			continue
		}
		written = append(written, f)
		if err := plan.compare(d, f, old); err != nil {
			return nil, err
		}
	}
	files = written
	for _, p := range stalePaths(old, files) {
		if err := plan.stale(d, p, old); err != nil {
			return nil, err
		}
	}
	if err := plan.addLedger(d, lang, files, old); err != nil {
		return nil, err
	}
	if err := plan.addIgnore(d); err != nil {
		return nil, err
	}
	return plan, nil
}

// compare decides whether f must be written, and whether bqgen may.
func (p *Plan) compare(d *outDir, f backend.File, old ledger) error {
	cur, err := d.inspect(f.Path)
	if err != nil {
		return err
	}
	switch {
	case cur.blocker != "" && f.Kind == backend.Scaffold && d.present(f.Path):
		return nil // the SDK's own once there, whatever it is
	case cur.blocker != "":
		p.Conflicts = append(p.Conflicts, Conflict{Path: f.Path, Reason: cur.blocker + blocksWrite, Blocks: true})
		return nil
	case cur.exists && sameText(cur.content, f.Content):
		return nil
	case cur.exists && f.Kind == backend.Scaffold:
		return nil // the SDK's own once written
	case cur.exists && !old.owns(f.Path, cur.content, suiteContent(f)):
		p.Conflicts = append(p.Conflicts, Conflict{Path: f.Path, Reason: conflictReason(f.Path, old)})
	}
	p.Changes = append(p.Changes, Change{File: f, Exists: cur.exists, Old: cur.content})
	return nil
}

// keepSDKAttributes reports whether f is an attributes file where the SDK
// has one of its own (anything there the ledger does not record): bqgen
// leaves it, neither writing nor recording it, and advises the lines it
// lacks.
func (p *Plan) keepSDKAttributes(d *outDir, f backend.File, old ledger) (bool, error) {
	if !isAttributes(f.Path) {
		return false, nil
	}
	if _, ours := old[f.Path]; ours {
		return false, nil
	}
	cur, err := d.inspect(f.Path)
	if err != nil || (!cur.exists && cur.blocker == "") {
		return false, err
	}
	if lines := missingLines(cur.content, f.Content); len(lines) > 0 {
		p.Advice = append(p.Advice, Advice{Path: f.Path, Lines: lines})
	}
	return true, nil
}

// suiteContent is the suite's own file at f's path, nil when f is not one.
func suiteContent(f backend.File) []byte {
	if f.Kind == backend.Vendored {
		return f.Content
	}
	return nil
}

// present reports whether anything is at p, reached through links that
// stay inside the out dir.
func (d *outDir) present(p string) bool {
	if d.root == nil {
		return false
	}
	_, err := d.root.Stat(p)
	return err == nil
}

// stale decides what happens to a recorded file the run no longer
// generates. One that is no longer bqgen's, or that sits behind a link, is
// in the way; --adopt keeps it and forgets it.
func (p *Plan) stale(d *outDir, path string, old ledger) error {
	cur, err := d.inspect(path)
	switch {
	case err != nil:
		return err
	case cur.blocker != "":
		p.Conflicts = append(p.Conflicts, Conflict{Path: path, Reason: "bqgen no longer generates it, and " + cur.blocker + blocksRemoval})
	case !cur.exists:
	case old.owns(path, cur.content, nil):
		p.Removals = append(p.Removals, path)
		p.removalHashes[path] = contentHash(cur.content)
	default:
		p.Conflicts = append(p.Conflicts, Conflict{Path: path, Reason: staleReason(path, old)})
	}
	return nil
}

// What a blocker in the way of a write or a removal means.
const (
	blocksWrite   = ": bqgen writes only regular files, through no symbolic link, not even with --adopt; put a real file or directory there"
	blocksRemoval = ": bqgen removes nothing through a link; delete it or keep it (--adopt keeps it and forgets it)"
)

func staleReason(path string, old ledger) string {
	if old[path] == "" {
		return "bqgen no longer generates it, and an older ledger recorded no hash while the file carries no bqgen marker: delete it or keep it (--adopt keeps it and forgets it)"
	}
	return "bqgen no longer generates it, and it was edited since bqgen wrote it: delete it or keep it (--adopt keeps it and forgets it)"
}

func conflictReason(path string, old ledger) string {
	if _, ok := old[path]; ok {
		return "edited since bqgen wrote it"
	}
	return "bqgen did not write it"
}

// addLedger plans the new ledger. One that records the same files in an
// older format, or written by another bqgen version, is rewritten only
// with a run that writes anyway, so a check after an upgrade of bqgen
// still finds the out dir up to date, and the ledger keeps naming the
// bqgen that wrote the files as they are.
func (p *Plan) addLedger(d *outDir, lang string, files []backend.File, old ledger) error {
	want := ledgerFile(lang, files)
	cur, err := d.inspect(want.Path)
	switch {
	case err != nil:
		return err
	case cur.blocker != "":
		return fmt.Errorf("%s: %s", d.name(want.Path), cur.blocker)
	case cur.exists && sameText(cur.content, want.Content):
		return nil
	case cur.exists && p.nothingToDo() && maps.Equal(old, ledgerEntries(files)):
		return nil
	}
	p.Changes = append(p.Changes, Change{File: want, Exists: cur.exists, Old: cur.content})
	return nil
}

func (p *Plan) nothingToDo() bool { return len(p.Changes) == 0 && len(p.Removals) == 0 }

// Refusal is the error for a plan with conflicts: every file, and why.
func (p *Plan) Refusal() error { return p.refusal(false) }

// refusal is the error for the conflicts a run may not go past: all of
// them, or with adopt the ones that block.
func (p *Plan) refusal(adopt bool) error {
	var in []Conflict
	for _, c := range p.Conflicts {
		if !adopt || c.Blocks {
			in = append(in, c)
		}
	}
	if len(in) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "refusing to write into %s: %d file(s) in the way, nothing was written:", quote.Name(p.Root), len(in))
	for _, c := range in {
		fmt.Fprintf(&b, "\n  %s: %s", quote.Name(c.Path), c.Reason)
	}
	b.WriteString("\nmove them away or undo the edits, or run again with --adopt to let bqgen take them over (its version replaces theirs)")
	return errors.New(b.String())
}
