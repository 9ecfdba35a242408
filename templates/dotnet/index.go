package dotnet

import (
	"path"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// indexedTest is the test of spec, a case of block in the class whose fully
// qualified name is class, as .NET's result files name it: TRX (`dotnet test
// --logger trx`) reports a test by its TestMethod className, the fully
// qualified class, and its testName, which for xUnit is the DisplayName
// bqgen sets ("sqs/attribute_projection"); the xUnit console runner's XML
// (-xml) by the same two, as the type and name of its <test>. Display names
// are unique within a class, as the case names they are made of are
// within a block.
func indexedTest(class, block string, spec testSpec) backend.IndexedTest {
	return backend.IndexedTest{Case: model.CaseID{Block: block, Name: spec.caseName},
		Names: []backend.RunnerName{{Suite: class, Name: spec.display}}}
}

// testIndex is the test index of the view's test classes, next to them.
func (v *view) testIndex(s *model.Suite, opt backend.Options) (backend.File, error) {
	var tests []backend.IndexedTest
	for _, f := range v.Files {
		tests = append(tests, f.index...)
	}
	return backend.TestIndexFile(path.Dir(v.layout.code(IndexAnchor)), "dotnet", s, opt, tests)
}

// IndexAnchor is a file name in the directory of the generated test
// classes: the index goes beside them.
const IndexAnchor = backend.IndexFileName
