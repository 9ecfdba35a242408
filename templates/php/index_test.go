package php

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// TestIndexNamesEveryTest: the index sits beside the test classes, lists
// every case once, and names a test the way the class declares it.
func TestIndexNamesEveryTest(t *testing.T) {
	s := canonicalSuite(t)
	for name, binding := range bindings {
		files := generate(t, s, backend.Options{Binding: binding})
		index := fileNamed(t, files, TestDir+"/"+backend.IndexFileName)
		var idx struct {
			Tests []struct {
				Case  string
				Names []backend.RunnerName
			}
		}
		if err := json.Unmarshal(index.Content, &idx); err != nil {
			t.Fatal(err)
		}
		if len(idx.Tests) != len(s.CaseIDs()) {
			t.Errorf("%s: %d tests indexed, the suite has %d cases", name, len(idx.Tests), len(s.CaseIDs()))
		}
		found := false
		for _, e := range idx.Tests {
			if e.Case != "cases/order-created" {
				continue
			}
			found = true
			want := []backend.RunnerName{{Suite: "BabelQueue.Tests.ConformanceGenerated.CasesConformanceTest", Name: "test_order_created"},
				{Suite: `BabelQueue\Tests\ConformanceGenerated\CasesConformanceTest`, Name: "test_order_created"}}
			if !reflect.DeepEqual(e.Names, want) {
				t.Errorf("%s: %s is indexed as %v, want %v", name, e.Case, e.Names, want)
			}
			if class := string(fileNamed(t, files, TestFile("cases")).Content); !strings.Contains(class, "function test_order_created(") {
				t.Errorf("%s: CasesConformanceTest declares no test_order_created", name)
			}
		}
		if !found {
			t.Errorf("%s: cases/order-created is not indexed", name)
		}
	}
}
