package verify

import (
	"encoding/json"
	"fmt"
	"path"
	"sort"

	"github.com/babelqueue/bqgen/backend"
)

// testFile is one generated test file of a verified project, as its test
// index lists it: the unit a mutant's run selects (a mutant changes what a
// few files' tests are answered, seldom more).
type testFile struct {
	// Path is the file's slash path relative to the project.
	Path string
	// Tests are its indexed tests, each with the names its runner reports.
	Tests []indexedTest
}

// indexedTest is one test of the index: its case and its runner names.
type indexedTest struct {
	Case  string               `json:"case"`
	Names []backend.RunnerName `json:"names"`
	File  string               `json:"file"`
}

// testFiles are a generated project's test files, or why runs cannot be
// limited to some of them.
type testFiles struct {
	files []testFile
	why   string
}

// testFilesOf reads the generated project's test index among files and
// groups its tests by file, in path order. Without an index, or with a test
// the index places in no file, every run runs every test.
func testFilesOf(files []backend.File) testFiles {
	idx, ok := backend.IndexIn(files)
	if !ok {
		return testFiles{why: "the generated tests have no " + backend.IndexFileName}
	}
	var parsed struct {
		Tests []indexedTest `json:"tests"`
	}
	if err := json.Unmarshal(idx.Content, &parsed); err != nil {
		return testFiles{why: fmt.Sprintf("%s: %v", idx.Path, err)}
	}
	dir := path.Dir(idx.Path)
	byPath := map[string]*testFile{}
	var out []*testFile
	for _, t := range parsed.Tests {
		if t.File == "" {
			return testFiles{why: fmt.Sprintf("%s: case %s has no file", idx.Path, t.Case)}
		}
		p := path.Join(dir, t.File)
		f := byPath[p]
		if f == nil {
			f = &testFile{Path: p}
			byPath[p] = f
			out = append(out, f)
		}
		f.Tests = append(f.Tests, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	grouped := make([]testFile, len(out))
	for i, f := range out {
		grouped[i] = *f
	}
	return testFiles{files: grouped}
}
