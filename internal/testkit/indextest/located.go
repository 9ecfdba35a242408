package indextest

import (
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// Entry is one test of the index, as Located hands it to a backend's check.
type Entry struct {
	Case  string               `json:"case"`
	Names []backend.RunnerName `json:"names"`
	File  string               `json:"file"`
	Line  int                  `json:"line"`
}

// CaseName is the case's name, without its block.
func (e Entry) CaseName() string {
	_, name, _ := strings.Cut(e.Case, "/")
	return name
}

// Located checks that every test of the index among files gives its file,
// relative to the index's directory, and a line of that generated file
// that holds want(e), the test's declaration as the backend writes it (a
// method's name, a test call's literal). It returns the number of tests
// checked.
func Located(t testing.TB, files []backend.File, want func(e Entry) string) int {
	t.Helper()
	index, ok := backend.IndexIn(files)
	if !ok {
		t.Fatalf("no %s among the generated files", backend.IndexFileName)
	}
	var idx struct {
		Tests []Entry `json:"tests"`
	}
	if err := json.Unmarshal(index.Content, &idx); err != nil {
		t.Fatalf("the test index: %v", err)
	}
	content := map[string][]string{}
	for _, f := range files {
		content[f.Path] = strings.Split(string(f.Content), "\n")
	}
	dir := path.Dir(index.Path)
	for _, e := range idx.Tests {
		lines, ok := content[path.Join(dir, e.File)]
		switch {
		case e.File == "" || e.Line == 0:
			t.Errorf("%s: no file and line (%q, %d)", e.Case, e.File, e.Line)
			continue
		case !ok || e.Line > len(lines) || e.Line < 1:
			t.Errorf("%s: %s line %d is not a line of a generated file", e.Case, e.File, e.Line)
			continue
		}
		if w, got := want(e), lines[e.Line-1]; !strings.Contains(got, w) {
			t.Errorf("%s: %s:%d reads %q, want %q", e.Case, e.File, e.Line, strings.TrimSpace(got), w)
		}
	}
	if len(idx.Tests) == 0 {
		t.Error("the index lists no test")
	}
	return len(idx.Tests)
}
