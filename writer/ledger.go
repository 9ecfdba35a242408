package writer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
// ledger per language so two languages can share a repository. Each line is
// the SHA-256 of the content bqgen wrote and the path, as sha256sum prints
// them: bqgen rewrites or removes a file only while it still holds exactly
// that content.
func LedgerPath(lang string) string { return ".bqgen/" + lang + ".files" }

const ledgerHeader = "# Files written by bqgen (SHA-256 of what it wrote, path); regenerated on every run. Do not edit.\n"

// ledger is what the previous run recorded: path -> hash of the content it
// wrote, "" for a line of an older ledger that recorded no hash.
type ledger map[string]string

// owns reports whether bqgen may rewrite or remove path holding content: it
// recorded the path, and the content is still what it wrote. A line without
// a hash (an older bqgen) trusts a file that carries a generated-code marker
// or is vendored suite data, as that bqgen did.
func (l ledger) owns(path string, content []byte, kind backend.Kind) bool {
	want, ok := l[path]
	switch {
	case !ok:
		return false
	case want != "":
		return want == contentHash(content)
	}
	return kind == backend.Vendored || looksGenerated(content)
}

func contentHash(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// ledgerFile lists the generated and vendored files (not scaffolds, which
// the SDK owns once written) with the hash of their content.
func ledgerFile(lang string, files []backend.File) backend.File {
	var lines []string
	for _, f := range files {
		if f.Kind != backend.Scaffold {
			lines = append(lines, contentHash(f.Content)+"  "+f.Path)
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][66:] < lines[j][66:] })
	var b bytes.Buffer
	b.WriteString(ledgerHeader)
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return backend.File{Path: LedgerPath(lang), Content: b.Bytes(), Kind: backend.Generated}
}

// readLedger returns what the previous run recorded; empty when absent.
func readLedger(root, lang string) (ledger, error) {
	raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(LedgerPath(lang))))
	if errors.Is(err, fs.ErrNotExist) {
		return ledger{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := ledger{}
	for i, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		hash, path := "", line
		if h, p, ok := strings.Cut(line, "  "); ok && isHash(h) {
			hash, path = h, p
		}
		if err := checkPaths([]backend.File{{Path: path}}); err != nil {
			return nil, fmt.Errorf("%s:%d: %q is not a safe relative path; was the ledger edited?", LedgerPath(lang), i+1, path)
		}
		out[path] = hash
	}
	return out, nil
}

func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// stalePaths are recorded paths the new run no longer generates, sorted.
func stalePaths(old ledger, files []backend.File) []string {
	now := map[string]bool{}
	for _, f := range files {
		now[f.Path] = true
	}
	var stale []string
	for p := range old {
		if !now[p] {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	return stale
}
