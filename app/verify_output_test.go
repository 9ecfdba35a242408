package app

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/verify"
)

// verifyReports are two languages' verifications: one with a survivor, a
// mismatch, an uncaught and an inexpressible mutant, and one that could not
// finish; hostile text in a description stays inside its finding.
func verifyReports() (*verifyOutput, []string) {
	v := newVerifyOutput("json", &output{quiet: true})
	survivor := verify.Mutant{Name: "forget-ignored", Block: "idempotency", Description: "forget is a no-op\n::error::forged", ExpectedFailures: 1}
	rep := verify.Report{Lang: "node", Baseline: verify.Result{Passed: 337},
		Mutants: []verify.MutantResult{
			{Mutant: survivor, Result: verify.Result{Passed: 337}},
			{Mutant: verify.Mutant{Name: "echo-subject", ExpectedFailures: 228}, Result: verify.Result{Passed: 100, Failed: 237}, Killed: true},
			{Mutant: verify.Mutant{Name: "seen-ignored", Block: "idempotency", ExpectedFailures: 2}, Result: verify.Result{Passed: 335, Failed: 2}, Killed: true, AsExpected: true},
		},
		Uncaught:      []verify.Mutant{{Name: "hole", Block: "sqs"}},
		Inexpressible: []verify.Inexpressible{{Mutant: verify.Mutant{Name: "float-distinct", Block: "payload_schema"}, Why: "1.0 and 1 are one value"}},
	}
	v.add(rep, nil, 12*time.Second)
	v.add(verify.Report{Lang: "java"}, errors.New("prepare generated tests: javac failed"), time.Second)
	return v, []string{"node", "java"}
}

func TestVerifyFindings(t *testing.T) {
	v, failed := verifyReports()
	kinds := map[string]diag.Severity{}
	for _, f := range v.findings {
		kinds[f.Kind] = f.Severity
	}
	want := map[string]diag.Severity{"survivor": diag.Error, "mismatch": diag.Error, "uncaught": diag.Warning, "inexpressible": diag.Notice, "failed": diag.Error}
	for kind, sev := range want {
		if kinds[kind] != sev {
			t.Errorf("finding %s: severity %q, want %q (all: %+v)", kind, kinds[kind], sev, v.findings)
		}
	}
	r := diag.Report{Command: "verify", OK: false, Summary: v.summary(failed), Diagnostics: v.findings}
	var js, gh bytes.Buffer
	if err := diag.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	assertDiagnosticsJSON(t, "verify --format json", js.String())
	if err := diag.WriteGitHub(&gh, r); err != nil {
		t.Fatal(err)
	}
	assertWorkflowCommands(t, "verify --format github", gh.String())
	if want := "verification failed for node, java (2/3 mutants killed over node, java)"; r.Summary != want {
		t.Errorf("summary %q, want %q", r.Summary, want)
	}
}

func TestVerifyTable(t *testing.T) {
	v, _ := verifyReports()
	var b strings.Builder
	v.writeTable(&b)
	want := "language  tests  oracle  mutants killed  not expressible  not applicable  time\n" +
		"node      337    pass    2/3             1                0               12.0 s\n" +
		"java      0      error   0/0             0                0               1.0 s\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}

// Progress goes to standard error: a line per run off a terminal, nothing
// with --quiet.
func TestVerifyProgressOffATerminal(t *testing.T) {
	var stderr bytes.Buffer
	v := newVerifyOutput("text", &output{err: &stderr})
	p := v.onProgress()
	p(verify.Progress{Lang: "go", Oracle: verify.Result{Passed: 3}, Took: time.Second})
	p(verify.Progress{Lang: "go", Done: 1, Total: 1, Mutant: &verify.MutantResult{Mutant: verify.Mutant{Name: "m", ExpectedFailures: 1},
		Result: verify.Result{Passed: 2, Failed: 1}, Killed: true, AsExpected: true}, Took: time.Second})
	v.endProgress()
	want := "go: oracle run: 3 passed, 0 failed, 0 skipped, 1.0 s\ngo: mutant 1 of 1: killed m, 1 of 3 tests failed (reference: 1), 1.0 s\n"
	if stderr.String() != want {
		t.Errorf("progress:\n%q\nwant\n%q", stderr.String(), want)
	}
	if q := newVerifyOutput("text", &output{err: &stderr, quiet: true}); q.onProgress() != nil {
		t.Error("--quiet still reports progress")
	}
}
