package report

import (
	"fmt"
	"sort"
)

// Empty says nothing changed.
func (c *Changes) Empty() bool {
	return len(c.NewlyPassing)+len(c.NewlyFailing)+len(c.Other)+len(c.AddedSDKs)+len(c.RemovedSDKs) == 0
}

// SDKName is how reports name an SDK target: "repository · target".
func SDKName(repository, target string) string { return repository + " · " + target }

// Diff is what changed from the last entry of h to r, in r's SDK and case
// order; nil when h is empty.
func Diff(h History, r Report) *Changes {
	prev := h.Last()
	if prev == nil {
		return nil
	}
	ch := &Changes{Previous: prev.label(len(h.Entries)), NewlyPassing: []Change{}, NewlyFailing: []Change{}, Other: []Change{}, AddedSDKs: []string{}, RemovedSDKs: []string{}}
	before := map[string]HistorySDK{}
	for _, s := range prev.SDKs {
		before[SDKName(s.Repository, s.Target)] = s
	}
	for _, s := range r.SDKs {
		name := SDKName(s.Repository, s.Target)
		old, ok := before[name]
		delete(before, name)
		if !ok {
			ch.AddedSDKs = append(ch.AddedSDKs, name)
			continue
		}
		for _, c := range r.Cases {
			ch.add(Change{Repository: s.Repository, Target: s.Target, Case: c.ID, From: old.Statuses[c.ID], To: s.Results[c.ID].Status})
		}
	}
	for name := range before {
		ch.RemovedSDKs = append(ch.RemovedSDKs, name)
	}
	sort.Strings(ch.RemovedSDKs)
	return ch
}

// add files one case's change under its heading (nothing when unchanged).
func (ch *Changes) add(c Change) {
	switch {
	case c.From == c.To:
	case c.From == "" && c.To == NotGenerated:
		// A case the previous suite lacked, not generated here either.
	case c.To == Passed && c.From != "":
		ch.NewlyPassing = append(ch.NewlyPassing, c)
	case c.To == Failed && c.From != "":
		ch.NewlyFailing = append(ch.NewlyFailing, c)
	default:
		ch.Other = append(ch.Other, c)
	}
}

// label names the n-th entry of a history as Changes.Previous does:
// "report 3 (suite 1.4.0, 5 SDK targets)".
func (e *HistoryEntry) label(n int) string {
	suite := ""
	for _, s := range e.SDKs {
		if suite == "" || compareVersions(s.ConformanceVersion, suite) > 0 {
			suite = s.ConformanceVersion
		}
	}
	return fmt.Sprintf("report %d (suite %s, %d SDK target(s))", n, suite, len(e.SDKs))
}
