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

// testFilesOf reads the generated project's test index among files and
// groups its tests by file, in path order; none without an index. A test
// without a file is an error: a run could not be limited to it.
func testFilesOf(files []backend.File) ([]testFile, error) {
	idx, ok := backend.IndexIn(files)
	if !ok {
		return nil, nil
	}
	var parsed struct {
		Tests []indexedTest `json:"tests"`
	}
	if err := json.Unmarshal(idx.Content, &parsed); err != nil {
		return nil, fmt.Errorf("%s: %w", idx.Path, err)
	}
	dir := path.Dir(idx.Path)
	byPath := map[string]*testFile{}
	var out []*testFile
	for _, t := range parsed.Tests {
		if t.File == "" {
			return nil, fmt.Errorf("%s: case %s has no file", idx.Path, t.Case)
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
	return grouped, nil
}
