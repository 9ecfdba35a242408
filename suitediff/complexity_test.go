package suitediff

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// suitePair is an old and a new suite whose every payload case changed.
type suitePair struct{ from, to *model.Suite }

// changedSuites is two suites of n payload cases, each expectation flipped
// between them, the data strings holding runs of backticks as long as
// their case's number allows (the Markdown code span's fence is longer
// than the longest) and hidden characters.
func changedSuites(t *testing.T, base fstest.MapFS) func(n int) suitePair {
	manifest := func(n int, validWhenEven bool) fstest.MapFS {
		var cases strings.Builder
		for i := range n {
			if i > 0 {
				cases.WriteByte(',')
			}
			run := i % 512
			if i == 0 {
				run = 64 * n // one run that grows with the suite
			}
			data := fmt.Sprintf(`"%s\u202e%d"`, strings.Repeat("`", run), i)
			fmt.Fprintf(&cases, `{"name":"c%d","valid":%v,"data":%s}`, i, (i%2 == 0) == validWhenEven, data)
		}
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys[model.ManifestFile] = &fstest.MapFile{Data: []byte(`{"schema_version":1,"payload_schema":{"schema":{"type":"string"},"cases":[` + cases.String() + `]}}`)}
		return fsys
	}
	load := func(fsys fstest.MapFS) *model.Suite {
		s, problems := model.Load(fsys)
		if errs := problems.Errors(); len(errs) > 0 {
			t.Fatal(errs[0])
		}
		return s
	}
	return func(n int) suitePair {
		return suitePair{load(manifest(n, true)), load(manifest(n, false))}
	}
}

// exemptingTarget is a target whose exemptions are literal ids and
// wildcards that match only in the old suite.
func exemptingTarget(n int) []Target {
	t := Target{Name: "go into sdk", Blocks: []string{"payload_schema"}}
	for i := range min(n, 256) {
		t.Exemptions = append(t.Exemptions, fmt.Sprintf("payload_schema/c%d", i), fmt.Sprintf("payload_schema/*%d*", i))
	}
	return []Target{t}
}

// bqgen diff (text and md) and generate --summary (Compare, then Markdown)
// are linear in the cases that changed.
func TestComplexityDiff(t *testing.T) {
	complexitytest.Skip(t)
	gen := changedSuites(t, suitetest.CanonicalMap(t))
	compare := func(p suitePair) *Diff {
		return Compare(p.from, p.to, "old", "new", exemptingTarget(len(p.to.CaseIDs())))
	}
	complexitytest.Linear(t, "diff --format text (every case changed)", 32, gen, func(p suitePair) {
		if out := Text(compare(p)); !strings.Contains(out, "changed") {
			t.Fatalf("no change in %.200s", out)
		}
	})
	complexitytest.Linear(t, "diff --format md and generate --summary (every case changed, backtick runs)", 32, gen, func(p suitePair) {
		if out := Markdown(compare(p)); !strings.Contains(out, "changed") {
			t.Fatalf("no change in %.200s", out)
		}
	})
}

// The code span's fence is one backtick longer than the longest run in
// the text, however long: a span of n backticks is not searched n times.
func TestCodeFenceOutrunsTheLongestRun(t *testing.T) {
	for _, s := range []string{"", "a", "`", "a``b`", strings.Repeat("`", 1000) + "x``"} {
		got := code(s)
		fence := strings.Repeat("`", longestRun(s, '`')+1)
		if !strings.HasPrefix(got, fence+" ") || !strings.HasSuffix(got, " "+fence) || strings.Contains(s, fence) {
			t.Errorf("code(%.20q) = %.40q", s, got)
		}
	}
}
