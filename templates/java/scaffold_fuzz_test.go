package java

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
	if upgrade, err := os.ReadFile("testdata/upgrade/SdkConformanceSubject.java"); err == nil {
		f.Add(string(upgrade))
	}
	for _, p := range scaffoldPieces {
		f.Add(p)
	}
	f.Add(adversarialScaffold(40))
	f.Fuzz(func(t *testing.T, src string) {
		methods := classMethods(src)
		lines := strings.Count(src, "\n") + 1
		for name, ms := range methods {
			for _, m := range ms {
				if !strings.Contains(src, name) || m.Line < 1 || m.Line > lines {
					t.Fatalf("method %q at line %d of a %d-line text", name, m.Line, lines)
				}
			}
		}
		if len(methods) > strings.Count(src, "(") {
			t.Fatalf("%d methods from %d parentheses", len(methods), strings.Count(src, "("))
		}
	})
}
