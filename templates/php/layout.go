package php

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// Where the output goes, relative to the SDK checkout. The generated tests
// live next to the vendored suite, never inside it, and under a name that
// differs from it by more than case, so a case-insensitive disk keeps both.
// verify's PHP toolchain reads these instead of restating them.
const (
	// TestDir is the directory of the generated test classes (PSR-4: the
	// namespace's last segment).
	TestDir = "tests/ConformanceGenerated"
	// SupportDir holds the subject interface, the JSON model and the base
	// test case.
	SupportDir = TestDir + "/Support"
	// SuiteDir is where the suite is vendored; tests read fixtures from it.
	SuiteDir = "tests/conformance"
	// TestSuffix ends the file name of every test class, and is the
	// suffix PHPUnit's <directory> collects.
	TestSuffix = "Test.php"
	// PHPUnitConfig is the standalone PHPUnit configuration of the
	// oracle-bound output, at the output's root; an SDK has its own.
	PHPUnitConfig = "phpunit.xml.dist"
	// ScaffoldFile is the SDK subject, written once and owned by the SDK.
	ScaffoldFile = TestDir + "/SdkSubject.php"
	// BootstrapFile is the autoloader of the oracle-bound output.
	BootstrapFile = TestDir + "/bootstrap.php"
)

// TestFile is the path of a block's test class: "data_shape" ->
// tests/ConformanceGenerated/DataShapeConformanceTest.php.
func TestFile(block string) string { return TestDir + "/" + className(block) + ".php" }

// className is the test class of a block: "data_shape" -> DataShapeConformanceTest.
func className(block string) string {
	return backend.Join(backend.Words(block), backend.Pascal) + "Conformance" + strings.TrimSuffix(TestSuffix, ".php")
}

// supportFile is the path of a generated class of the Support directory.
func supportFile(name string) string { return SupportDir + "/" + name }

// relativePath is the slash path from directory from to directory to, both
// relative to the same root.
func relativePath(from, to string) string {
	f, t := strings.Split(from, "/"), strings.Split(to, "/")
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	up := strings.Repeat("../", len(f)-i)
	return strings.TrimSuffix(up+strings.Join(t[i:], "/"), "/")
}
