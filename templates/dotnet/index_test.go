package dotnet

import (
	"encoding/json"
	"path"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// The escapes of the runners' result files, as TestIndexNamesEveryReportedTest
// saw them in real runs of the adversarial suite.
func TestRunnerNameEscapes(t *testing.T) {
	cases := []struct{ in, trx, xunit string }{
		{"cases/plain", "cases/plain", "cases/plain"},
		{"nul \x00 byte", `nul \u0000 byte`, `nul \0 byte`},
		{"emoji 😀", `emoji \ud83d\ude00`, "emoji 😀"},
		{"line\nbreak\r\ttab", "line\nbreak\r\ttab", `line\nbreak\r\ttab`},
		{`quote " backslash \ end`, `quote " backslash \ end`, `quote \" backslash \\ end`},
		{"sep \u2028 \u0085 \ufffe", "sep \u2028 \u0085 \\ufffe", "sep \u2028 \u0085 \ufffe"},
	}
	for _, c := range cases {
		if got := trxName(c.in); got != c.trx {
			t.Errorf("trxName(%q) = %q, want %q", c.in, got, c.trx)
		}
		if got := xunitName(c.in); got != c.xunit {
			t.Errorf("xunitName(%q) = %q, want %q", c.in, got, c.xunit)
		}
	}
}

// TestIndexNamesEveryTest: the index sits beside the test classes and names
// every case by its class and display name.
func TestIndexNamesEveryTest(t *testing.T) {
	for _, ts := range loadSuites(t) {
		for name, b := range bindings {
			var index *backend.File
			files := generate(t, ts.suite, b)
			for i, f := range files {
				if isIndex(f) {
					index = &files[i]
				}
			}
			if index == nil {
				t.Fatalf("%s/%s: no index", ts.name, name)
			}
			var idx struct {
				Tests []struct {
					Case  string
					Names []backend.RunnerName
				}
			}
			if err := json.Unmarshal(index.Content, &idx); err != nil {
				t.Fatal(err)
			}
			if len(idx.Tests) != len(ts.suite.CaseIDs()) {
				t.Errorf("%s/%s: %d tests indexed, the suite has %d cases", ts.name, name, len(idx.Tests), len(ts.suite.CaseIDs()))
			}
			for _, e := range idx.Tests {
				if len(e.Names) == 0 || path.Ext(e.Names[0].Suite) == "" {
					t.Errorf("%s/%s: %s is indexed as %v", ts.name, name, e.Case, e.Names)
				}
			}
		}
	}
}
