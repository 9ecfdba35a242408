package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// LedgerPath is where bqgen records the files it owns in an out dir, one
// ledger per language so two languages can share a repository. Only files in
// the ledger are ever removed.
func LedgerPath(lang string) string { return ".bqgen/" + lang + ".files" }

const ledgerHeader = "# Files written by bqgen; regenerated on every run. Do not edit.\n"

// ledgerFile lists the generated and vendored files (not scaffolds, which
// the SDK owns once written).
func ledgerFile(lang string, files []backend.File) backend.File {
	var paths []string
	for _, f := range files {
		if f.Kind != backend.Scaffold {
			paths = append(paths, f.Path)
		}
	}
	sort.Strings(paths)
	var b bytes.Buffer
	b.WriteString(ledgerHeader)
	for _, p := range paths {
		b.WriteString(p + "\n")
	}
	return backend.File{Path: LedgerPath(lang), Content: b.Bytes(), Kind: backend.Generated}
}

// readLedger returns the paths the previous run recorded; none when absent.
func readLedger(root, lang string) ([]string, error) {
	raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(LedgerPath(lang))))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var paths []string
	for i, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := checkPaths([]backend.File{{Path: line}}); err != nil {
			return nil, fmt.Errorf("%s:%d: %q is not a safe relative path; was the ledger edited?", LedgerPath(lang), i+1, line)
		}
		paths = append(paths, line)
	}
	return paths, nil
}

// stalePaths are recorded paths the new run no longer generates.
func stalePaths(old []string, files []backend.File) []string {
	now := map[string]bool{}
	for _, f := range files {
		now[f.Path] = true
	}
	var stale []string
	for _, p := range old {
		if !now[p] {
			stale = append(stale, p)
		}
	}
	return stale
}
