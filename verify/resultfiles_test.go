package verify

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestARunWhoseReportNamesNoTestRunsAgain: a run whose runner counted
// tests but whose result file names none (as xUnit's console runner, warm,
// now and then writes) runs once more, and the second run is the result;
// a report naming its tests, or a run of no tests, runs once.
func TestARunWhoseReportNamesNoTestRunsAgain(t *testing.T) {
	dir := t.TempDir()
	write := func(name, junit string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(junit), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	empty := write("empty.xml", `<testsuites><testsuite name="s"></testsuite></testsuites>`)
	named := write("named.xml", `<testsuites><testsuite name="s"><testcase classname="c" name="t"/></testsuite></testsuites>`)
	for _, c := range []struct {
		name    string
		reports []Result
		calls   int
	}{
		{"no test named, then one", []Result{{Passed: 1, Files: []string{empty}}, {Passed: 1, Files: []string{named}}}, 2},
		{"its test named", []Result{{Passed: 1, Files: []string{named}}}, 1},
		{"no test run", []Result{{Files: []string{empty}}}, 1},
		{"named beside an engine's empty file", []Result{{Passed: 1, Files: []string{empty, named}}}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			calls := 0
			res, err := againIfUnreported(func() (Result, error) {
				calls++
				return c.reports[calls-1], nil
			})
			if want := c.reports[c.calls-1]; err != nil || calls != c.calls || !slices.Equal(res.Files, want.Files) {
				t.Errorf("%d runs, %+v, %v; want %d, the last run's result", calls, res, err, c.calls)
			}
		})
	}
}
