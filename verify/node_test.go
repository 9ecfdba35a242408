package verify

import (
	"strings"
	"testing"
)

// tapTail is the close of a node:test TAP report.
const tapTail = `ok 44 - attribute_projection
# Subtest: attempts_reconciliation
not ok 45 - attempts_reconciliation
1..45
# tests 74
# suites 6
# pass 70
# fail 2
# cancelled 1
# skipped 1
# todo 0
# duration_ms 5777.288461
`

func TestParseNodeTestSummary(t *testing.T) {
	r, err := parseNodeTestSummary(tapTail)
	if err != nil {
		t.Fatal(err)
	}
	if r.Passed != 70 || r.Failed != 3 || r.Skipped != 1 || r.Total() != 74 {
		t.Errorf("got %d passed, %d failed, %d skipped; want 70, 3 (2 failed + 1 cancelled), 1", r.Passed, r.Failed, r.Skipped)
	}
	if r.Summary != "tests 74, pass 70, fail 2, cancelled 1, skipped 1, todo 0" || r.Output != tapTail {
		t.Errorf("summary %q", r.Summary)
	}
}

func TestParseNodeTestSummaryTakesTheClosingLines(t *testing.T) {
	// A test's own output is reported as "# ..." diagnostics before the summary.
	r, err := parseNodeTestSummary("# pass 999\n# fail 0\n" + tapTail)
	if err != nil || r.Passed != 70 {
		t.Errorf("got %+v, %v; the closing summary must win", r, err)
	}
}

func TestParseNodeTestSummaryWithoutSummary(t *testing.T) {
	out := "node:internal/modules/run_main:123\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx'\n"
	if _, err := parseNodeTestSummary(out); err == nil || !strings.Contains(err.Error(), "ERR_MODULE_NOT_FOUND") {
		t.Errorf("got %v; want an error quoting the output", err)
	}
}

func TestCheckNodeVersion(t *testing.T) {
	for v, ok := range map[string]bool{"v20.20.2": true, "v20.11.0": true, "v22.1.0": true, "v24.0.0": true,
		"v20.10.9": false, "v18.19.0": false, "20.20.2": false, "": false} {
		if err := checkNodeVersion(v); (err == nil) != ok {
			t.Errorf("checkNodeVersion(%q) = %v, want ok=%v", v, err, ok)
		}
	}
}

// junitTail is the close of a node:test JUnit report: the same summary, as
// comments, after a test whose diagnostic reads like one.
const junitTail = `		<testcase name="reject string 1 U+3000" time="0.000918" classname="test">
			<!-- pass 999 -->
		</testcase>
	</testsuite>
	<!-- tests 74 -->
	<!-- suites 6 -->
	<!-- pass 70 -->
	<!-- fail 2 -->
	<!-- cancelled 1 -->
	<!-- skipped 1 -->
	<!-- todo 0 -->
	<!-- duration_ms 613.114066 -->
</testsuites>
`

func TestParseNodeTestSummaryFromJUnit(t *testing.T) {
	r, err := parseNodeTestSummary(junitTail)
	if err != nil {
		t.Fatal(err)
	}
	if r.Passed != 70 || r.Failed != 3 || r.Skipped != 1 {
		t.Errorf("got %d passed, %d failed, %d skipped; want 70, 3, 1 from the closing comments", r.Passed, r.Failed, r.Skipped)
	}
}

func TestAgainstOracle(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want bool
	}{
		{(&oracleLink{bin: "bqgen"}).env(""), true},
		{(&oracleLink{bin: "bqgen"}).env("fault-x"), false},
		{nil, true},
	} {
		if got := againstOracle(c.env); got != c.want {
			t.Errorf("againstOracle(%q) = %v, want %v", c.env, got, c.want)
		}
	}
}
