package verify

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/babelqueue/bqgen/results"
)

// resultsRoot is the directory, under the project a toolchain runs, that
// holds the machine-readable result files of its runs.
const resultsRoot = "bqgen-results"

// newRunResultsDir makes the directory one run writes its result files
// into: a fresh one each run, since the mutant runs share the project and
// go side by side.
func newRunResultsDir(dir string) (string, error) {
	root := filepath.Join(dir, resultsRoot)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	run, err := os.MkdirTemp(root, "run-")
	if err != nil {
		return "", err
	}
	return filepath.Abs(run)
}

// writtenFiles are the files matching pattern (a filepath.Glob pattern)
// that a run actually wrote, sorted: a runner that failed to start writes
// none, and a result lists no file that is not there.
func writtenFiles(pattern string) []string {
	matches, _ := filepath.Glob(pattern) // the only error is a malformed pattern, and ours are fixed
	var out []string
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && info.Mode().IsRegular() {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

// againIfUnreported calls run, and once more when its runner counted tests
// but its result files name none at all.
func againIfUnreported(run func() (Result, error)) (Result, error) {
	res, err := run()
	if err == nil && res.Total() > 0 && reportsNoTest(res.Files) {
		return run()
	}
	return res, err
}

// reportsNoTest says whether files, read, name no test at all (a file of
// none is usual: the JUnit launcher writes one for each test engine).
func reportsNoTest(files []string) bool {
	data, err := readResultFiles(files)
	if err != nil || len(data) == 0 {
		return false // the caller says what is wrong with them
	}
	for name, content := range data {
		if run, err := results.Read(name, content); err != nil || len(run.Tests) > 0 {
			return false
		}
	}
	return true
}
