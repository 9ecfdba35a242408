package verify

import (
	"context"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// Progress is called once for the oracle run and once per mutant run, one
// call at a time, counting up to the runs there are.
func TestProgressCountsEveryRun(t *testing.T) {
	var mutants []Mutant
	for _, name := range []string{"a", "b", "c", "needs-spelling"} {
		mutants = append(mutants, Mutant{Name: name, Block: model.BlockPayloadSchema, ExpectedFailures: 1})
	}
	mutants[3].Needs = "integral-float-spelling" // lackingBackend lacks it: not run, not counted
	var got []Progress
	_, err := Run(context.Background(), Config{Backend: lackingBackend{}, Toolchain: &faultRecorder{}, Suite: suitetest.Canonical(t),
		OracleBin: "bqgen", Mutants: mutants, ProcessPerRun: true, Workers: 2, Progress: func(p Progress) { got = append(got, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0].Mutant != nil || got[0].Oracle.Passed != 1 {
		t.Fatalf("progress calls: %+v; want the oracle run, then three mutants", got)
	}
	for i, p := range got[1:] {
		if p.Done != i+1 || p.Total != 3 || p.Mutant == nil || p.Lang != "fake" {
			t.Errorf("call %d: %+v, want mutant %d of 3", i+1, p, i+1)
		}
	}
}

func TestProgressLines(t *testing.T) {
	m := &MutantResult{Mutant: Mutant{Name: "acknowledge-not-counted", ExpectedFailures: 3}, Result: Result{Passed: 334, Failed: 3}, Killed: true, AsExpected: true}
	mid := Progress{Lang: "go", Done: 37, Total: 133, Mutant: m, Elapsed: 51 * time.Second, MutantsElapsed: 41 * time.Second, Took: 1200 * time.Millisecond}
	for _, c := range []struct{ got, want string }{
		{mid.Status(), "mutant 37 of 133 (go), 51 s, about 106 s left"}, // the build before the mutants is not in the estimate
		{Progress{Lang: "go", Done: 133, Total: 133, Mutant: m, Elapsed: 150 * time.Second}.Status(), "mutant 133 of 133 (go), 150 s"},
		{Progress{Lang: "go", Oracle: Result{Passed: 337}, Elapsed: 3 * time.Second}.Status(), "oracle run (go), 3 s"},
		{mid.Line(), "go: mutant 37 of 133: killed acknowledge-not-counted, 3 of 337 tests failed (reference: 3), 1.2 s"},
		{Progress{Lang: "go", Oracle: Result{Passed: 337}, Took: 2 * time.Second}.Line(), "go: oracle run: 337 passed, 0 failed, 0 skipped, 2.0 s"},
		{Progress{Lang: "go", Done: 5, Total: 133, Mutant: &MutantResult{Mutant: Mutant{Name: "x"}, Replayed: true, AsExpected: true}}.Line(),
			"go: mutant 5 of 133: uncaught x, not run: it answers every request of the tests as the oracle did (reference: 0)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q\nwant %q", c.got, c.want)
		}
	}
}
