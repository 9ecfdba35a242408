package writer

import (
	"path"
	"strings"
)

// Older bqgen versions staged files beside their targets, as
// ".bqgen-new-*" (a new content) and ".bqgen-old-NAME" (NAME's old content);
// a run killed mid-way left them there, where PHPUnit and javac pick them
// up. sweepLegacyLitter clears them from every directory an out dir's
// ledgers mention (reached through no link): a new content is deleted, an
// old one is put back where its file, one a ledger lists, is missing, and
// deleted otherwise.
func sweepLegacyLitter(d *outDir, recorded []string) error {
	owned := map[string]bool{}
	for _, p := range recorded {
		owned[p] = true
	}
	for dir := range dirsOf(owned) {
		for _, name := range d.entries(dir) {
			if err := sweepEntry(d, dir, name, owned); err != nil {
				return err
			}
		}
	}
	return nil
}

func sweepEntry(d *outDir, dir, name string, owned map[string]bool) error {
	litter := path.Join(dir, name)
	if info, err := d.lstat(litter); err != nil || !info.Mode().IsRegular() {
		return nil // only regular files are litter
	}
	switch {
	case strings.HasPrefix(name, legacyNew):
		return ignoreMissing(d.remove(litter))
	case strings.HasPrefix(name, legacyOld):
		target := path.Join(dir, strings.TrimPrefix(name, legacyOld))
		if _, err := d.lstat(target); isAbsent(err) && owned[target] {
			return d.rename(litter, target)
		}
		return ignoreMissing(d.remove(litter))
	}
	return nil
}

// The prefixes of an older bqgen's staged files.
const (
	legacyNew = ".bqgen-new-"
	legacyOld = ".bqgen-old-"
)

// entries are the names in the real directory dir; none when it is gone
// or reached through a link.
func (d *outDir) entries(dir string) []string {
	if dir != "." && !d.isRealDir(dir) {
		return nil
	}
	f, err := d.root.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	return names
}

// ledgerPaths are the paths every ledger in the out dir lists.
func ledgerPaths(d *outDir) ([]string, error) {
	if err := checkStateDir(d); err != nil {
		return nil, err
	}
	var out []string
	for _, name := range d.entries(stateDir) {
		lang, ok := strings.CutSuffix(name, ".files")
		if !ok || !isLangName(lang) {
			continue
		}
		l, err := readLedger(d, lang)
		if err != nil {
			return nil, err
		}
		for p := range l {
			out = append(out, p)
		}
	}
	return out, nil
}

func dirsOf(paths map[string]bool) map[string]bool {
	dirs := map[string]bool{}
	for p := range paths {
		dirs[path.Dir(p)] = true
	}
	return dirs
}
