package textkit

import (
	"sort"
	"testing"
	"testing/fstest"
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

// include renders a template chosen by a computed name, and defined says
// whether one exists, so a scaffold can fall back to "not provided".
func TestIncludeAndDefined(t *testing.T) {
	fsys := fstest.MapFS{"a.tmpl": {Data: []byte(
		`{{define "root"}}{{range .}}{{if defined (print "op." .)}}{{include (print "op." .) .}}{{else}}-{{end}};{{end}}{{end}}` +
			`{{define "op.x"}}X={{.}}{{end}}`)}}
	tm, err := Parse(fsys, nil, "*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Render(tm, "root", []string{"x", "y"})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "X=x;-;" {
		t.Errorf("got %q, want %q", got, "X=x;-;")
	}
}
