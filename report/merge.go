package report

import "fmt"

// Merge is a report of base's SDK targets followed by other's: the cases of
// both (base's order first), every target's results on a case it never
// generated NotGenerated, the newest suite revision of all. A target in
// both (same repository and target) is an error: one of them is stale.
func Merge(base, other Report) (Report, error) {
	out := Report{SuiteURL: base.SuiteURL}
	if out.SuiteURL == "" {
		out.SuiteURL = other.SuiteURL
	}
	at := map[string]int{}
	for _, c := range append(append([]Case{}, base.Cases...), other.Cases...) {
		if i, ok := at[c.ID]; ok {
			out.Cases[i] = out.Cases[i].WithFacts(c)
			continue
		}
		at[c.ID] = len(out.Cases)
		out.Cases = append(out.Cases, c)
	}
	if err := checkCells("the merged report", len(out.Cases), len(base.SDKs)+len(other.SDKs)); err != nil {
		return Report{}, err
	}
	seen := map[string]bool{}
	for _, s := range append(append([]SDK{}, base.SDKs...), other.SDKs...) {
		name := SDKName(s.Repository, s.Target)
		if seen[name] {
			return Report{}, fmt.Errorf("%s is in both reports: give the repositories different --name", name)
		}
		seen[name] = true
		out.SDKs = append(out.SDKs, withAllCases(s, out.Cases))
	}
	out.Newest = newest(out.SDKs)
	return out, nil
}

// withAllCases is s with a result for every case: NotGenerated where it
// has none.
func withAllCases(s SDK, cases []Case) SDK {
	res := make(map[string]Result, len(cases))
	for id, r := range s.Results {
		res[id] = r
	}
	for _, c := range cases {
		if _, ok := res[c.ID]; !ok {
			res[c.ID] = Result{Status: NotGenerated}
		}
	}
	s.Results = res
	return s
}

// WithFacts is c with what f says of the case where c says nothing.
func (c Case) WithFacts(f Case) Case {
	if c.Description == "" {
		c.Description = f.Description
	}
	if c.Expectation == "" && c.Fixture == "" && c.ManifestPointer == "" {
		c.Expectation, c.Fixture, c.ManifestPointer, c.ManifestLine = f.Expectation, f.Fixture, f.ManifestPointer, f.ManifestLine
	}
	return c
}

// WithFacts is r with what facts (by case id) say of each case where the
// case says nothing itself: merged reports of older bqgens lack them.
func (r Report) WithFacts(facts map[string]Case) Report {
	cases := append([]Case{}, r.Cases...)
	for i := range cases {
		cases[i] = cases[i].WithFacts(facts[cases[i].ID])
	}
	r.Cases = cases
	return r
}
