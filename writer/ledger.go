package writer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/internal/portable"
)

// LedgerPath is where bqgen records the files it owns in an out dir, one
// ledger per language so two languages can share a repository. Each line is
// the SHA-256 of the content bqgen wrote and the path as a JSON string, so
// no file name can forge a line: bqgen rewrites or removes a file only
// while it still holds exactly that content.
func LedgerPath(lang string) string { return stateDir + "/" + lang + ".files" }

// ledgerMark opens the first line of a ledger in the current format; a
// ledger without it is of an older bqgen ("HASH  path" or a bare path a
// line, the path raw), read as such and rewritten in this format by the
// next run that writes.
const ledgerMark = "# bqgen ledger v2"

const ledgerHeader = ledgerMark + ": the files bqgen wrote, one a line: the SHA-256 of what it wrote, a space, the path as a JSON string. Regenerated on every run; do not edit.\n"

// writtenByMark opens the ledger's second line, which records the bqgen
// that wrote the target: once per target, so an upgrade of bqgen rewrites
// no generated file for it (see addLedger). It is a comment, so a bqgen
// that does not know it skips it.
const writtenByMark = "# written by bqgen "

// thisVersion is the version recorded in the ledgers this bqgen writes.
var thisVersion = buildinfo.Version

// recordable is v when it can stand on a ledger line (a version's
// characters, bounded), else buildinfo.Devel: a stamped version is free
// text, and a ledger is read by every bqgen after.
func recordable(v string) string {
	if v == "" || len(v) > 128 || strings.Trim(v, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.+-_") != "" {
		return buildinfo.Devel
	}
	return v
}

// writtenBy is the bqgen version a ledger records, "" when it records
// none (an older bqgen's) or one that is not a version's characters.
func writtenBy(raw []byte) string {
	lines := strings.SplitN(string(raw), "\n", 3)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], ledgerMark) {
		return ""
	}
	v, ok := strings.CutPrefix(strings.TrimSuffix(lines[1], "\r"), writtenByMark)
	if !ok || recordable(v) != v {
		return ""
	}
	return v
}

// ledger is what the previous run recorded: path -> hash of the content it
// wrote, "" for a line of an older ledger that recorded no hash.
type ledger map[string]string

// owns reports whether bqgen may rewrite or remove path holding content: it
// recorded the path, and the content is still what it wrote. A line of an
// older ledger without a hash trusts only a file that carries bqgen's own
// generated-code marker, or one byte-equal to suite, the suite's own file
// at that path (nil when the suite has none). Line ends do not count (see
// sameText).
func (l ledger) owns(path string, content, suite []byte) bool {
	want, ok := l[path]
	switch {
	case !ok:
		return false
	case want != "":
		return hashMatches(want, content)
	}
	return isBqgenOutput(content) || (suite != nil && sameText(content, suite))
}

func contentHash(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// ledgerEntries are the files a ledger of files records: the generated and
// vendored ones (not scaffolds, which the SDK owns once written).
func ledgerEntries(files []backend.File) ledger {
	out := ledger{}
	for _, f := range files {
		if f.Kind != backend.Scaffold {
			out[f.Path] = contentHash(f.Content)
		}
	}
	return out
}

// ledgerFile is the ledger of files, sorted by path.
func ledgerFile(lang string, files []backend.File) backend.File {
	return backend.File{Path: LedgerPath(lang), Content: encodeLedger(ledgerEntries(files)), Kind: backend.Generated}
}

func encodeLedger(l ledger) []byte {
	paths := make([]string, 0, len(l))
	for p := range l {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b bytes.Buffer
	b.WriteString(ledgerHeader)
	b.WriteString(writtenByMark + recordable(thisVersion()) + "\n")
	for _, p := range paths {
		b.WriteString(l[p] + " " + jsonString(p) + "\n")
	}
	return b.Bytes()
}

// jsonString quotes s as JSON, leaving <, > and & as they are.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// readLedger returns what the previous run recorded for lang; empty when
// absent. A ledger that breaks a rule is refused with its name and line.
func readLedger(d *outDir, lang string) (ledger, error) {
	l, _, err := readLedgerBy(d, lang)
	return l, err
}

// readLedgerBy is readLedger with the version of the bqgen that wrote the
// ledger ("" when it records none).
func readLedgerBy(d *outDir, lang string) (ledger, string, error) {
	p := LedgerPath(lang)
	raw, err := d.readRegular(p, maxStateFile)
	if isAbsent(err) {
		return ledger{}, "", nil
	}
	if err == nil {
		var l ledger
		if l, err = parseLedger(raw); err == nil {
			return l, writtenBy(raw), nil
		}
	}
	return nil, "", fmt.Errorf("%w; was the ledger edited? restore it from version control, or delete it and generate with --adopt", inFile(d.name(p), err))
}

// parseLedger reads a ledger of either format. Lines may end in CRLF (a
// checkout with git's autocrlf); blank lines and # comments are skipped.
// Every path is a safe output path (outputPathProblem), listed once.
func parseLedger(raw []byte) (ledger, error) {
	lines := strings.Split(string(raw), "\n")
	current := strings.HasPrefix(lines[0], ledgerMark)
	out := ledger{}
	seen := map[string]int{} // portable.Key of a path -> its line
	for i, line := range lines {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		hash, p, err := parseLedgerLine(line, current)
		if err != nil {
			return nil, lineErr(n, "%v", err)
		}
		if why := outputPathProblem(p); why != "" {
			return nil, lineErr(n, "path %q: %s", p, why)
		}
		key := portable.Key(p)
		if first, dup := seen[key]; dup {
			return nil, lineErr(n, "path %q is listed twice (first on line %d)", p, first)
		}
		seen[key] = n
		out[p] = hash
	}
	return out, nil
}

// parseLedgerLine splits a line into hash and path: `HASH "path"` in the
// current format; `HASH  path` or a bare path in an older one.
func parseLedgerLine(line string, current bool) (hash, path string, err error) {
	if !utf8.ValidString(line) {
		return "", "", fmt.Errorf("not UTF-8")
	}
	if !current {
		if h, p, ok := strings.Cut(line, "  "); ok && isHash(strings.ToLower(h)) {
			return strings.ToLower(h), p, nil
		}
		return "", line, nil
	}
	h, quoted, ok := strings.Cut(line, " ")
	if !ok || !isHash(h) {
		return "", "", fmt.Errorf("not a SHA-256 (64 lowercase hex digits), a space and a quoted path")
	}
	if len(quoted) < 2 || quoted[0] != '"' || quoted[len(quoted)-1] != '"' || json.Unmarshal([]byte(quoted), &path) != nil {
		return "", "", fmt.Errorf("the path %s is not one JSON string", quoted)
	}
	return h, path, nil
}

// isHash accepts a SHA-256 as bqgen writes it: 64 lowercase hex digits.
func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
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

// isBqgenOutput recognises a file carrying bqgen's generated-code marker
// near the top ("Code generated by bqgen", "@generated by bqgen",
// "<auto-generated/> Generated by bqgen"), as every file it generates
// does; another tool's marker is not bqgen's.
func isBqgenOutput(content []byte) bool {
	head := content
	if len(head) > 512 {
		head = head[:512]
	}
	return bytes.Contains(bytes.ToLower(head), []byte("generated by bqgen"))
}
