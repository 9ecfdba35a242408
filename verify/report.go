package verify

import (
	"fmt"
	"io"
	"strings"
)

// verdictOf is a mutant run's verdict as a word: killed, MISMATCH (caught,
// by another number of tests than the reference), uncaught (a hole of the
// suite: no case catches it) or SURVIVED.
func verdictOf(m MutantResult) string {
	switch {
	case !m.AsExpected:
		return "MISMATCH"
	case !m.Killed && m.Mutant.ExpectedFailures == 0:
		return "uncaught"
	case !m.Killed:
		return "SURVIVED"
	}
	return "killed"
}

// Write prints the report as `bqgen verify` shows it: the oracle run, one
// line per mutant, then the survivors and mismatches with what they mean.
func (r Report) Write(w io.Writer) {
	b := r.Baseline
	fmt.Fprintf(w, "%s: oracle: %d passed, %d failed, %d skipped (runner: %s)\n", r.Lang, b.Passed, b.Failed, b.Skipped, b.Summary)
	if b.Failed > 0 || b.Skipped > 0 || b.Passed == 0 {
		fmt.Fprintf(w, "%s: FAILED: every generated test must pass against the oracle\n%s\n", r.Lang, b.Output)
		return
	}
	for _, m := range r.Mutants {
		fmt.Fprintf(w, "%s: %-8s %-38s [%s] %d of %d tests failed (reference: %d)%s\n", r.Lang, verdictOf(m),
			m.Mutant.Name, blockOf(m.Mutant), m.Result.Failed, m.Result.Total(), m.Mutant.ExpectedFailures, r.ranWhat(m))
	}
	if r.EveryTest != "" && r.EveryTest != "asked for" {
		fmt.Fprintf(w, "%s: every mutant's run ran every test: %s\n", r.Lang, r.EveryTest)
	} else if r.EachAlone != "" && r.EachAlone != "asked for" && len(r.Mutants) > 0 {
		fmt.Fprintf(w, "%s: every mutant ran in a run of its own: %s\n", r.Lang, r.EachAlone)
	}
	if len(r.NotRun) > 0 {
		fmt.Fprintf(w, "%s: %d mutant(s) not applicable (their blocks are not in the suite)\n", r.Lang, len(r.NotRun))
	}
	for _, m := range r.Inexpressible {
		fmt.Fprintf(w, "%s: not expressible in %s: %s (%s): %s\n", r.Lang, r.Lang, m.Mutant.Name, blockOf(m.Mutant), m.Why)
	}
	if len(r.Uncaught) > 0 {
		names := make([]string, len(r.Uncaught))
		for i, m := range r.Uncaught {
			names[i] = m.Name
		}
		fmt.Fprintf(w, "%s: %d mutant(s) no case of this suite catches (holes of the suite, not of the tests): %s\n",
			r.Lang, len(r.Uncaught), strings.Join(names, ", "))
	}
	killed := len(r.Mutants) - len(r.Survivors())
	fmt.Fprintf(w, "%s: %d/%d mutants killed\n", r.Lang, killed, len(r.Mutants))
	for _, m := range r.Survivors() {
		fmt.Fprintf(w, "%s: survivor: %s (%s): %s\n", r.Lang, m.Name, blockOf(m), m.Description)
	}
	for _, m := range r.Mismatches() {
		fmt.Fprintf(w, "%s: mismatch: %s: %d tests failed where the reference fails %d cases; a test asserts more or less than the suite says\n",
			r.Lang, m.Mutant.Name, m.Result.Failed, m.Mutant.ExpectedFailures)
	}
}

// blockOf names the part of the suite a mutant lives in: "*" stands for
// every block (the echo subjects; the gate every transport shares).
// Place is the block (and sub-block) whose tests must catch m: "sqs",
// "*.schema_version_gate", "*" for every block.
func (m Mutant) Place() string { return blockOf(m) }

func blockOf(m Mutant) string {
	block := m.Block
	if block == "" {
		block = "*"
	}
	if m.Sub != "" {
		block += "." + m.Sub
	}
	return block
}

// ranWhat says, after a mutant's line, which tests its run ran when not
// every test.
func (r Report) ranWhat(m MutantResult) string {
	if m.Files == nil && !m.Replayed {
		return ""
	}
	ran := "; " + describeFiles(m.Files, r.TestFiles)
	switch n := len(m.SharedWith); n {
	case 0:
	case 1:
		ran += ", in one run with another mutant's files"
	default:
		ran += fmt.Sprintf(", in one run with %d other mutants' files", n)
	}
	return ran
}

// Runs counts the runs of the tests: against the oracle, each test file
// alone (recording what it asks), and the mutants' runs.
func (r Report) Runs() int { return 1 + r.FileRuns + r.MutantRuns }
