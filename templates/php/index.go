package php

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// testIndex collects the test method of every case as newMethods names it,
// for the backend's test index (backend.TestIndexFile).
type testIndex struct {
	byCase  map[model.CaseID]backend.IndexedTest
	methods map[model.CaseID]string // the test method of each case
}

// add records the method that tests case name of block, under both class
// spellings PHPUnit's --log-junit writes on a <testcase>: the class
// attribute ("Ns\CasesConformanceTest") and the classname attribute, the
// same with dots ("Ns.CasesConformanceTest"). A PHP namespace holds neither
// a dot nor, within a segment, a backslash, so the two never collide. The
// name is the method name: the generated tests take no data provider, so
// PHPUnit never appends " with data set #N".
//
// A binding class names its projection together with its other cases even
// when the suite has no projection; Index keeps only the suite's cases.
func (x *testIndex) add(ns, block, name, methodName string) {
	if x == nil {
		return
	}
	class := className(block)
	id := model.CaseID{Block: block, Name: name}
	x.methods[id] = methodName
	x.byCase[id] = backend.IndexedTest{Case: id, Names: []backend.RunnerName{
		{Suite: ns + `\` + class, Name: methodName},
		{Suite: strings.ReplaceAll(ns, `\`, ".") + "." + class, Name: methodName},
	}}
}

// tests are the recorded tests of the cases of s, in the suite's order.
func (x *testIndex) tests(s *model.Suite) []backend.IndexedTest {
	var out []backend.IndexedTest
	for _, id := range s.CaseIDs() {
		if t, ok := x.byCase[id]; ok {
			out = append(out, t)
		}
	}
	return out
}

// locate sets each test's file and line: its method's declaration in its
// block's class, read from the rendered files (declaredMethods).
func (x *testIndex) locate(tests []backend.IndexedTest, rendered []backend.File) {
	place := func(i int) backend.TestPlace {
		id := tests[i].Case
		return backend.TestPlace{File: strings.TrimPrefix(TestFile(id.Block), TestDir+"/"), Key: x.methods[id]}
	}
	backend.LocateTests(TestDir, rendered, tests, place, declaredMethods)
}

// declaredMethods maps each method a rendered test class declares to the
// line of its "public function" (its known failure's private assertions are
// not tests), in one pass. Members are declared four spaces in; everything
// inside a method, a docblock's " * " lines included, is indented further,
// so a line of exactly that shape is a declaration, whatever a case's name
// or description says.
func declaredMethods(src []byte) map[string]int {
	return backend.FirstLines(src, func(line string) (string, bool) {
		rest, ok := strings.CutPrefix(line, "    public function ")
		if !ok {
			return "", false
		}
		name, _, ok := strings.Cut(rest, "(")
		return name, ok
	})
}
