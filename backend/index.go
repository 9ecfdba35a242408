package backend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"sort"

	"github.com/babelqueue/bqgen/model"
)

// IndexFileName is the base name of the test index every backend writes
// next to its generated tests: how the language's runners report each
// generated test, by case id. `bqgen report` reads it to map a runner's
// result file back onto the suite's cases.
const IndexFileName = "conformance-index.json"

// RunnerName is a test as a runner's machine-readable output names it: the
// suite (a Go package, a JUnit classname, a TRX className, a node:test
// describe path) and the test's name within it, after the format's own
// decoding (XML entities, JSON escapes).
type RunnerName struct {
	Suite string `json:"suite"`
	Name  string `json:"name"`
}

// IndexedTest is one generated test: its case and every name under which
// the language's usual result formats report it.
type IndexedTest struct {
	Case  model.CaseID
	Names []RunnerName
	// File and Line are where the test is: a slash path relative to the
	// index's directory and its 1-based line, where the backend knows
	// ("" and 0 otherwise). Reports link each case to them.
	File string
	Line int
}

// indexFile is the JSON of the test index (docs/test-index.md).
type indexFile struct {
	ConformanceVersion string       `json:"conformance_version"`
	Lang               string       `json:"lang"`
	Blocks             []string     `json:"blocks"`
	Tests              []indexEntry `json:"tests"`
}

type indexEntry struct {
	Case  string `json:"case"`
	Block string `json:"block"`
	// Expect is the digest of the case's expectation
	// (model.CaseExpectation.Digest): a report history tells a case whose
	// expectation changed from one that kept it.
	Expect    string          `json:"expect"`
	Names     []RunnerName    `json:"names"`
	Exemption *indexExemption `json:"exemption,omitempty"`
	File      string          `json:"file,omitempty"`
	Line      int             `json:"line,omitempty"`
}

type indexExemption struct {
	Action string `json:"action"`
	Reason string `json:"reason"`
	// Remedy is what a known failure asks for once its case passes (what
	// to remove, and where): the report says it for a known failure's
	// test that fails.
	Remedy string `json:"remedy,omitempty"`
}

// TestIndexFile is the test index of a target's generated tests, at dir
// (the directory of the generated tests) for the suite s as the target runs
// it: deterministic JSON, sorted by case id, the target's exemptions
// recorded with each case they match. Every case of s must be indexed once,
// and no two tests may share a runner name: either is a backend's bug, and
// an error.
func TestIndexFile(dir, lang string, s *model.Suite, opt Options, tests []IndexedTest) (File, error) {
	idx := indexFile{ConformanceVersion: s.VersionLabel(), Lang: lang, Blocks: s.Blocks(), Tests: []indexEntry{}}
	if idx.Blocks == nil {
		idx.Blocks = []string{}
	}
	byCase := map[string]IndexedTest{}
	owner := map[RunnerName]string{}
	for _, t := range tests {
		id := t.Case.String()
		if _, dup := byCase[id]; dup {
			return File{}, fmt.Errorf("test index: case %s is indexed twice", id)
		}
		for _, n := range t.Names {
			if other, taken := owner[n]; taken && other != id {
				return File{}, fmt.Errorf("test index: %s and %s are both reported as %q in %q", other, id, n.Name, n.Suite)
			}
			owner[n] = id
		}
		byCase[id] = t
	}
	digests := map[string]string{}
	for _, e := range s.Expectations() {
		digests[e.ID.String()] = e.Digest()
	}
	for _, c := range s.CaseIDs() {
		t, ok := byCase[c.String()]
		if !ok {
			return File{}, fmt.Errorf("test index: case %s has no generated test", c)
		}
		delete(byCase, c.String())
		e := indexEntry{Case: c.String(), Block: c.Block, Expect: digests[c.String()], Names: sortedNames(t.Names), File: t.File, Line: t.Line}
		if ex, ok := opt.ExemptionFor(c.Block, c.Name); ok {
			e.Exemption = &indexExemption{Action: ex.Action, Reason: ex.Reason}
			if ex.Action == ExemptFail {
				e.Exemption.Remedy = ex.Remedy()
			}
		}
		idx.Tests = append(idx.Tests, e)
	}
	for id := range byCase {
		return File{}, fmt.Errorf("test index: case %s is not a case of the suite", id)
	}
	sort.Slice(idx.Tests, func(i, j int) bool { return idx.Tests[i].Case < idx.Tests[j].Case })
	// Names stay readable: "<" and "&" in a case name are not escaped.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(idx); err != nil {
		return File{}, err
	}
	return File{Path: path.Join(dir, IndexFileName), Content: buf.Bytes(), Kind: Generated}, nil
}

// sortedNames orders a test's runner names so the index is byte-identical
// whatever order a backend listed them in.
func sortedNames(names []RunnerName) []RunnerName {
	out := append([]RunnerName{}, names...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Suite != out[j].Suite {
			return out[i].Suite < out[j].Suite
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// IndexIn is the test index among a target's generated files, and whether
// the backend wrote one.
func IndexIn(files []File) (File, bool) {
	for _, f := range files {
		if path.Base(f.Path) == IndexFileName {
			return f, true
		}
	}
	return File{}, false
}

// TestPlace is where a backend looks for an indexed test's declaration: its
// file, a slash path relative to the index's directory, and the key its
// declaration lines are mapped by (a method name, a describe and test name).
type TestPlace struct {
	File, Key string
}

// LocateTests sets File and Line of each of tests from the rendered files:
// place(i) says where tests[i] is declared, and declarations maps a rendered
// file's content to the line of each key it declares. Each file is read
// once, however many tests it holds, so locating is linear in the files'
// size and the number of tests (a suite is untrusted input: one block can
// hold 100k cases). A test whose file or key is not found keeps "" and 0.
func LocateTests(dir string, rendered []File, tests []IndexedTest, place func(i int) TestPlace, declarations func(content []byte) map[string]int) {
	content := make(map[string][]byte, len(rendered))
	for _, f := range rendered {
		content[f.Path] = f.Content
	}
	lines := map[string]map[string]int{}
	for i := range tests {
		p := place(i)
		byKey, read := lines[p.File]
		if !read {
			if src, ok := content[path.Join(dir, p.File)]; ok {
				byKey = declarations(src)
			}
			lines[p.File] = byKey
		}
		if line := byKey[p.Key]; line > 0 {
			tests[i].File, tests[i].Line = p.File, line
		}
	}
}

// FirstLines maps the key of each line of content that declares one (key
// reports it, and whether the line declares any) to its 1-based line, the
// first line when a key is declared twice: a rendered file's declarations,
// read in one pass.
func FirstLines(content []byte, key func(line string) (string, bool)) map[string]int {
	out := map[string]int{}
	n := 0
	for rest := content; len(rest) > 0; {
		n++
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if k, ok := key(string(line)); ok {
			if _, seen := out[k]; !seen {
				out[k] = n
			}
		}
	}
	return out
}
