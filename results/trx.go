package results

import (
	"fmt"
	"strings"
)

// trxRun is the part of a .NET TRX file (vstest's --logger trx) a report
// needs. encoding/xml matches these names in any namespace, and TRX puts
// everything in its own.
type trxRun struct {
	Results     []trxResult `xml:"Results>UnitTestResult"`
	Definitions []trxTest   `xml:"TestDefinitions>UnitTest"`
	Counters    *trxCounts  `xml:"ResultSummary>Counters"`
	Times       struct {
		Start string `xml:"start,attr"`
	} `xml:"Times"`
}

type trxResult struct {
	TestID   string `xml:"testId,attr"`
	TestName string `xml:"testName,attr"`
	Outcome  string `xml:"outcome,attr"`
	StdOut   string `xml:"Output>StdOut"`
	Message  string `xml:"Output>ErrorInfo>Message"`
}

type trxTest struct {
	ID     string `xml:"id,attr"`
	Method struct {
		ClassName string `xml:"className,attr"`
	} `xml:"TestMethod"`
}

type trxCounts struct {
	Total   int `xml:"total,attr"`
	Passed  int `xml:"passed,attr"`
	Failed  int `xml:"failed,attr"`
	Error   int `xml:"error,attr"`
	Timeout int `xml:"timeout,attr"`
	Aborted int `xml:"aborted,attr"`
}

// trxOutcomes maps a UnitTestResult's outcome (vstest's TestOutcome
// names) to ours. Inconclusive is a test that decided not to decide: a
// skip, as NotExecuted is.
var trxOutcomes = map[string]Outcome{
	"Passed": Pass, "PassedButRunAborted": Pass,
	"Failed": Fail, "Error": Fail, "Timeout": Fail, "Aborted": Fail,
	"NotExecuted": Skip, "Inconclusive": Skip, "NotRunnable": Skip,
}

// readTRX reads a TRX file: Name is the result's testName (xUnit's
// display name), Suite the className of the test definition its testId
// names.
func readTRX(name string, data []byte) (Run, error) {
	var trx trxRun
	if err := decodeXML(name, data, &trx); err != nil {
		return Run{}, err
	}
	classes := make(map[string]string, len(trx.Definitions))
	for _, d := range trx.Definitions {
		classes[d.ID] = d.Method.ClassName
	}
	run := Run{Format: FormatTRX, Day: dayOf(trx.Times.Start)}
	for _, r := range trx.Results {
		outcome, ok := trxOutcomes[r.Outcome]
		if !ok {
			return Run{}, fmt.Errorf("%s: test %q: outcome %q is none of the TRX outcomes this tool knows", name, r.TestName, r.Outcome)
		}
		class, ok := classes[r.TestID]
		if !ok {
			return Run{}, fmt.Errorf("%s: test %q: its testId %q names no UnitTest in TestDefinitions", name, r.TestName, r.TestID)
		}
		t := Test{Suite: class, Name: r.TestName, Outcome: outcome}
		if outcome != Pass {
			t.Message = strings.TrimSpace(r.Message)
			if t.Message == "" {
				t.Message = strings.TrimSpace(r.StdOut)
			}
		}
		run.Tests = append(run.Tests, t)
	}
	if c := trx.Counters; c != nil {
		run.Declared = c.counts()
	}
	return run, nil
}

// counts are the Counters' figures. Skipped is what total leaves over:
// the xUnit adapter counts a skipped test in total only (not executed, and
// notExecuted stays 0), so the notExecuted attribute would miss it.
func (c trxCounts) counts() *Counts {
	failed := c.Failed + c.Error + c.Timeout + c.Aborted
	return &Counts{Passed: c.Passed, Failed: failed, Skipped: c.Total - c.Passed - failed}
}
