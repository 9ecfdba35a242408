// Package results reads the machine-readable output of the test runners
// bqgen's generated tests run under — go test -json, JUnit XML (pytest,
// PHPUnit, Maven Surefire, the JUnit console launcher, node:test) and .NET
// TRX — into one neutral list of test outcomes. It knows no language and no
// suite: mapping a test back to its case is the report's job, through the
// test index each backend writes (backend.IndexFileName).
package results

// Outcome is how a runner says a test ended.
type Outcome string

// The outcomes. A runner's "error" (an exception outside an assertion) is a
// failure; a test a runner did not execute (TRX NotExecuted, a skip) is a
// skip.
const (
	Pass Outcome = "pass"
	Fail Outcome = "fail"
	Skip Outcome = "skip"
)

// Test is one test case of a result file.
type Test struct {
	// Suite and Name identify the test as the file does (backend.RunnerName):
	// a Go package and "TestX/sub", a JUnit classname and name, a TRX
	// className and testName.
	Suite, Name string
	Outcome     Outcome
	// Message is the skip reason or the failure message, as the runner
	// reported it ("" when it gave none).
	Message string
}

// Counts are a run's totals by outcome.
type Counts struct {
	Passed, Failed, Skipped int
}

// Run is one result file read.
type Run struct {
	File   string // the file's name, for messages
	Format string // "go-test-json", "junit-xml" or "trx"
	Tests  []Test
	// Day is the earliest day a timestamp of the file names (YYYY-MM-DD,
	// as the file writes it: go test -json's event Time, JUnit's
	// testsuite timestamp, TRX's Times start), "" when it names none.
	Day string
	// Declared are the totals the file states about itself (JUnit's
	// tests/failures/errors/skipped, node:test's closing comments, TRX's
	// Counters), nil where the format states none (go test -json).
	Declared *Counts
}

// dayOf is the day a timestamp starts with ("2026-12-01T10:00:00Z" →
// "2026-12-01"), "" when it starts with none.
func dayOf(ts string) string {
	if len(ts) < 10 {
		return ""
	}
	d := ts[:10]
	for i := 0; i < 10; i++ {
		digit := d[i] >= '0' && d[i] <= '9'
		if (i == 4 || i == 7) != (d[i] == '-') || (i != 4 && i != 7 && !digit) {
			return ""
		}
	}
	return d
}

// earlier is the earlier of two days, either possibly "".
func earlier(a, b string) string {
	if a == "" || (b != "" && b < a) {
		return b
	}
	return a
}
