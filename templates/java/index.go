package java

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// testIndex collects, as newMethods names them, the test methods of every
// case: the backend's test index (backend.TestIndexFile) is built from it.
type testIndex struct {
	tests  []backend.IndexedTest
	places []backend.TestPlace // where each of tests is declared
}

// add records the method that tests case name of block, in the class that
// block's tests live in, under every name a Java runner reports it by:
//   - the JUnit 5 console launcher's --reports-dir legacy XML (and Surefire
//     before 3.0.0-M4) report the class's fully qualified name and the
//     method's legacy reporting name, "method()";
//   - Maven Surefire 3 reports the fully qualified class name and the bare
//     method name;
//   - Surefire configured for @DisplayName, as its documentation shows
//     (JUnit5Xml30StatelessReporter with usePhrasedTestCaseClassName and
//     usePhrasedTestCaseMethodName), reports the class's display name, its
//     simple name here, and the method's @DisplayName, the case name.
//
// The phrased suite never contains a dot and the qualified one always does,
// so the display-name form never collides with another method's name.
func (x *testIndex) add(pkg, block, name, methodName string) {
	if x == nil {
		return
	}
	class := className(block)
	qualified := pkg + "." + class
	x.places = append(x.places, backend.TestPlace{File: class + SourceExt, Key: methodName})
	x.tests = append(x.tests, backend.IndexedTest{Case: model.CaseID{Block: block, Name: name}, Names: []backend.RunnerName{
		{Suite: qualified, Name: methodName + "()"},
		{Suite: qualified, Name: methodName},
		{Suite: class, Name: name},
	}})
}

// indexDir is the directory of the generated tests, where the index goes.
func indexDir(pkg string) string { return strings.TrimSuffix(packageDir(pkg), "/") }

// locate sets each indexed test's file and line: its class's file beside
// the index and its method's declaration there (declaredTests).
func (v *view) locate(rendered []backend.File) {
	backend.LocateTests(v.IndexDir, rendered, v.Index, func(i int) backend.TestPlace { return v.places[i] }, declaredTests)
}

// memberPrefix is how a member of a test class starts its line.
var memberPrefix = strings.Repeat(" ", memberIndent)

// declaredTests maps each test method a rendered test class declares to
// the line of its "void <name>(", the first such line after an @Test
// (methodHead.partial), in one pass. Members are written memberIndent in,
// everything inside them (Javadoc's " * " lines, an exemption's elements,
// a method's body) further in, so lines of exactly that shape are the
// annotation and the declaration, whatever a case's name or description
// says.
func declaredTests(src []byte) map[string]int {
	test := false
	return backend.FirstLines(src, func(line string) (string, bool) {
		member, ok := strings.CutPrefix(line, memberPrefix)
		if !ok {
			return "", false
		}
		if member == "@Test" {
			test = true
			return "", false
		}
		rest, ok := strings.CutPrefix(member, "void ")
		if !ok || !test {
			return "", false
		}
		test = false
		name, _, ok := strings.Cut(rest, "(")
		return name, ok
	})
}
