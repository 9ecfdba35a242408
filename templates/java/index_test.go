package java

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
	s := canonical(t)
	for binding, opt := range bindings {
		files := byPath(generate(t, s, opt))
		index, ok := files["src/test/java/com/babelqueue/"+backend.IndexFileName]
		if !ok {
			t.Fatalf("%s: no index beside the tests", binding)
		}
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
			t.Errorf("%s: %d tests indexed, the suite has %d cases", binding, len(idx.Tests), len(s.CaseIDs()))
		}
		found := false
		for _, e := range idx.Tests {
			if e.Case != "cases/order-created" {
				continue
			}
			found = true
			want := []backend.RunnerName{{Suite: "ConformanceCasesTest", Name: "order-created"},
				{Suite: "com.babelqueue.ConformanceCasesTest", Name: "orderCreated"},
				{Suite: "com.babelqueue.ConformanceCasesTest", Name: "orderCreated()"}}
			if !reflect.DeepEqual(e.Names, want) {
				t.Errorf("%s: %s is indexed as %v, want %v", binding, e.Case, e.Names, want)
			}
			class := string(files["src/test/java/com/babelqueue/ConformanceCasesTest.java"].Content)
			if !strings.Contains(class, "    void orderCreated() {") {
				t.Errorf("%s: ConformanceCasesTest declares no orderCreated()", binding)
			}
		}
		if !found {
			t.Errorf("%s: cases/order-created is not indexed", binding)
		}
	}
}
