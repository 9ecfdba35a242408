// Package writer owns the disk: it puts a backend's files into an output
// directory atomically, keeps a ledger of what bqgen wrote, and compares a
// directory against what would be written. It knows no language.
package writer

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// checkPaths rejects paths that are not clean, relative and slash-separated,
// and duplicates: a backend bug must never write outside the out dir.
func checkPaths(files []backend.File) error {
	seen := map[string]bool{}
	for _, f := range files {
		p := f.Path
		if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, `\`) || path.Clean(p) != p ||
			p == ".." || strings.HasPrefix(p, "../") {
			return fmt.Errorf("internal error: backend produced an unsafe path %q", p)
		}
		key := strings.ToLower(p) // two paths that collide on a case-insensitive disk
		if seen[key] {
			return fmt.Errorf("internal error: backend produced %q twice", p)
		}
		seen[key] = true
	}
	return nil
}

// sortedFiles returns files ordered by path.
func sortedFiles(files []backend.File) []backend.File {
	out := append([]backend.File(nil), files...)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
