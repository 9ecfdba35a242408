package reportio

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/portable"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/results"
	"github.com/babelqueue/bqgen/safefile"
)

// resultFile is a file to read results from; guessed is one --results-dir
// found that may be something else (a runner's text summary): skipped,
// with a warning, when results.Read does not take it.
type resultFile struct {
	path    string
	guessed bool
}

// resultExts are the extensions of the formats results.Read takes: a file
// with one that does not read is an error, never skipped.
var resultExts = map[string]bool{".json": true, ".jsonl": true, ".xml": true, ".trx": true}

// maxResultFiles bounds how many result files one report reads: a test
// run writes one or a few per target, and each file is read whole.
const maxResultFiles = 10000

// resultFiles are --results, then every regular file under --results-dir
// (hidden directories skipped), in lexical order.
func resultFiles(q Request) ([]resultFile, error) {
	var files []resultFile
	for _, f := range q.Flags.StringSlice("results") {
		files = append(files, resultFile{path: f})
	}
	dir := q.Flags.String("results-dir")
	if dir == "" {
		return files, nil
	}
	// The walk follows no link below dir; dir itself must be reached
	// through none the checkout holds, as every file read is.
	if root, rel, err := safefile.Anchor(dir); err == nil {
		if _, err := safefile.ReadDir(root, rel); err != nil && !safefile.IsAbsent(err) {
			return nil, exitcode.Problemsf("--results-dir: %v", err)
		}
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != dir && strings.HasPrefix(d.Name(), "."):
			return filepath.SkipDir
		case d.Type().IsRegular() && len(files) >= maxResultFiles:
			return fmt.Errorf("%s holds more than %d files, the limit for the result files of one report", quote.Name(dir), maxResultFiles)
		case d.Type().IsRegular():
			files = append(files, resultFile{path: p, guessed: !resultExts[strings.ToLower(filepath.Ext(p))]})
		}
		return nil
	})
	if err != nil {
		return nil, exitcode.Problemsf("--results-dir: %v", err)
	}
	return files, nil
}

// readResults reads every result file; one results.Read refuses is an
// error naming it (it names the place), unless --results-dir only guessed
// it was one.
func readResults(files []resultFile, notes io.Writer) ([]results.Run, error) {
	return readResultsWithin(files, notes, safefile.ResultsTotal.Limit)
}

// readResultsWithin is readResults refusing the file with which the files
// read pass limit bytes together.
func readResultsWithin(files []resultFile, notes io.Writer, limit int64) ([]results.Run, error) {
	var runs []results.Run
	var total int64
	var notResults []string
	defer func() { noteNotResults(notes, notResults) }()
	for _, f := range files {
		data, err := safefile.Read(f.path, safefile.Result)
		if err != nil {
			return nil, exitcode.Problemsf("%v", err)
		}
		if total += int64(len(data)); total > limit {
			return nil, exitcode.Problemsf("%s: with it, the result files come to more than %d bytes, the limit for %s; report on fewer at once", quote.Name(f.path), limit, safefile.ResultsTotal.Name)
		}
		run, err := results.Read(f.path, data)
		if err != nil && f.guessed {
			notResults = append(notResults, f.path)
			continue
		}
		if err != nil {
			return nil, exitcode.Problemsf("%v", err)
		}
		if run.File == "" {
			run.File = f.path
		}
		runs = append(runs, run)
	}
	return runs, nil
}

// maxNotResultsNamed bounds the files noteNotResults names.
const maxNotResultsNamed = 3

// noteNotResults says, in one line, which files under --results-dir were
// not read: a runner writes text beside its XML (Surefire a .txt per
// class), and a line for each would bury the report.
func noteNotResults(stderr io.Writer, paths []string) {
	if len(paths) == 0 {
		return
	}
	named := make([]string, 0, maxNotResultsNamed)
	for _, p := range paths[:min(len(paths), maxNotResultsNamed)] {
		named = append(named, quote.Name(p))
	}
	more := ""
	if n := len(paths) - len(named); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	fmt.Fprintf(stderr, "note: --results-dir: %d files are not results in a format bqgen reads, and were not read: %s%s\n",
		len(paths), strings.Join(named, ", "), more)
}

func readMergeReport(file string) (report.Report, error) {
	data, err := safefile.Read(file, safefile.MergedReport)
	if err != nil {
		return report.Report{}, exitcode.Problemsf("--merge: %v", err)
	}
	r, err := report.ReadJSON(file, data)
	if err != nil {
		return report.Report{}, exitcode.Problemsf("--merge: %v", err)
	}
	return r, nil
}

// readHistory reads the history file, when there is one, and the changes
// from its last entry to r.
func readHistory(file string, r report.Report) (report.History, *report.Changes, error) {
	if file == "" {
		return report.History{}, nil, nil
	}
	data, err := safefile.Read(file, safefile.History)
	if safefile.IsAbsent(err) {
		return report.History{}, nil, nil
	}
	if err != nil {
		return report.History{}, nil, exitcode.Problemsf("--history: %v", err)
	}
	h, err := report.ReadHistory(file, data)
	if err != nil {
		return report.History{}, nil, exitcode.Problemsf("--history: %v", err)
	}
	return h, report.Diff(h, r), nil
}

// emit writes the report to --output, or to standard output.
func emit(q Request, file string, data []byte) error {
	if file == "" {
		_, err := q.Stdout.Write(data)
		return err
	}
	return WriteOutput("--output", file, data)
}

// WriteOutput writes a file the user named (after flag) through safefile.Write: no
// link the checkout holds on its path, replaced atomically.
func WriteOutput(flag, file string, data []byte) error {
	if err := safefile.Write(file, data); err != nil {
		return exitcode.Problemsf("%s: %v", flag, err)
	}
	return nil
}

// isDirOutput says whether --output names a directory: one that exists, or
// a name ending in a path separator.
func isDirOutput(file string) bool {
	if file == "" {
		return false
	}
	if strings.HasSuffix(file, "/") || strings.HasSuffix(file, string(filepath.Separator)) {
		return true
	}
	info, err := os.Stat(file)
	return err == nil && info.IsDir()
}

// writeFiles writes a site's pages (by file name, each a plain base name)
// into dir, made if absent, each file atomically and through no link the
// checkout holds (safefile.Write).
func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		if name != filepath.Base(name) || strings.HasPrefix(name, ".") {
			return exitcode.Problemsf("report: page name %s is not a plain file name", quote.Name(name))
		}
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := WriteOutput("--output", filepath.Join(dir, name), files[name]); err != nil {
			return err
		}
	}
	return nil
}

// writeBadges writes one SVG per SDK target into dir (made if absent).
func writeBadges(dir string, r report.Report) error {
	if dir == "" {
		return nil
	}
	owner := map[string]string{}
	for _, s := range r.SDKs {
		name := badgeFileName(s)
		sdk := report.SDKName(s.Repository, s.Target)
		if other, taken := owner[name]; taken {
			return exitcode.Problemsf("--badges: %s and %s would both be %s: give the repositories different --name", quote.Name(other), quote.Name(sdk), name)
		}
		owner[name] = sdk
		if err := WriteOutput("--badges", filepath.Join(dir, name), report.Badge(s)); err != nil {
			return err
		}
	}
	return nil
}

var unsafeFileChars = regexp.MustCompile(`[^a-z0-9._]+`)

// badgeFileName is "<repository>-<target>.svg", lower-case, every run of
// other characters a single "-": a name from a report is never a path. A
// name Windows reads as a device ("con", "nul.x") gets a "_" after its
// base (portable.SafeName); a name too long for a file system is cut and
// tagged with its hash.
func badgeFileName(s report.SDK) string {
	name := unsafeFileChars.ReplaceAllString(strings.ToLower(s.Repository+"-"+s.Target), "-")
	name = strings.Trim(name, "-.")
	if name == "" {
		name = "sdk"
	}
	return safefile.ShortName(portable.SafeName(name), ".svg")
}
