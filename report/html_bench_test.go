package report

import (
	"strconv"
	"strings"
	"testing"
)

// bigReport is a merged report of 23 SDK targets × 265 cases, statuses
// spread over every kind, messages and reasons on the ones that do not pass.
// Its case ids are as long as the suite's own, or longer (suite 1.4.0's
// average 33 characters; these 40).
func bigReport() Report {
	r := Report{Newest: "1.4.0", SuiteURL: demoSuiteURL}
	blocks := []string{"cases", "idempotency", "sqs", "asb", "pulsar", "kafka", "roundtrip", "data_shape", "settlement"}
	for k := 0; k < 265; k++ {
		b := blocks[k%len(blocks)]
		r.Cases = append(r.Cases, Case{ID: b + "/case-named-as-the-suite-names-" + strconv.Itoa(k), Block: b, Description: "Checks case " + strconv.Itoa(k) + ".",
			Expectation: `{"file":"fixtures/x.json","valid":true}`, Fixture: "fixtures/x.json", ManifestPointer: "/cases/1", ManifestLine: 10 + k})
	}
	for i := 0; i < 23; i++ {
		s := SDK{Repository: "babelqueue-sdk" + strconv.Itoa(i), Target: "lang core", Lang: "lang", ConformanceVersion: "1.4.0",
			RepositoryURL: demoRepoURL + strconv.Itoa(i), Commit: "0123456789abcdef0123456789abcdef01234567", TestDir: "tests", Date: "2026-12-01", Bqgen: "0.1.0-dev",
			Results: map[string]Result{}}
		for k, c := range r.Cases {
			res := Result{Status: Passed, TestFile: "conformance_test.go", TestLine: 10 + k}
			switch (k + i) % 17 {
			case 1:
				res.Status, res.Message = Failed, "expected invalid, got valid\ntrue !== false"
			case 2:
				res.Status, res.Reason = NotProvided, "settle: no settlement API"
			case 3:
				res = Result{Status: NotGenerated}
			}
			s.Results[c.ID] = res
		}
		r.SDKs = append(r.SDKs, s)
	}
	return r
}

// bigHistory is ten earlier runs of bigReport, each failing a few cases
// the report passes: every target gets a trend, the report changes.
func bigHistory(r Report) History {
	var h History
	for run := 0; run < 10; run++ {
		prev := r
		prev.SDKs = nil
		for i, s := range r.SDKs {
			old := s
			old.Results = map[string]Result{}
			for k, c := range r.Cases {
				res := s.Results[c.ID]
				if res.Status == Passed && (k+run+i)%23 == 0 {
					res = Result{Status: Failed}
				}
				old.Results[c.ID] = res
			}
			prev.SDKs = append(prev.SDKs, old)
		}
		h = h.Append(prev)
	}
	return h
}

// TestHTMLSizeOfALargeReport: the report of 23 targets × 265 cases (a
// 40-hex commit and a test link on every result, which the one page keeps
// for the results that do not pass) with a history of ten
// runs stays under 2 MB (decimal) as one page and as every page of the
// site. (Without the history's trends and changes it was 1.98 MB, and
// 2.002 MB with them, before results' ids became positional.)
func TestHTMLSizeOfALargeReport(t *testing.T) {
	r := bigReport()
	h := bigHistory(r)
	o := HTMLOptions{Changes: Diff(h, r), History: &h}
	page, err := HTMLPage(r, o)
	if err != nil {
		t.Fatal(err)
	}
	site, err := HTMLSite(r, o)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 2_000_000
	for name, p := range site {
		if len(p) > limit {
			t.Errorf("%s: %d bytes, over %d", name, len(p), limit)
		}
	}
	if len(page) > limit {
		t.Errorf("the one page is %d bytes, over %d", len(page), limit)
	}
	if n := len(o.Changes.NewlyFailing) + len(o.Changes.NewlyPassing); n == 0 || strings.Count(string(page), "<svg") < len(r.SDKs) {
		t.Errorf("the history adds %d changes and %d trends", n, strings.Count(string(page), "<svg"))
	}
	t.Logf("one page %d bytes; site index %d bytes", len(page), len(site[HTMLIndexFile]))
}

// BenchmarkHTMLLargeReport renders the 23 × 265 report as one page; it
// reports the CPU time per render too (cpu-ms/op), which a loaded machine
// does not inflate.
func BenchmarkHTMLLargeReport(b *testing.B) {
	r := bigReport()
	b.ReportAllocs()
	start, n := cpuTime(), 0
	for b.Loop() {
		if _, err := HTML(r, nil); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if used := cpuTime() - start; used > 0 && n > 0 {
		b.ReportMetric(float64(used.Milliseconds())/float64(n), "cpu-ms/op")
	}
}
