package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/results"
)

// The demo: a merged report of three SDK targets over the canonical
// suite's cases, idempotency and sqs blocks, with provenance, links and a
// history of four runs, as a maintainer would publish it.
const (
	demoSuiteURL = "https://github.com/babelqueue/conformance/blob/1.4.0"
	demoRepoURL  = "https://github.com/babelqueue/babelqueue-"
)

// demoNodeJUnit is node:test's JUnit for a failure whose message the
// reporter garbles (line feeds deleted, quotes escaped twice).
const demoNodeJUnit = `<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="cases" tests="1" failures="1" skipped="0">
<testcase name="x" classname="test"><failure type="testCodeFailure" message="expected invalid, got validtrue !== false &amp;quot;x&amp;quot;">
Error [ERR_TEST_FAILURE]: expected invalid, got valid

true !== false "x"

    at TestContext.&lt;anonymous> (file:///t.mjs:9:12) {
  code: 'ERR_TEST_FAILURE'
}
</failure></testcase></testsuite>
<!-- tests 1 -->
<!-- pass 0 -->
<!-- fail 1 -->
</testsuites>`

func demoReport(t testing.TB) (Report, History, *Changes) {
	t.Helper()
	s := suitetest.Canonical(t)
	facts := s.CaseFacts()
	r := Report{Newest: s.Version, SuiteURL: demoSuiteURL}
	for _, id := range s.CaseIDs() {
		if id.Block != "cases" && id.Block != "idempotency" && id.Block != "sqs" {
			continue
		}
		f := facts[id.String()]
		r.Cases = append(r.Cases, Case{ID: id.String(), Block: id.Block, Description: f.Description, Expectation: f.Expectation,
			Fixture: f.Fixture, ManifestPointer: f.Pointer, ManifestLine: f.Line})
	}
	run, err := results.Read("node.xml", []byte(demoNodeJUnit))
	if err != nil {
		t.Fatal(err)
	}
	garbled := run.Tests[0].Message
	sdks := []SDK{
		{Repository: "babelqueue-go", Target: "go core", Lang: "go", Commit: "4f2a9c1", TestDir: "conformance"},
		{Repository: "babelqueue-node", Target: "node core", Lang: "node", Commit: "v2.3.0", TestDir: "test/conformance"},
		{Repository: "babelqueue-python", Target: "python core+sqs", Lang: "python", Commit: "main", TestDir: "tests"},
	}
	for i := range sdks {
		sdk := &sdks[i]
		sdk.RepositoryURL = demoRepoURL + sdk.Lang
		sdk.ConformanceVersion, sdk.Date, sdk.Bqgen = s.Version, "2026-12-01", "0.1.0-dev"
		sdk.Results = map[string]Result{}
		for k, c := range r.Cases {
			res := Result{Status: Passed, TestFile: "conformance_" + c.Block + "_test.txt", TestLine: 10 + 7*k}
			switch {
			case c.Block == "sqs" && i < 2:
				res = Result{Status: NotGenerated}
			case i == 1 && k%9 == 4:
				res.Status, res.Message = Failed, garbled
			case i == 2 && c.Block == "idempotency":
				res.Status, res.Reason = NotProvided, "dedup: this SDK has no deduplication store"
			case i == 0 && k == 3:
				res.Status, res.Reason = KnownFailure, "tracked in babelqueue-go#12"
			}
			sdk.Results[c.ID] = res
		}
		passed, total := sdk.Score()
		sdk.Runner = results.Counts{Passed: passed, Failed: total - passed}
	}
	r.SDKs = sdks
	var h History
	for run := 0; run < 4; run++ {
		prev := r
		prev.SDKs = nil
		for i, sdk := range r.SDKs {
			old := sdk
			old.Results = map[string]Result{}
			for k, c := range r.Cases {
				res := sdk.Results[c.ID]
				// Earlier runs passed fewer cases, and node passed one it
				// fails now.
				if res.Status == Passed && k%(5+i) < 3-run {
					res = Result{Status: Failed}
				}
				if run == 3 && i == 1 && sdk.Results[c.ID].Status == Failed && k == 4 {
					res = Result{Status: Passed}
				}
				old.Results[c.ID] = res
			}
			prev.SDKs = append(prev.SDKs, old)
		}
		h = h.Append(prev)
	}
	return r, h, Diff(h, r)
}

func TestDemoReportRendersCleanly(t *testing.T) {
	r, h, ch := demoReport(t)
	page, err := HTMLPage(r, HTMLOptions{Changes: ch, History: &h})
	if err != nil {
		t.Fatal(err)
	}
	root := parseMarkup(t, page, true)
	ids := elementsByID(t, root)
	node := ids[htmlSDKID(1)].text()
	if strings.Contains(node, "validtrue") || strings.Contains(node, "&quot;") || strings.Contains(node, "&amp;") {
		t.Errorf("the garbled message shows garbled:\n%s", node)
	}
	if !strings.Contains(node, "expected invalid, got valid\ntrue !== false \"x\"") {
		t.Errorf("the node failure does not read as two lines:\n%s", node)
	}
	if n := strings.Count(string(page), "No description."); n != 0 {
		t.Errorf("%d cases show \"No description.\"", n)
	}
	for _, c := range r.Cases {
		if strings.HasPrefix(c.Description, "invalid: ") {
			if sec := ids[htmlCaseID(c.ID)]; sec == nil || !strings.Contains(sec.text(), c.Description) {
				t.Errorf("%s does not explain itself by its reason", c.ID)
			}
		}
	}
	py := ids[htmlSDKID(2)].text()
	if !strings.Contains(py, "∅ not provided × "+strconv.Itoa(countBlock(r, "idempotency"))+"\ndedup: this SDK has no deduplication store") ||
		strings.Count(py, "no deduplication store") != 1 {
		t.Errorf("the python target's identical reasons are not one line with a count:\n%.600s", py)
	}
	if !strings.Contains(ids[htmlSDKID(1)].text(), "Newly failing since the previous report (1)") {
		t.Error("the node target does not call out its newly failing case")
	}
	if len(ids[htmlSDKID(0)].all(elementNamed("svg"))) != 1 {
		t.Error("no trend for the go target")
	}
}

func countBlock(r Report, block string) int {
	n := 0
	for _, c := range r.Cases {
		if c.Block == block {
			n++
		}
	}
	return n
}

// wideReport is the demo report as a real merged one stretches it: full
// commit hashes, more SDK targets (the summary and matrix get wider),
// long test names among the unknown tests, and a failure whose message
// holds a long path with no space to break at.
func wideReport(t *testing.T) (Report, History, *Changes) {
	t.Helper()
	r, h, ch := demoReport(t)
	for _, extra := range []SDK{
		{Repository: "babelqueue-dotnet", Target: "dotnet core", Lang: "dotnet", TestDir: "tests/BabelQueue.Conformance.Tests"},
		{Repository: "babelqueue-java", Target: "java core", Lang: "java", TestDir: "src/test/java/com/babelqueue/conformance"},
		{Repository: "babelqueue-php", Target: "php core", Lang: "php", TestDir: "tests/Conformance"},
	} {
		s := r.SDKs[0]
		s.Repository, s.Target, s.Lang, s.TestDir, s.RepositoryURL = extra.Repository, extra.Target, extra.Lang, extra.TestDir, demoRepoURL+extra.Lang
		r.SDKs = append(r.SDKs, s)
	}
	for i := range r.SDKs {
		r.SDKs[i].Commit = strings.Repeat("0123456789abcdef", 3)[i : i+40]
	}
	py := &r.SDKs[2]
	py.Unknown = []results.Test{{
		Suite:   "tests/conformance/test_generated_conformance_cases_and_transport_blocks.py",
		Name:    "TestConformanceGenerated::test_sqs_attribute_projection_keeps_every_message_attribute_with_its_data_type",
		Outcome: results.Fail,
		Message: "AssertionError at /home/runner/work/babelqueue-python/babelqueue-python/tests/conformance/test_generated_conformance_cases_and_transport_blocks.py:1234",
	}}
	for _, c := range r.Cases {
		if c.Block == "sqs" {
			res := py.Results[c.ID]
			res.Status, res.Message = Failed, "Traceback: File \"/home/runner/work/babelqueue-python/babelqueue-python/src/babelqueue/transport/sqs/attribute_projection_for_every_message_kind.py\", line 88"
			py.Results[c.ID] = res
			break
		}
	}
	return r, h, ch
}
