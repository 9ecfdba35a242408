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
func (v *view) indexFile(s *model.Suite, opt backend.Options) (backend.File, error) {
	var tests []backend.IndexedTest
	for _, f := range v.Files {
		module := strings.TrimSuffix(f.Path[strings.LastIndex(f.Path, "/")+1:], ".py")
		fromTests := module + "." + f.Class
		fromRoot := strings.ReplaceAll(v.Layout.Dir, "/", ".") + "." + fromTests
		for _, h := range f.Body.heads() {
			tests = append(tests, backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: h.name},
				Names: []backend.RunnerName{{Suite: fromRoot, Name: h.Method}, {Suite: fromTests, Name: h.Method}}})
		}
	}
	return backend.TestIndexFile(v.Layout.Dir, "python", s, opt, tests)
}
