package verify

import "testing"

func TestReportVerdicts(t *testing.T) {
	t.Parallel()
	base := Result{Passed: 10}
	killed := MutantResult{Mutant: Mutant{Name: "a", ExpectedFailures: 2}, Result: Result{Passed: 8, Failed: 2}, Killed: true, AsExpected: true}
	cases := []struct {
		name string
		rep  Report
		ok   bool
	}{
		{"all killed as expected", Report{Baseline: base, Mutants: []MutantResult{killed}}, true},
		{"oracle run failed", Report{Baseline: Result{Passed: 9, Failed: 1}, Mutants: []MutantResult{killed}}, false},
		{"oracle run skipped a test", Report{Baseline: Result{Passed: 9, Skipped: 1}}, false},
		{"nothing ran", Report{}, false},
		{"survivor", Report{Baseline: base, Mutants: []MutantResult{{Mutant: Mutant{Name: "b", ExpectedFailures: 1}, Result: base}}}, false},
		{"uncaught by the suite, and no test fails", Report{Baseline: base, Mutants: []MutantResult{{Mutant: Mutant{Name: "u"}, Result: base, AsExpected: true}}}, true},
		{"uncaught by the suite, but a test fails", Report{Baseline: base, Mutants: []MutantResult{{Mutant: Mutant{Name: "u"}, Result: Result{Passed: 9, Failed: 1}, Killed: true}}}, false},
		{"killed but fewer tests failed than the reference", Report{Baseline: base, Mutants: []MutantResult{{Mutant: Mutant{Name: "c", ExpectedFailures: 3}, Result: Result{Passed: 8, Failed: 2}, Killed: true}}}, false},
	}
	for _, c := range cases {
		if got := c.rep.OK(); got != c.ok {
			t.Errorf("%s: OK() = %v, want %v", c.name, got, c.ok)
		}
	}
}
