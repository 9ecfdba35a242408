package python

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The test index (backend.TestIndexFile): how JUnit XML reports each
// generated test. pytest's --junitxml names a test by its node id: the
// classname is the module's path from pytest's rootdir, dotted, then the
// TestCase class, and the name is the method. Run at the SDK's root
// (`pytest`, `pytest tests`, as its CI does) the rootdir is the root:
// "tests.test_conformance_cases.CasesConformanceTest"; run inside tests/
// with no pytest configuration above it (the SDK keeps none in
// pyproject.toml), it is tests/: "test_conformance_cases.
// CasesConformanceTest", which is also what the unittest XML runners
// (unittest-xml-reporting) write. The index lists both; a result file uses
// one of them.

// indexFile is the test index of the view's test modules.
// Each test's line is its method's "def", found in the rendered module
// after its class's line.
func (v *view) indexFile(s *model.Suite, opt backend.Options, rendered []backend.File) (backend.File, error) {
	var tests []backend.IndexedTest
	content := map[string]string{}
	for _, f := range rendered {
		content[f.Path] = string(f.Content)
	}
	for _, f := range v.Files {
		module := strings.TrimSuffix(f.Path[strings.LastIndex(f.Path, "/")+1:], ".py")
		fromTests := module + "." + f.Class
		fromRoot := strings.ReplaceAll(v.Layout.Dir, "/", ".") + "." + fromTests
		lines := strings.Split(content[f.Path], "\n")
		file, _ := strings.CutPrefix(f.Path, v.Layout.Dir+"/")
		for _, h := range f.Body.heads() {
			t := backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: h.name},
				Names: []backend.RunnerName{{Suite: fromRoot, Name: h.Method}, {Suite: fromTests, Name: h.Method}}}
			if line := methodLine(lines, f.Class, h.Method); line > 0 {
				t.File, t.Line = file, line
			}
			tests = append(tests, t)
		}
	}
	return backend.TestIndexFile(v.Layout.Dir, "python", s, opt, tests)
}

// methodLine is the 1-based line of "def <method>(" in class's body (0
// when the module has none).
func methodLine(lines []string, class, method string) int {
	in := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "class "+class+"(") || strings.HasPrefix(l, "class "+class+":"):
			in = true
		case strings.HasPrefix(l, "class "):
			in = false
		case in && strings.HasPrefix(strings.TrimLeft(l, " "), "def "+method+"("):
			return i + 1
		}
	}
	return 0
}
