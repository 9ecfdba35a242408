package verify

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/diag"
	"github.com/xeipuuv/gojsonschema"
)

// verifyReports are two languages' verifications: one with a survivor, a
// mismatch, an uncaught and an inexpressible mutant, and one that could not
// finish; hostile text in a description stays inside its finding.
func verifyReports() (*Summary, []string) {
	v := NewSummary(nil, true)
	survivor := Mutant{Name: "forget-ignored", Block: "idempotency", Description: "forget is a no-op\n::error::forged", ExpectedFailures: 1}
	rep := Report{Lang: "node", Baseline: Result{Passed: 337},
		Mutants: []MutantResult{
			{Mutant: survivor, Result: Result{Passed: 337}},
			{Mutant: Mutant{Name: "echo-subject", ExpectedFailures: 228}, Result: Result{Passed: 100, Failed: 237}, Killed: true},
			{Mutant: Mutant{Name: "seen-ignored", Block: "idempotency", ExpectedFailures: 2}, Result: Result{Passed: 335, Failed: 2}, Killed: true, AsExpected: true},
		},
		Uncaught:      []Mutant{{Name: "hole", Block: "sqs"}},
		Inexpressible: []Inexpressible{{Mutant: Mutant{Name: "float-distinct", Block: "payload_schema"}, Why: "1.0 and 1 are one value"}},
	}
	v.Add(LangRun{Report: rep, Took: 12 * time.Second})
	v.Add(LangRun{Report: Report{Lang: "java"}, Err: errors.New("prepare generated tests: javac failed"), Took: time.Second})
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
	r := diag.Report{Command: "verify", OK: false, Summary: v.Line(failed), Diagnostics: v.findings}
	var js bytes.Buffer
	if err := diag.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	schema, err := os.ReadFile("../docs/schema/diagnostics.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gojsonschema.Validate(gojsonschema.NewBytesLoader(schema), gojsonschema.NewStringLoader(js.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors() {
		t.Errorf("verify --format json: %s\n%s", e, js.String())
	}
	if want := "verification failed for node, java (2/3 mutants killed over node, java)"; r.Summary != want {
		t.Errorf("summary %q, want %q", r.Summary, want)
	}
}

func TestVerifyTable(t *testing.T) {
	v, _ := verifyReports()
	var b strings.Builder
	v.WriteTable(&b)
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
	v := NewSummary(&stderr, false)
	p := v.OnProgress()
	p(Progress{Lang: "go", Oracle: Result{Passed: 3}, Took: time.Second})
	p(Progress{Lang: "go", Done: 1, Total: 1, Mutant: &MutantResult{Mutant: Mutant{Name: "m", ExpectedFailures: 1},
		Result: Result{Passed: 2, Failed: 1}, Killed: true, AsExpected: true}, Took: time.Second})
	v.EndProgress()
	want := "go: oracle run: 3 passed, 0 failed, 0 skipped, 1.0 s\ngo: mutant 1 of 1: killed m, 1 of 3 tests failed (reference: 1), 1.0 s\n"
	if stderr.String() != want {
		t.Errorf("progress:\n%q\nwant\n%q", stderr.String(), want)
	}
	if q := NewSummary(&stderr, true); q.OnProgress() != nil {
		t.Error("--quiet still reports progress")
	}
}
