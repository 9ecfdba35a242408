package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/testflag"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
)

// The oracle's report: every language's generated tests run against the
// oracle, each classified from its runner's own result file. Regenerate it
// (every toolchain installed; Python with pytest) with:
//
//	bqgen verify --lang all --oracle-only --report golden/oracle-report.json
//
// then `go test ./app/ -run TestSuiteReadmeTable -update` rewrites the table.
const oracleReportFile = "../golden/oracle-report.json"

// The README's table sits between these markers.
const (
	tableBegin = "<!-- bqgen report --merge golden/oracle-report.json --format blocks: begin (generated; do not edit) -->\n"
	tableEnd   = "<!-- bqgen report: end -->\n"
)

// conformance/README.md's per-block table is bqgen report's, from the
// oracle's runs of every language; the test fails when it is stale: when
// the report no longer covers the embedded suite's cases, misses a language,
// records anything but a pass, or the table differs from what report renders.
func TestSuiteReadmeTable(t *testing.T) {
	data, err := os.ReadFile(oracleReportFile)
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.ReadJSON(oracleReportFile, data)
	if err != nil {
		t.Fatal(err)
	}
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	checkOracleReport(t, r, s)
	readme := filepath.Join("..", "conformance", "README.md")
	text, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := bytes.Index(text, []byte(tableBegin)), bytes.Index(text, []byte(tableEnd))
	if begin < 0 || end < begin {
		t.Fatalf("%s has no table between %q and %q", readme, tableBegin, tableEnd)
	}
	want := append([]byte(tableBegin), report.BlockTable(r)...)
	got := text[begin:end]
	if bytes.Equal(got, want) {
		return
	}
	if *testflag.Update {
		updated := append(append(append([]byte{}, text[:begin]...), want...), text[end:]...)
		if err := os.WriteFile(readme, updated, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the oracle table is stale; run go test ./app/ -run TestSuiteReadmeTable -update\ngot:\n%s\nwant:\n%s", readme, got, want)
}

// checkOracleReport fails unless r is every language's pass of every case
// of s, in suite order.
func checkOracleReport(t *testing.T, r report.Report, s *model.Suite) {
	t.Helper()
	stale := "stale: regenerate with bqgen verify --lang all --oracle-only --report golden/oracle-report.json"
	var ids []string
	for _, id := range s.CaseIDs() {
		ids = append(ids, id.String())
	}
	var got []string
	for _, c := range r.Cases {
		got = append(got, c.ID)
	}
	if strings.Join(got, "\n") != strings.Join(ids, "\n") {
		t.Fatalf("%s: its cases are not the embedded suite's (%d vs %d): %s", oracleReportFile, len(got), len(ids), stale)
	}
	var langs []string
	for _, sdk := range r.SDKs {
		langs = append(langs, sdk.Lang)
		if sdk.ConformanceVersion != s.Version {
			t.Errorf("%s: %s ran suite %s, the embedded one is %s: %s", oracleReportFile, sdk.Lang, sdk.ConformanceVersion, s.Version, stale)
		}
		for id, res := range sdk.Results {
			if res.Status != report.Passed {
				t.Errorf("%s: %s: %s is %s against the oracle", oracleReportFile, sdk.Lang, id, res.Status)
			}
		}
	}
	if strings.Join(langs, " ") != strings.Join(Backends().Langs(), " ") {
		t.Errorf("%s: languages %v, want every one of %v: %s", oracleReportFile, langs, Backends().Langs(), stale)
	}
}
