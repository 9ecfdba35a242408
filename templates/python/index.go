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

// indexFile is the test index of the view's test modules, each test at
// its method's "def" in its class (declaredMethods).
func (v *view) indexFile(s *model.Suite, opt backend.Options, rendered []backend.File) (backend.File, error) {
	var tests []backend.IndexedTest
	var places []backend.TestPlace
	for _, f := range v.Files {
		module := strings.TrimSuffix(f.Path[strings.LastIndex(f.Path, "/")+1:], ".py")
		fromTests := module + "." + f.Class
		fromRoot := strings.ReplaceAll(v.Layout.Dir, "/", ".") + "." + fromTests
		file, _ := strings.CutPrefix(f.Path, v.Layout.Dir+"/")
		for _, h := range f.Body.heads() {
			tests = append(tests, backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: h.name},
				Names: []backend.RunnerName{{Suite: fromRoot, Name: h.Method}, {Suite: fromTests, Name: h.Method}}})
			places = append(places, backend.TestPlace{File: file, Key: f.Class + "." + h.Method})
		}
	}
	backend.LocateTests(v.Layout.Dir, rendered, tests, func(i int) backend.TestPlace { return places[i] }, declaredMethods)
	return backend.TestIndexFile(v.Layout.Dir, "python", s, opt, tests)
}

// declaredMethods maps "<class>.<method>" to the line of each method's def
// in a rendered module, in one pass. A class starts at column 0 and its
// methods are defined four spaces in; everything inside a method (its
// docstring, a literal's continuation lines) is indented further (hang 8),
// so a line of exactly that shape is a declaration, whatever a case's name
// or description says.
func declaredMethods(src []byte) map[string]int {
	class := ""
	return backend.FirstLines(src, func(line string) (string, bool) {
		if rest, ok := strings.CutPrefix(line, "class "); ok {
			class = rest[:strings.IndexAny(rest+":", "(:")]
			return "", false
		}
		rest, ok := strings.CutPrefix(line, "    def ")
		if !ok || class == "" || strings.IndexByte(rest, '(') < 0 {
			return "", false
		}
		return class + "." + rest[:strings.IndexByte(rest, '(')], true
	})
}
