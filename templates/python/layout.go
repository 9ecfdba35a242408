package python

import (
	"strings"

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

// outputLayout is where one output goes and what its modules are called.
//
// Every target's out is the root of the package it tests, and its modules
// go into TestDir below it, where Python packages keep their tests. A
// transport target, whose suite carries only broker blocks, tests a
// transport package (or a transport of the core package, babelqueue.
// sqs_transport, from a directory of its own): its modules are named after
// its blocks (conformance_sqs_support, conformance_sqs_subject), because
// pytest may put the core's tests/ and the transport's on one sys.path,
// where the core target's conformance_subject is already another module.
type outputLayout struct {
	// Dir is the directory of every module, relative to out.
	Dir string
	// Transport says this is a transport target's layout.
	Transport bool
	// Blocks are a transport target's broker blocks, in suite order.
	Blocks []string
	// Support, Scaffold and Oracle are the module names.
	Support, Scaffold, Oracle string
	// Suite is where the suite is vendored, relative to out: SuiteDir, or
	// the target's vendor: directory.
	Suite string
}

// layoutOf is the layout of the output for the blocks of a suite: a
// transport target's when every block is a broker block.
func layoutOf(blocks []string, vendorDir string) outputLayout {
	l := layoutOfBlocks(blocks)
	l.Suite = backend.Options{VendorDir: vendorDir}.SuiteDirOr(SuiteDir)
	return l
}

func layoutOfBlocks(blocks []string) outputLayout {
	transport := len(blocks) > 0
	for _, b := range blocks {
		transport = transport && model.IsTransportBlock(b)
	}
	if !transport {
		return outputLayout{Dir: TestDir, Support: supportModule, Scaffold: scaffoldModule, Oracle: oracleModule}
	}
	key := strings.Join(blocks, "_")
	return outputLayout{Dir: TestDir, Transport: true, Blocks: blocks,
		Support: "conformance_" + key + "_support", Scaffold: "conformance_" + key + "_subject", Oracle: "conformance_" + key + "_oracle"}
}

// path is the file of module in the layout's directory.
func (l outputLayout) path(module string) string {
	return l.Dir + "/" + module + ".py"
}

// suiteDir is where the layout vendors the suite: by default next to the
// test modules, which read it relative to their own file (suiteLit).
func (l outputLayout) suiteDir() string {
	return l.Suite
}

// suiteLit is the Python str literal of the suite's directory relative to
// the test modules' directory, which the test modules join to their own.
func (l outputLayout) suiteLit() string {
	return pyString(backend.RelativeDir(l.Dir, l.Suite))
}

// subjectModule is the module the tests import subject() from: the SDK's
// scaffold, or the oracle subject. The two have different file names so that
// generating for the oracle into an SDK checkout never replaces its scaffold.
func (l outputLayout) subjectModule(b backend.Binding) string {
	if b == backend.BindOracle {
		return l.Oracle
	}
	return l.Scaffold
}

// TestModule is the test module of a block, test_conformance_<block>; its
// file is TestDir/<module>.py.
func TestModule(block string) string { return testModulePrefix + block }

// testClassName is the TestCase class of a block, e.g. DataShapeConformanceTest.
func testClassName(block string) string {
	return backend.Join(backend.Words(block), backend.Pascal) + "ConformanceTest"
}

// versionText is the suite's CONFORMANCE_VERSION as headers print it.
func versionText(s *model.Suite) string {
	if !s.HasVersion {
		return "unversioned"
	}
	return s.Version
}
