package python

import (
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// Every case of the test index says where its test is: the line of its
// method's def.
func TestIndexGivesEachTestsLine(t *testing.T) {
	files := generate(t, canonicalSuite(t), backend.BindSDK)
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
		lines := content[path.Join(path.Dir(index.Path), e.File)]
		if e.Line < 1 || e.Line > len(lines) {
			t.Errorf("%s: %s line %d is not a line of a generated file", e.Case, e.File, e.Line)
			continue
		}
		if want := "def " + e.Names[0].Name + "("; !strings.Contains(lines[e.Line-1], want) {
			t.Errorf("%s: %s:%d reads %q, want %q", e.Case, e.File, e.Line, lines[e.Line-1], want)
		}
	}
	t.Logf("%d tests located", len(idx.Tests))
}
