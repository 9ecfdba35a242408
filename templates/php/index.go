package php

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// testIndex collects the test method of every case as newMethods names it,
// for the backend's test index (backend.TestIndexFile).
type testIndex struct {
	byCase map[model.CaseID]backend.IndexedTest
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
