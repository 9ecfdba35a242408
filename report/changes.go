package report

import "sort"

// Changes is what changed since the previous report: newly passing and
// newly failing cases first, as a reader looks for them, then every other
// status change, and SDK targets that appeared or went.
type Changes struct {
	NewlyPassing []Change `json:"newly_passing"`
	NewlyFailing []Change `json:"newly_failing"`
	Other        []Change `json:"other"`
	AddedSDKs    []string `json:"added_sdks"`   // "repository · target"
	RemovedSDKs  []string `json:"removed_sdks"` // in the previous report, not in this one
}

// Change is one case whose status differs from the previous report's.
type Change struct {
	Repository string `json:"repository"`
	Target     string `json:"target"`
	Case       string `json:"case"`
	From       Status `json:"from"` // "" for a case the previous report did not have
	To         Status `json:"to"`
}

// Empty says nothing changed.
func (c *Changes) Empty() bool {
	return len(c.NewlyPassing)+len(c.NewlyFailing)+len(c.Other)+len(c.AddedSDKs)+len(c.RemovedSDKs) == 0
}

// SDKName is how reports name an SDK target: "repository · target".
func SDKName(repository, target string) string { return repository + " · " + target }

// Diff is what changed from the history entry prev to r, in r's SDK and
// case order; nil when there is no previous entry.
func Diff(prev *HistoryEntry, r Report) *Changes {
	if prev == nil {
		return nil
	}
	ch := &Changes{NewlyPassing: []Change{}, NewlyFailing: []Change{}, Other: []Change{}, AddedSDKs: []string{}, RemovedSDKs: []string{}}
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
