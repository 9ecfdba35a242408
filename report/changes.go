package report

import (
	"fmt"
	"sort"
)

// Empty says nothing changed.
func (c *Changes) Empty() bool {
	return len(c.NewlyPassing)+len(c.NewlyFailing)+len(c.Other)+len(c.AddedSDKs)+len(c.RemovedSDKs)+
		len(c.RemovedCases)+len(c.ChangedExpectations) == 0
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
	ch := &Changes{Previous: prev.label(len(h.Entries)), NewlyPassing: []Change{}, NewlyFailing: []Change{}, Other: []Change{},
		AddedSDKs: []string{}, RemovedSDKs: []string{}, RemovedCases: []CaseChange{}, ChangedExpectations: []CaseChange{},
		FromSuite: prev.newestSuite(), ToSuite: r.Newest}
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
		ch.addCases(old, s, r.Cases)
	}
	for name := range before {
		ch.RemovedSDKs = append(ch.RemovedSDKs, name)
	}
	sort.Strings(ch.RemovedSDKs)
	ch.Earlier = h.earlier()
	return ch
}

// addCases files every change of one target's cases: a case it had tests
// for and has none for now is removed (not a status change); one whose
// expectation digest changed is listed as such, its status change (if
// any) filed too.
func (ch *Changes) addCases(old HistorySDK, s SDK, cases []Case) {
	now := map[string]bool{}
	for _, c := range cases {
		now[c.ID] = true
		from, to := old.Statuses[c.ID], s.Results[c.ID].Status
		cc := CaseChange{Repository: s.Repository, Target: s.Target, Case: c.ID, FromSuite: old.ConformanceVersion, ToSuite: s.ConformanceVersion}
		if had(from) && to == NotGenerated {
			ch.RemovedCases = append(ch.RemovedCases, cc)
			continue
		}
		if a, b := old.Expectations[c.ID], s.Expectations[c.ID]; a != "" && b != "" && a != b {
			ch.ChangedExpectations = append(ch.ChangedExpectations, cc)
		}
		ch.add(Change{Repository: s.Repository, Target: s.Target, Case: c.ID, From: from, To: to})
	}
	// Cases no target of this report has any more are not among its cases.
	var gone []string
	for id, st := range old.Statuses {
		if !now[id] && had(st) {
			gone = append(gone, id)
		}
	}
	sort.Strings(gone)
	for _, id := range gone {
		ch.RemovedCases = append(ch.RemovedCases, CaseChange{Repository: s.Repository, Target: s.Target, Case: id, FromSuite: old.ConformanceVersion, ToSuite: s.ConformanceVersion})
	}
}

// had reports whether a previous status was of a generated test.
func had(st Status) bool { return st != "" && st != NotGenerated }

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
	return fmt.Sprintf("report %d (suite %s, %d SDK target(s))", n, e.newestSuite(), len(e.SDKs))
}

// newestSuite is the newest suite version among the entry's targets.
func (e *HistoryEntry) newestSuite() string {
	suite := ""
	for _, s := range e.SDKs {
		if suite == "" || compareVersions(s.ConformanceVersion, suite) > 0 {
			suite = s.ConformanceVersion
		}
	}
	return suite
}
