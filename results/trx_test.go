package results

import (
	"reflect"
	"strings"
	"testing"
)

// trxFile is a minimal TRX file around results and definitions.
func trxFile(results, definitions, counters string) []byte {
	return []byte(`<?xml version="1.0" encoding="utf-8"?>
<TestRun xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010">
  <Results>` + results + `</Results>
  <TestDefinitions>` + definitions + `</TestDefinitions>
  <ResultSummary outcome="Completed">` + counters + `</ResultSummary>
</TestRun>`)
}

func trxDefinition(id, class string) string {
	return `<UnitTest name="x" id="` + id + `"><TestMethod className="` + class + `" name="M" /></UnitTest>`
}

// TestReadTRXOutcomes: vstest's outcomes as ours, a message from
// ErrorInfo or else StdOut, totals from Counters with skips as the rest.
func TestReadTRXOutcomes(t *testing.T) {
	file := trxFile(`
    <UnitTestResult testId="1" testName="inconclusive" outcome="Inconclusive"><Output><StdOut>  not decided  </StdOut></Output></UnitTestResult>
    <UnitTestResult testId="2" testName="timeout" outcome="Timeout"><Output><ErrorInfo><Message>took too long</Message></ErrorInfo><StdOut>ignored</StdOut></Output></UnitTestResult>
    <UnitTestResult testId="1" testName="not executed" outcome="NotExecuted" />
    <UnitTestResult testId="2" testName="passed" outcome="Passed"><Output><StdOut>chatter</StdOut></Output></UnitTestResult>`,
		trxDefinition("1", "A.B")+trxDefinition("2", "C.D"),
		`<Counters total="4" executed="2" passed="1" failed="0" error="0" timeout="1" aborted="0" notExecuted="1" inconclusive="1" />`)
	run, err := Read("x.trx", file)
	if err != nil {
		t.Fatal(err)
	}
	want := []Test{
		{"A.B", "inconclusive", Skip, "not decided"},
		{"C.D", "timeout", Fail, "took too long"},
		{"A.B", "not executed", Skip, ""},
		pass("C.D", "passed"),
	}
	if !reflect.DeepEqual(run.Tests, want) {
		t.Errorf("tests %+q\nwant %+q", run.Tests, want)
	}
	if c := (Counts{Passed: 1, Failed: 1, Skipped: 2}); run.Declared == nil || *run.Declared != c {
		t.Errorf("Declared = %+v, want %+v", run.Declared, c)
	}
}

func TestReadTRXRefusals(t *testing.T) {
	for _, tt := range []struct{ results, want string }{
		{`<UnitTestResult testId="1" testName="t" outcome="Warning" />`, `x.trx: test "t": outcome "Warning" is none of the TRX outcomes this tool knows`},
		{`<UnitTestResult testId="9" testName="t" outcome="Passed" />`, `x.trx: test "t": its testId "9" names no UnitTest in TestDefinitions`},
	} {
		_, err := Read("x.trx", trxFile(tt.results, trxDefinition("1", "A"), ""))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want %s", err, tt.want)
		}
	}
}
