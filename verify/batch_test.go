package verify

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/oracle"
)

// sharingFixture is the selection fixture's two files, each test named in
// the index as the fake runner's JUnit names it, and two mutants, each
// changing one file's answer alone and asked about by neither file's
// requests the other's: they can share a run.
type sharingFixture struct {
	selectionFixture
	onlyA, onlyB oracle.Fault
	// emptyReports is how many of the mutants' runs write a result file
	// naming no test.
	emptyReports int
}

func newSharingFixture(t *testing.T) sharingFixture {
	t.Helper()
	fx := sharingFixture{selectionFixture: newSelectionFixture(t)}
	fx.tc.resultsDir = t.TempDir()
	for i := range fx.files {
		f := &fx.files[i]
		f.Tests = []indexedTest{{Case: f.Path, File: f.Path, Names: []backend.RunnerName{{Suite: f.Path, Name: "t"}}}}
	}
	sel := &selection{files: make([]selectedFile, len(fx.files))}
	for i, f := range fx.files {
		sel.files[i] = selectedFile{testFile: f, asked: []oracle.Conversation{{Requests: []byte(fx.tc.requests[f.Path] + "\n")}}}
	}
	var ms []Mutant
	for _, f := range oracle.Faults() {
		ms = append(ms, Mutant{Name: string(f.Name)})
	}
	plans, err := sel.planMutants(ms)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range plans {
		if !slices.Equal(p.files, []int{0}) || fx.onlyA != "" {
			continue
		}
		for j, q := range plans {
			if slices.Equal(q.files, []int{1}) && canShare(ms, plans, []int{i}, j) {
				fx.onlyA, fx.onlyB = oracle.Fault(ms[i].Name), oracle.Fault(ms[j].Name)
				break
			}
		}
	}
	if fx.onlyA == "" || fx.onlyB == "" {
		t.Fatalf("no two mutants of different files that can share a run (%q, %q): the test proves nothing", fx.onlyA, fx.onlyB)
	}
	return fx
}

// sharedRun verifies fx's two files against ms with a selection, as Run
// does after the run against the oracle, and returns the report.
func sharedRun(t *testing.T, fx sharingFixture, cfg Config, ms ...Mutant) Report {
	t.Helper()
	cfg.Toolchain, cfg.Workers, cfg.Backend = fx.tc, 1, lackingBackend{}
	link := openOracleLink(cfg, nil)
	defer link.close()
	pool := &runners{tc: fx.tc, log: &strings.Builder{}, cold: true}
	ctx := context.Background()
	baseline, err := pool.take(ctx).run(ctx, link.env(""))
	if err != nil {
		t.Fatal(err)
	}
	rep := Report{Baseline: baseline}
	sel := planSelection(ctx, cfg, pool, link, testFiles{files: fx.files}, 2)
	rep.EachAlone = sel.planSharing(cfg, baseline)
	fx.tc.runs, fx.tc.emptyReports = nil, fx.emptyReports
	rep.Mutants, rep.MutantRuns, err = runMutants(ctx, cfg, pool, link, sel, ms, 2, newProgress(cfg, time.Now(), len(ms)))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestMutantsOfDifferentFilesShareARun: two mutants that change different
// files' answers, and whose files never ask about the other's fault, run
// in one run, each file answered as its own mutant answers it, and each
// verdict is read from its own file's test in the run's result file.
func TestMutantsOfDifferentFilesShareARun(t *testing.T) {
	fx := newSharingFixture(t)
	rep := sharedRun(t, fx, Config{}, Mutant{Name: string(fx.onlyA), ExpectedFailures: 1}, Mutant{Name: string(fx.onlyB), ExpectedFailures: 1})
	if rep.EachAlone != "" {
		t.Fatalf("mutants ran alone: %s", rep.EachAlone)
	}
	if want := [][]string{{"a_test", "b_test"}}; !slices.EqualFunc(fx.tc.runs, want, slices.Equal) || rep.MutantRuns != 1 {
		t.Errorf("runs %v (%d counted), want one run of both files %v", fx.tc.runs, rep.MutantRuns, want)
	}
	for i, want := range []struct {
		files  string
		shared oracle.Fault
	}{{"a_test", fx.onlyB}, {"b_test", fx.onlyA}} {
		m := rep.Mutants[i]
		if !m.Killed || !m.AsExpected || m.Result.Failed != 1 || m.Result.Total() != 1 ||
			!slices.Equal(m.Files, []string{want.files}) || !slices.Equal(m.SharedWith, []string{string(want.shared)}) {
			t.Errorf("mutant %s: %+v; want its file %s's one test failed, killed, shared with %s", m.Mutant.Name, m, want.files, want.shared)
		}
	}
}

// TestASharedRunOnlyConfirms: a mutant whose tests in the shared run fail
// otherwise than the reference expects runs again alone, and that run's
// verdict is its verdict; the other keeps the shared one.
func TestASharedRunOnlyConfirms(t *testing.T) {
	fx := newSharingFixture(t)
	rep := sharedRun(t, fx, Config{}, Mutant{Name: string(fx.onlyA), ExpectedFailures: 2}, Mutant{Name: string(fx.onlyB), ExpectedFailures: 1})
	if want := [][]string{{"a_test", "b_test"}, {"a_test"}}; !slices.EqualFunc(fx.tc.runs, want, slices.Equal) || rep.MutantRuns != 2 {
		t.Errorf("runs %v (%d counted), want the shared run, then a_test alone %v", fx.tc.runs, rep.MutantRuns, want)
	}
	a, b := rep.Mutants[0], rep.Mutants[1]
	if a.SharedWith != nil || a.AsExpected || !a.Killed {
		t.Errorf("mutant %s: %+v; want its own run's verdict: killed, a mismatch", a.Mutant.Name, a)
	}
	if !slices.Equal(b.SharedWith, []string{string(fx.onlyA)}) || !b.AsExpected {
		t.Errorf("mutant %s: %+v; want the shared run's verdict", b.Mutant.Name, b)
	}
}

// TestASharedRunWhoseReportNamesNoTestRunsEachAlone: a shared run whose
// result file names no test tells no mutant's verdict, so each mutant
// runs again alone and keeps that run's verdict.
func TestASharedRunWhoseReportNamesNoTestRunsEachAlone(t *testing.T) {
	fx := newSharingFixture(t)
	fx.emptyReports = 1
	rep := sharedRun(t, fx, Config{}, Mutant{Name: string(fx.onlyA), ExpectedFailures: 1}, Mutant{Name: string(fx.onlyB), ExpectedFailures: 1})
	if want := [][]string{{"a_test", "b_test"}, {"a_test"}, {"b_test"}}; !slices.EqualFunc(fx.tc.runs, want, slices.Equal) || rep.MutantRuns != 3 {
		t.Errorf("runs %v (%d counted), want the shared run, then each file alone %v", fx.tc.runs, rep.MutantRuns, want)
	}
	for _, m := range rep.Mutants {
		if m.SharedWith != nil || !m.AsExpected || !m.Killed {
			t.Errorf("mutant %s: %+v; want its own run's verdict: killed, as expected", m.Mutant.Name, m)
		}
	}
}

// TestMutantsRunAloneWhereResultsCannotTellFilesApart: asked for, or
// without result files, every mutant runs alone, and the report says why.
func TestMutantsRunAloneWhereResultsCannotTellFilesApart(t *testing.T) {
	for _, c := range []struct {
		name    string
		cfg     Config
		results bool
		why     string
	}{
		{"asked for", Config{RunEachAlone: true}, true, "asked for"},
		{"no result files", Config{}, false, "writes no result file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fx := newSharingFixture(t)
			if !c.results {
				fx.tc.resultsDir = ""
			}
			rep := sharedRun(t, fx, c.cfg, Mutant{Name: string(fx.onlyA), ExpectedFailures: 1}, Mutant{Name: string(fx.onlyB), ExpectedFailures: 1})
			if !strings.Contains(rep.EachAlone, c.why) || rep.MutantRuns != 2 || len(fx.tc.runs) != 2 {
				t.Errorf("alone because %q, %d runs %v; want two runs of their own, because %q", rep.EachAlone, rep.MutantRuns, fx.tc.runs, c.why)
			}
			for _, m := range rep.Mutants {
				if m.SharedWith != nil || !m.AsExpected {
					t.Errorf("mutant %s: %+v; want its own run, as expected", m.Mutant.Name, m)
				}
			}
		})
	}
}

// TestBatchesKeepFilesAndFaultsApart: a mutant joins the first batch with
// none of its files and none of whose files asked about its fault, nor it
// about theirs; one no file of which runs is in none.
func TestBatchesKeepFilesAndFaultsApart(t *testing.T) {
	ms := []Mutant{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}, {Name: "e"}}
	plans := []mutantPlan{
		{files: []int{0}, asked: oracle.Consulted{"a": true}},
		{files: []int{0}, asked: oracle.Consulted{"b": true}},            // a's file: a batch of its own
		{files: []int{1}, asked: oracle.Consulted{"c": true, "a": true}}, // asked about a: joins b's
		{files: []int{2}, asked: oracle.Consulted{"d": true}},            // joins a's
		{}, // runs nothing
	}
	got := batchesOf(ms, plans)
	if want := [][]int{{0, 3}, {1, 2}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("batches %v, want %v", got, want)
	}
	long := []Mutant{{Name: strings.Repeat("a", maxBatchNames/2)}, {Name: strings.Repeat("b", maxBatchNames/2)}}
	apart := []mutantPlan{{files: []int{0}}, {files: []int{1}}}
	if got := batchesOf(long, apart); len(got) != 2 {
		t.Errorf("names of %d bytes joined share a batch: %v; the hello has room for %d", 2*maxBatchNames/2+1, got, maxBatchNames)
	}
}
