package java

import "strings"

// Where the output goes, relative to the SDK checkout: the Maven layout of
// babelqueue-java. verify's Java toolchain reads these instead of restating
// them.
const (
	// TestSourceRoot holds the generated Java sources, under the directory
	// of their package.
	TestSourceRoot = "src/test/java"
	// TestResourceRoot is copied next to the compiled tests, so its files
	// are on the class path.
	TestResourceRoot = "src/test/resources"
	// SuiteDir is where the suite is vendored; the tests read it from the
	// class path as /conformance/... (see ConformanceFixtures.java).
	SuiteDir = TestResourceRoot + "/conformance"
	// SourceExt ends the name of every generated Java source.
	SourceExt = ".java"
	// TestClassSuffix ends the name of every generated test class (and so
	// of its file, before SourceExt): the JUnit launcher's default class
	// name filter and Maven Surefire both pick such classes up.
	TestClassSuffix = "Test"
	// TestGlob matches the generated test class files inside the package
	// directory.
	TestGlob = "*" + TestClassSuffix + SourceExt
)

// DefaultPackage is the Java package of the generated tests when
// backend.Options.Package is empty: the SDK's own, because the transport
// projections are package-private, so subjects and tests must be able to
// live next to them.
const DefaultPackage = "com.babelqueue"

// packageDir is the directory of the sources of package pkg.
func packageDir(pkg string) string {
	return TestSourceRoot + "/" + strings.ReplaceAll(pkg, ".", "/") + "/"
}
