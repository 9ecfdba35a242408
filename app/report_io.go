package app

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/results"
	"github.com/urfave/cli/v2"
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

// resultFiles are --results, then every regular file under --results-dir
// (hidden directories skipped), in lexical order.
func resultFiles(c *cli.Context) ([]resultFile, error) {
	var files []resultFile
	for _, f := range c.StringSlice("results") {
		files = append(files, resultFile{path: f})
	}
	dir := c.String("results-dir")
	if dir == "" {
		return files, nil
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != dir && strings.HasPrefix(d.Name(), "."):
			return filepath.SkipDir
		case d.Type().IsRegular():
			files = append(files, resultFile{path: p, guessed: !resultExts[strings.ToLower(filepath.Ext(p))]})
		}
		return nil
	})
	if err != nil {
		return nil, problemsErr("--results-dir: %v", err)
	}
	return files, nil
}

// readResults reads every result file; one results.Read refuses is an
// error naming it (it names the place), unless --results-dir only guessed
// it was one.
func readResults(files []resultFile, stderr io.Writer) ([]results.Run, error) {
	var runs []results.Run
	for _, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			return nil, problemsErr("%v", err)
		}
		run, err := results.Read(f.path, data)
		if err != nil && f.guessed {
			fmt.Fprintf(stderr, "warning: --results-dir: not read, not a result file: %s\n", quote.Text(err.Error()))
			continue
		}
		if err != nil {
			return nil, problemsErr("%v", err)
		}
		if run.File == "" {
			run.File = f.path
		}
		runs = append(runs, run)
	}
	return runs, nil
}

func readMergeReport(file string) (report.Report, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return report.Report{}, problemsErr("--merge: %v", err)
	}
	r, err := report.ReadJSON(file, data)
	if err != nil {
		return report.Report{}, problemsErr("--merge: %v", err)
	}
	return r, nil
}

// readHistory reads the history file, when there is one, and the changes
// from its last entry to r.
func readHistory(file string, r report.Report) (report.History, *report.Changes, error) {
	if file == "" {
		return report.History{}, nil, nil
	}
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return report.History{}, nil, nil
	}
	if err != nil {
		return report.History{}, nil, problemsErr("--history: %v", err)
	}
	h, err := report.ReadHistory(file, data)
	if err != nil {
		return report.History{}, nil, problemsErr("--history: %v", err)
	}
	return h, report.Diff(h, r), nil
}

// emit writes the report to --output, or to standard output.
func emit(c *cli.Context, file string, data []byte) error {
	if file == "" {
		_, err := c.App.Writer.Write(data)
		return err
	}
	return writeAtomic(file, data)
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
// into dir, made if absent, each file atomically. All of a report's
// multi-file writing goes through here, so a confined writer can replace it.
func writeFiles(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return problemsErr("--output: %v", err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		if name != filepath.Base(name) || strings.HasPrefix(name, ".") {
			return problemsErr("report: page name %s is not a plain file name", quote.Name(name))
		}
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := writeAtomic(filepath.Join(dir, name), files[name]); err != nil {
			return err
		}
	}
	return nil
}

// writeAtomic replaces file with data through a temporary file in the same
// directory and a rename, so a reader (a web server, CI's next step) sees
// the old file or the new one, never half of one.
func writeAtomic(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*.tmp")
	if err != nil {
		return problemsErr("%v", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		return problemsErr("write %s: %v", quote.Name(file), err)
	}
	return nil
}

// writeBadges writes one SVG per SDK target into dir (made if absent).
func writeBadges(dir string, r report.Report) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return problemsErr("--badges: %v", err)
	}
	owner := map[string]string{}
	for _, s := range r.SDKs {
		name := badgeFileName(s)
		sdk := report.SDKName(s.Repository, s.Target)
		if other, taken := owner[name]; taken {
			return problemsErr("--badges: %s and %s would both be %s: give the repositories different --name", quote.Name(other), quote.Name(sdk), name)
		}
		owner[name] = sdk
		if err := writeAtomic(filepath.Join(dir, name), report.Badge(s)); err != nil {
			return err
		}
	}
	return nil
}

var unsafeFileChars = regexp.MustCompile(`[^a-z0-9._]+`)

// badgeFileName is "<repository>-<target>.svg", lower-case, every run of
// other characters a single "-": a name from a report is never a path.
func badgeFileName(s report.SDK) string {
	name := unsafeFileChars.ReplaceAllString(strings.ToLower(s.Repository+"-"+s.Target), "-")
	name = strings.Trim(name, "-.")
	if name == "" {
		name = "sdk"
	}
	return fmt.Sprintf("%s.svg", name)
}
