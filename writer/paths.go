// Package writer owns the disk: it puts a backend's files into an output
// directory atomically, keeps a ledger of what bqgen wrote, and compares a
// directory against what would be written. It knows no language.
package writer

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/portable"
)

// checkPaths rejects paths that are not safe (pathProblem), that fall in
// bqgen's state directory, and two that name one file somewhere: neither
// a backend bug nor a file name a suite brings may write outside the out
// dir, into a ledger, or one file twice.
func checkPaths(files []backend.File) error {
	seen := map[string]string{} // portable.Key -> the path
	for _, f := range files {
		if why := outputPathProblem(f.Path); why != "" {
			return fmt.Errorf("refusing to write %q: %s", f.Path, why)
		}
		key := portable.Key(f.Path)
		first, dup := seen[key]
		switch {
		case dup && first == f.Path:
			return fmt.Errorf("internal error: backend produced %q twice", f.Path)
		case dup:
			return fmt.Errorf("refusing to write %q and %q: %s", first, f.Path, oneFile)
		}
		seen[key] = f.Path
	}
	return nil
}

// oneFile says why two paths with one portable.Key are refused.
const oneFile = "they differ only in case or Unicode normalization (NFC, NFD), and macOS and Windows hold them as one file"

// pathProblem says why p is not a safe path inside an out dir, "" when it
// is: a clean, relative, slash-separated UTF-8 path that stays below the
// dir and holds no control character (which could forge a line of a state
// file or reach a terminal), no backslash (a separator on Windows), no
// colon (a drive or a stream on Windows), and is portable: no part of it
// is a version control system's directory in any spelling (.git, .GIT,
// .git., GIT~1), a Windows device name or short name (portable.Problem).
// A ledger or journal line naming one is refused with its line.
func pathProblem(p string) string {
	switch {
	case p == "" || p == ".":
		return "it names no file"
	case !utf8.ValidString(p):
		return "it is not UTF-8"
	case strings.ContainsFunc(p, unicode.IsControl):
		return "it holds a control character"
	case strings.Contains(p, `\`):
		return "it holds a backslash"
	case strings.Contains(p, ":"):
		// On Windows "C:x" names a drive, and "a.go:x" a stream of a.go.
		return "it holds a colon (a drive letter or a file's stream on Windows)"
	case strings.HasPrefix(p, "/"):
		return "it is absolute"
	case p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../"):
		return "it leaves the out dir (..)"
	case path.Clean(p) != p:
		return "it is not clean (an empty or . part, or a trailing /)"
	}
	return portable.Problem(p)
}

// outputPathProblem is pathProblem for a file bqgen generates or records:
// .bqgen/ holds only bqgen's own state, never an output.
func outputPathProblem(p string) string {
	if why := pathProblem(p); why != "" {
		return why
	}
	if isStatePath(p) {
		return "it lies in " + stateDir + "/, bqgen's own state"
	}
	return ""
}

// isStatePath reports whether p lies in the state dir (or is it).
func isStatePath(p string) bool {
	return p == stateDir || strings.HasPrefix(p, stateDir+"/")
}

// isLedgerPath reports whether p is a ledger's path, LedgerPath of a
// language name.
func isLedgerPath(p string) bool {
	name, ok := strings.CutPrefix(p, stateDir+"/")
	lang, isLedger := strings.CutSuffix(name, ".files")
	return ok && isLedger && isLangName(lang)
}

// isLangName accepts the names of bqgen's languages: lowercase letters and
// digits, so a ledger's path is always one plain file in .bqgen/.
func isLangName(lang string) bool {
	if lang == "" {
		return false
	}
	for _, r := range lang {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// sortedFiles returns files ordered by path.
func sortedFiles(files []backend.File) []backend.File {
	out := append([]backend.File(nil), files...)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
