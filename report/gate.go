package report

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Unknown is the gate's name for the tests of a generated suite that the
// index does not list (SDK.Unknown): not a case's status, but a reason to
// fail a CI job all the same.
const Unknown = "unknown"

// GateNames are the names --fail-on takes, as a reader spells them: every
// status but pass (hyphens for the JSON's underscores), and unknown.
func GateNames() []string {
	var out []string
	for _, s := range Statuses {
		if s != Passed {
			out = append(out, gateName(s))
		}
	}
	return append(out, Unknown)
}

func gateName(s Status) string { return strings.ReplaceAll(string(s), "_", "-") }

// ParseGate reads a --fail-on list: names separated by commas, each one of
// GateNames (a JSON spelling with underscores is taken too). "" is no gate.
func ParseGate(list string) ([]string, error) {
	known := map[string]bool{}
	for _, n := range GateNames() {
		known[n] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, raw := range strings.Split(list, ",") {
		n := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(raw)), "_", "-")
		switch {
		case n == "" && strings.TrimSpace(list) == "":
			return nil, nil
		case !known[n]:
			return nil, fmt.Errorf("%q is not a status the gate knows; want a comma-separated list of %s", raw, strings.Join(GateNames(), ", "))
		case !seen[n]:
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// Totals counts every SDK target's generated tests by status (GateNames'
// spelling, plus "passed"), its unknown tests, and "total", the generated
// tests (every status but not generated): what a CI step exposes.
func (r Report) Totals() map[string]int {
	t := map[string]int{"total": 0, Unknown: 0}
	for _, s := range Statuses {
		t[gateName(s)] = 0
	}
	for _, sdk := range r.SDKs {
		for _, res := range sdk.Results {
			t[gateName(res.Status)]++
			if res.Status != NotGenerated {
				t["total"]++
			}
		}
		t[Unknown] += len(sdk.Unknown)
	}
	return t
}

// Counts is Totals as "name=value" lines, sorted by name: the format of a
// GitHub Actions step's outputs file.
func Counts(r Report) []byte {
	t := r.Totals()
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s=%d\n", n, t[n])
	}
	return []byte(b.String())
}

// Gate says, per SDK target, how many of its results have a status the
// gate names, and the first such case by id, so the one line CI shows
// leads somewhere ("node core: 2 fail (first: cases/a), 1 unknown"); nil
// when none does.
func (r Report) Gate(names []string) []string {
	var out []string
	for _, sdk := range r.SDKs {
		n, first := map[string]int{}, map[string]string{}
		for _, id := range slices.Sorted(maps.Keys(sdk.Results)) {
			name := gateName(sdk.Results[id].Status)
			if n[name]++; first[name] == "" {
				first[name] = id
			}
		}
		n[Unknown] = len(sdk.Unknown)
		if len(sdk.Unknown) > 0 {
			first[Unknown] = sdk.Unknown[0].Name
		}
		var hits []string
		for _, name := range names {
			if n[name] == 0 {
				continue
			}
			which := "first: "
			if n[name] == 1 {
				which = ""
			}
			hits = append(hits, fmt.Sprintf("%d %s (%s%s)", n[name], name, which, first[name]))
		}
		if len(hits) > 0 {
			out = append(out, SDKName(sdk.Repository, sdk.Target)+": "+strings.Join(hits, ", "))
		}
	}
	return out
}

// RanNone are the SDK targets none of whose generated tests the result
// files hold (no result of theirs, no unknown test): a CI job that ran
// none of bqgen's tests must not pass.
func (r Report) RanNone() []SDK {
	var out []SDK
	for _, sdk := range r.SDKs {
		if sdk.Runner.Passed+sdk.Runner.Failed+sdk.Runner.Skipped == 0 && len(sdk.Unknown) == 0 {
			out = append(out, sdk)
		}
	}
	return out
}
