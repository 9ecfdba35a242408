package textkit

import (
	"sort"
	"testing"
	"text/template"
)

// TestFuncMapIsPinned fails when a function leaks in that could make output
// differ between runs (time, randomness, environment).
func TestFuncMapIsPinned(t *testing.T) {
	fm := FuncMap(nil)
	for _, banned := range []string{"now", "date", "randInt", "randAlpha", "shuffle", "uuidv4", "env", "expandenv", "ago", "bcrypt", "genPrivateKey"} {
		if _, ok := fm[banned]; ok {
			t.Errorf("non-deterministic function %q is available to templates", banned)
		}
	}
	var names []string
	for n := range fm {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) != len(allowedSprig) {
		t.Errorf("FuncMap has %d functions, allow-list has %d: %v", len(names), len(allowedSprig), names)
	}
}

func TestOwnFuncsWin(t *testing.T) {
	fm := FuncMap(template.FuncMap{"quote": func(s string) string { return "<" + s + ">" }})
	if got := fm["quote"].(func(string) string)("x"); got != "<x>" {
		t.Fatalf("own quote not used: %q", got)
	}
}
