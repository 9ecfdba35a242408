package verify

import (
	"strings"
	"testing"
)

// junitTable is the closing table of the JUnit console launcher.
func junitTable(found, skipped, started, aborted, successful, failed string) string {
	return "Test run finished after 815 ms\n" +
		"[        17 containers found      ]\n[         0 containers failed     ]\n" +
		"[" + found + " tests found           ]\n[" + skipped + " tests skipped         ]\n" +
		"[" + started + " tests started         ]\n[" + aborted + " tests aborted         ]\n" +
		"[" + successful + " tests successful      ]\n[" + failed + " tests failed          ]\n"
}

func TestParseJUnitSummary(t *testing.T) {
	cases := []struct {
		name                    string
		out                     string
		passed, failed, skipped int
	}{
		{"all pass", junitTable("74", "0", "74", "0", "74", "0"), 74, 0, 0},
		{"failures", "├─ x ✘ expected: <1> but was: <2>\n" + junitTable("74", "0", "74", "0", "71", "3"), 71, 3, 0},
		{"aborted is skipped", junitTable("74", "1", "73", "2", "71", "0"), 71, 0, 3},
		// A class that cannot initialise leaves its tests found but never started.
		{"blocked", junitTable("74", "0", "70", "0", "70", "0"), 70, 4, 0},
	}
	for _, c := range cases {
		r, err := parseJUnitSummary(c.out)
		if err != nil || r.Passed != c.passed || r.Failed != c.failed || r.Skipped != c.skipped {
			t.Errorf("%s: parseJUnitSummary = %+v, %v; want %d passed, %d failed, %d skipped",
				c.name, r, err, c.passed, c.failed, c.skipped)
		}
	}
	if r, _ := parseJUnitSummary(cases[0].out); !strings.Contains(r.Summary, "74 tests successful") {
		t.Errorf("summary %q does not quote the launcher", r.Summary)
	}
	if _, err := parseJUnitSummary("Error: Unable to access jarfile x.jar\n"); err == nil {
		t.Error("output without a summary table parsed")
	}
}
