package writer

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

func TestFirstDifferingLine(t *testing.T) {
	for _, c := range []struct {
		old, new string
		want     int
	}{
		{"a\nb\nc\n", "a\nB\nc\n", 2},
		{"a\r\nb\r\nc\r\n", "a\nb\nC\n", 3}, // CRLF reads as LF
		{"a\n", "a\nb\n", 2},
		{"a\nb\n", "a\n", 2},
		{"x", "y", 1},
	} {
		if got := firstDifferingLine([]byte(c.old), []byte(c.new)); got != c.want {
			t.Errorf("%q vs %q: line %d, want %d", c.old, c.new, got, c.want)
		}
	}
}

func TestFindingsNameEachFileOnTheUsersPath(t *testing.T) {
	p := &Plan{
		Changes: []Change{
			{File: backend.File{Path: "test/a.gen.ts", Content: []byte("1\n2\n")}, Exists: true, Old: []byte("1\n3\n")},
			{File: backend.File{Path: "test/subject.ts", Kind: backend.Scaffold}},
		},
		Removals:  []string{"test/old.gen.ts"},
		Conflicts: []Conflict{{Path: "test/b.gen.ts", Reason: "edited since bqgen wrote it"}},
	}
	got := Findings(p, "../sdk")
	want := []struct {
		file, kind string
		line       int
	}{{"../sdk/test/a.gen.ts", "stale", 2}, {"../sdk/test/subject.ts", "missing", 0}, {"../sdk/test/old.gen.ts", "removed", 0}, {"../sdk/test/b.gen.ts", "in-the-way", 0}}
	if len(got) != len(want) {
		t.Fatalf("findings: %+v", got)
	}
	for i, w := range want {
		if got[i].File != w.file || got[i].Kind != w.kind || got[i].Line != w.line {
			t.Errorf("finding %d: %+v, want %+v", i, got[i], w)
		}
	}
}
