package gobackend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

var _ backend.WiringChecker = (*Backend)(nil)

func TestCheckWiring(t *testing.T) {
	t.Parallel()
	b := New().(*Backend)
	if got := b.WiringFiles(); len(got) != 1 || got[0] != "go.mod" {
		t.Fatalf("WiringFiles = %v, want [go.mod]", got)
	}
	cases := []struct {
		name, gomod string
		problem     string // "" : none
		fix         string
	}{
		{"no go.mod: a package below the module root", "", "", ""},
		{"go 1.21", "module x\n\ngo 1.21\n", "", ""},
		{"go 1.23.0 with a toolchain line", "module x\n\ngo 1.23.0\n\ntoolchain go1.23.4\n", "", ""},
		{"exactly go 1.18", "module x\ngo 1.18 // generics\n", "", ""},
		{"go 2.0", "module x\ngo 2.0\n", "", ""},
		{"too old", "module x\n\ngo 1.17\n", "says go 1.17", "change its go line to: go 1.18"},
		{"no go line", "module x\n\nrequire y v1.0.0\n", "has no go line", "add the line: go 1.18"},
		{"a go line inside a comment does not count", "module x\n// go 1.21\n", "has no go line", "add the line: go 1.18"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string][]byte{}
			if c.gomod != "" {
				files["go.mod"] = []byte(c.gomod)
			}
			got := b.CheckWiring(files, nil)
			if c.problem == "" {
				if len(got) != 0 {
					t.Errorf("problems %v, want none", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("problems %v, want one", got)
			}
			if got[0].File != "go.mod" || !strings.Contains(got[0].Problem, c.problem) || got[0].Fix != c.fix {
				t.Errorf("problem %+v, want go.mod, %q, fix %q", got[0], c.problem, c.fix)
			}
		})
	}
}
