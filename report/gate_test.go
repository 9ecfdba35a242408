package report

import (
	"slices"
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// The gate's line names how many results of each status it gates on, and
// the first case by id: the one case when there is one, "first:" when
// there are more, an unknown test's name for unknown.
func TestGateNamesTheFirstCase(t *testing.T) {
	r := Report{SDKs: []SDK{{Repository: "sdk", Target: "go core",
		Results: map[string]Result{"cases/b": {Status: Failed}, "cases/a": {Status: Failed}, "cases/c": {Status: NotRun},
			"cases/d": {Status: Passed}},
		Unknown: []results.Test{{Suite: "pkg", Name: "TestConformanceExtra"}}}}}
	got := r.Gate([]string{"fail", "not-run", "unknown", "skipped"})
	want := []string{"sdk · go core: 2 fail (first: cases/a), 1 not-run (cases/c), 1 unknown (TestConformanceExtra)"}
	if !slices.Equal(got, want) {
		t.Errorf("Gate = %q\nwant   %q", got, want)
	}
}
