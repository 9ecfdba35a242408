package node

import (
	"os"
	"strings"
	"testing"
)

// FuzzScaffoldReader: the scaffold reader takes any text without panicking
// and finds only methods whose names the text holds, no more than its
// parentheses or commas allow. (Its time is the complexity test's to bound:
// TestComplexityScaffold; the fuzzer feeds it shapes no generator has.)
func FuzzScaffoldReader(f *testing.F) {
	if upgrade, err := os.ReadFile("testdata/upgrade/conformance-binding.ts"); err == nil {
		f.Add(string(upgrade))
	}
	for _, p := range scaffoldPieces {
		f.Add(p)
	}
	f.Add(adversarialScaffold(40))
	f.Fuzz(func(t *testing.T, src string) {
		methods := scaffoldMethods(src)
		for name, params := range methods {
			if !strings.Contains(src, name+"(") {
				t.Fatalf("method %q, which the text does not declare", name)
			}
			if len(params) > strings.Count(src, ",")+1 {
				t.Fatalf("method %q: %d parameters from %d commas", name, len(params), strings.Count(src, ","))
			}
		}
	})
}
