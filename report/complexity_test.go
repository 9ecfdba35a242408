package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/results"
)

// oneCaseBlockIndex is a test index of n blocks of one case each (the shape
// that made --format md cost blocks × targets × cases), with long and
// hostile names mixed in.
func oneCaseBlockIndex(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"conformance_version":"1.0.0","lang":"go","blocks":[],"tests":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		block := fmt.Sprintf("b%d", i)
		if i%7 == 0 {
			block += strings.Repeat("x", 200) // long names
		}
		fmt.Fprintf(&b, `{"case":"%s/c|<%d>","block":"%s","names":[{"suite":"s","name":"T%d"}]`, block, i, block, i)
		if i%3 == 0 {
			b.WriteString(`,"exemption":{"action":"skip","reason":"\u202e why"}`)
		}
		b.WriteByte('}')
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// buildInput is a report of targets copies of the index, each with a run
// that reports every other test.
func buildInput(t *testing.T, data []byte, targets int) Input {
	idx, err := ReadIndex("index.json", data)
	if err != nil {
		t.Fatal(err)
	}
	in := Input{}
	for k := range targets {
		own := idx
		own.Tests = append([]IndexEntry{}, idx.Tests...)
		for i := range own.Tests { // a runner name belongs to one target
			own.Tests[i].Names = []backend.RunnerName{{Suite: fmt.Sprintf("s%d", k), Name: own.Tests[i].Names[0].Name}}
		}
		in.Targets = append(in.Targets, Target{Repository: "r", Name: fmt.Sprintf("t%d", k), Index: own})
		if k > 0 {
			continue // the other targets are not run
		}
		run := results.Run{File: "r.json", Format: results.FormatGoTestJSON}
		for i, e := range idx.Tests {
			if i%2 == 0 {
				run.Tests = append(run.Tests, results.Test{Suite: e.Names[0].Suite, Name: e.Names[0].Name, Outcome: results.Fail, Message: "m"})
			}
		}
		in.Runs = append(in.Runs, run)
	}
	return in
}

func TestComplexityIndex(t *testing.T) {
	complexitytest.Skip(t)
	complexitytest.Linear(t, "test index (one-case blocks)", 256, oneCaseBlockIndex, func(data []byte) {
		if _, err := ReadIndex("index.json", data); err != nil {
			t.Fatal(err)
		}
	})
	// 5 MB of one-case blocks: read, built for one target and rendered as
	// Markdown. (HTML grows linearly too, TestComplexityMarkdown, but
	// html/template costs about 0.1 ms a cell: 5 s here.)
	complexitytest.Within(t, "test index (5 MB of one-case blocks, read, built, Markdown)", oneCaseBlockIndex(5<<20/100), func(data []byte) {
		r, err := Build(buildInput(t, data, 1))
		if err != nil {
			t.Fatal(err)
		}
		Markdown(r, nil)
		BlockTable(r)
	})
}

// TestComplexityMarkdown renders reports of n one-case blocks for three
// targets: the cost must follow the cells, not blocks × targets × cases.
func TestComplexityMarkdown(t *testing.T) {
	complexitytest.Skip(t)
	gen := func(n int) Report {
		r, err := Build(buildInput(t, oneCaseBlockIndex(n), 3))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	complexitytest.Linear(t, "report --format md (one-case blocks, 3 targets)", 64, gen, func(r Report) {
		Markdown(r, nil)
		BlockTable(r)
	})
	// HTML from 1,024 blocks up: a cost quadratic in the blocks of a status
	// group (its filter classes were once rebuilt per entry) only outgrows
	// the linear part from there, and hid at the 256 blocks minTime picks.
	complexitytest.Linear(t, "report --format html (one-case blocks, 3 targets)", 1024, gen, func(r Report) {
		if _, err := HTML(r, nil); err != nil {
			t.Fatal(err)
		}
	})
}

// mergedReport is a JSON report of n targets over n cases' worth of
// results, half of them listed: the shape a hostile merged report takes.
func mergedReport(cases, targets int) []byte {
	r := Report{Newest: "1.0.0"}
	for i := range cases {
		r.Cases = append(r.Cases, Case{ID: fmt.Sprintf("b%d/c%d", i%5, i), Block: fmt.Sprintf("b%d", i%5)})
	}
	for k := range targets {
		s := SDK{Repository: fmt.Sprintf("r%d", k), Target: "t", Lang: "go", ConformanceVersion: "1.0.0", Results: map[string]Result{}}
		for i, c := range r.Cases {
			if (i+k)%2 == 0 {
				s.Results[c.ID] = Result{Status: Failed, Message: "<img onerror>"}
			}
		}
		r.SDKs = append(r.SDKs, s)
	}
	data, err := JSON(r, nil)
	if err != nil {
		panic(err)
	}
	return data
}

func TestComplexityMergedReport(t *testing.T) {
	complexitytest.Skip(t)
	other := Report{Cases: []Case{{ID: "z/1", Block: "z"}}, SDKs: []SDK{{Repository: "o", Target: "t", Results: map[string]Result{"z/1": {Status: Passed}}}}}
	const targets = 16 // and the other report's one: 17 results a case, at most MaxCells
	complexitytest.LinearUpTo(t, "merged report (read and merge)", 16, MaxCells/(targets+1), func(n int) []byte { return mergedReport(n, targets) }, func(data []byte) {
		r, err := ReadJSON("merged.json", data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Merge(r, other); err != nil {
			t.Fatal(err)
		}
	})
	// The attack: a 656 KB report of many targets and many cases,
	// each target listing no result, asks for their product (10^7).
	var b strings.Builder
	b.WriteString(`{"bqgen_report":1,"newest_conformance_version":"1","cases":[`)
	for i := range 2000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"b/%d","block":"b"}`, i)
	}
	b.WriteString(`],"sdks":[`)
	for k := range 5000 {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"repository":"r%d","target":"t","results":{}}`, k)
	}
	b.WriteString(`]}`)
	complexitytest.Within(t, fmt.Sprintf("merged report (%d KB asking 10^7 cells)", b.Len()>>10), []byte(b.String()), func(data []byte) {
		r, err := ReadJSON("merged.json", data)
		if err == nil {
			_, err = Merge(r, other)
		}
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("over the limit of %d", MaxCells)) {
			t.Fatalf("a report of 10^7 cells: %v, want it refused naming the limit", err)
		}
	})
}

// history is a history file of entries entries of targets targets over
// cases cases.
func history(entries, targets, cases int) []byte {
	h := History{Format: historyFormat}
	for e := range entries {
		entry := HistoryEntry{}
		for k := range targets {
			s := HistorySDK{Repository: "r", Target: fmt.Sprintf("t%d", k), ConformanceVersion: "1", Statuses: map[string]Status{}}
			for i := range cases {
				s.Statuses[fmt.Sprintf("b/%d", i)] = []Status{Passed, Failed, NotProvided, Skipped}[(i+e+k)%4]
			}
			entry.SDKs = append(entry.SDKs, s)
		}
		h.Entries = append(h.Entries, entry)
	}
	data, err := h.Encode()
	if err != nil {
		panic(err)
	}
	return data
}

func TestComplexityHistory(t *testing.T) {
	complexitytest.Skip(t)
	r := Report{Cases: []Case{{ID: "b/1", Block: "b"}}, SDKs: []SDK{{Repository: "r", Target: "t0", Results: map[string]Result{"b/1": {Status: Passed}}}}}
	run := func(data []byte) {
		h, err := ReadHistory("history.json", data)
		if err != nil {
			t.Fatal(err)
		}
		Diff(h, r)
		h.Append(r)
	}
	complexitytest.Linear(t, "history (many entries)", 16, func(n int) []byte { return history(n, 2, 20) }, run)
	complexitytest.Linear(t, "history (many cases)", 64, func(n int) []byte { return history(2, 2, n) }, run)
}

// manyTargetsWithHistory is a report of n targets of one case each, every
// one failing now, and a history of 4 entries in which each passed: each
// target has a trend and a newly failing case.
func manyTargetsWithHistory(n int) (Report, History, *Changes) {
	r := Report{Newest: "1", Cases: []Case{{ID: "b/1", Block: "b"}}}
	for k := range n {
		r.SDKs = append(r.SDKs, SDK{Repository: "r", Target: fmt.Sprintf("t%d", k), ConformanceVersion: "1", Results: map[string]Result{"b/1": {Status: Failed, Message: "m"}}})
	}
	h := History{Format: historyFormat}
	passing := r
	passing.SDKs = nil
	for _, s := range r.SDKs {
		s.Results = map[string]Result{"b/1": {Status: Passed}}
		passing.SDKs = append(passing.SDKs, s)
	}
	for range 4 {
		h = h.Append(passing)
	}
	return r, h, Diff(h, r)
}

// TestComplexityHTMLHistory renders reports of many targets with a history
// and changes, as one page and as a site: each target's trend and newly
// failing cases are found once for all (a search per target was targets ×
// the history).
func TestComplexityHTMLHistory(t *testing.T) {
	complexitytest.Skip(t)
	type input struct {
		r Report
		o HTMLOptions
	}
	gen := func(n int) input {
		r, h, ch := manyTargetsWithHistory(n)
		return input{r, HTMLOptions{Changes: ch, History: &h}}
	}
	complexitytest.Linear(t, "report --format html --history (many targets)", 64, gen, func(in input) {
		if _, err := HTMLPage(in.r, in.o); err != nil {
			t.Fatal(err)
		}
	})
	complexitytest.Linear(t, "report --format html --output DIR/ --history (many targets, a page each)", 64, gen, func(in input) {
		if _, err := HTMLSite(in.r, in.o); err != nil {
			t.Fatal(err)
		}
	})
	complexitytest.Linear(t, "report --format md --history (many targets)", 64, gen, func(in input) {
		Markdown(in.r, in.o.Changes)
	})
}
