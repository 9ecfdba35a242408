package gobackend

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// Every case of the test index says where its test is: the line of its
// t.Run("<case name>", ...) or, for a top-level test, of its function.
func TestIndexGivesEachTestsLine(t *testing.T) {
	files := generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK})
	index, ok := backend.IndexIn(files)
	if !ok {
		t.Fatal("no test index")
	}
	var idx struct {
		Tests []struct {
			Case  string
			Names []backend.RunnerName
			File  string
			Line  int
		}
	}
	if err := json.Unmarshal(index.Content, &idx); err != nil {
		t.Fatal(err)
	}
	content := map[string][]string{}
	for _, f := range files {
		content[f.Path] = strings.Split(string(f.Content), "\n")
	}
	for _, e := range idx.Tests {
		lines := content[e.File]
		if e.Line < 1 || e.Line > len(lines) {
			t.Errorf("%s: %s line %d is not a line of a generated file", e.Case, e.File, e.Line)
			continue
		}
		_, name, _ := strings.Cut(e.Case, "/")
		parent, _, sub := strings.Cut(e.Names[0].Name, "/")
		got := lines[e.Line-1]
		want := "func " + parent + "("
		if sub {
			want = "t.Run(" + strconv.Quote(name) + ","
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s: %s:%d reads %q, want %q", e.Case, e.File, e.Line, strings.TrimSpace(got), want)
		}
	}
	t.Logf("%d tests located", len(idx.Tests))
}
