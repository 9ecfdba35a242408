package python

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The generated layout, relative to the SDK root. The Python SDK keeps its
// tests as top-level modules in tests/ (no __init__.py, no conftest.py), with
// the vendored suite in tests/conformance/; both `python -m unittest discover
// -s tests` and pytest put tests/ on sys.path, so the generated modules import
// each other by bare name and need no package.
const (
	// TestDir is the directory of the generated test modules.
	TestDir = "tests"
	// SuiteDir is where the suite is vendored; tests read fixtures from it.
	SuiteDir = TestDir + "/conformance"
	// TestFileGlob matches the generated test modules in TestDir (and no
	// other generated module): the discovery pattern runners are given.
	TestFileGlob = testModulePrefix + "*.py"

	testModulePrefix = "test_conformance_"

	supportModule  = "conformance_support" // the Subject protocol, equality, pointers
	scaffoldModule = "conformance_subject" // the SDK subject, owned by the SDK
	oracleModule   = "conformance_oracle"  // the subject that drives `bqgen oracle serve`
)

// modulePath is the file of a top-level module in TestDir.
func modulePath(module string) string { return TestDir + "/" + module + ".py" }

// TestModule is the test module of a block, test_conformance_<block>; its
// file is TestDir/<module>.py.
func TestModule(block string) string { return testModulePrefix + block }

// testClassName is the TestCase class of a block, e.g. DataShapeConformanceTest.
func testClassName(block string) string {
	return backend.Join(backend.Words(block), backend.Pascal) + "ConformanceTest"
}

// subjectModule is the module the tests import subject() from: the SDK's
// scaffold, or the oracle subject. The two have different file names so that
// generating for the oracle into an SDK checkout never replaces its scaffold.
func subjectModule(b backend.Binding) string {
	if b == backend.BindOracle {
		return oracleModule
	}
	return scaffoldModule
}

// versionText is the suite's CONFORMANCE_VERSION as headers print it.
func versionText(s *model.Suite) string {
	if !s.HasVersion {
		return "unversioned"
	}
	return s.Version
}
