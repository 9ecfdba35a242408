package reportio

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/baseline"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/report"
)

// Ratchet is what bqgen baseline makes of one target's results: its
// baseline as it was and as the results say it is now.
type Ratchet struct {
	Gen      plan.Generated
	Old, New baseline.File
	// Added are the cases that fail and were not known; Removed the known
	// ones whose test failed (the SDK passes them now) or no longer runs
	// them as a known failure (skipped, not provided, left the suite).
	Added, Removed []string
	// ConfigNowPasses are cases a "fail" exemption of bqgen.yaml covers
	// whose test failed: the SDK passes them, and only the maintainer
	// edits bqgen.yaml.
	ConfigNowPasses []string
}

// Ratchets are the new baselines of r's targets (gens, in r's order),
// each from its results: a case that fails is added unless bqgen.yaml
// exempts it; a known case is kept while it is a known failure (or did not
// run: nothing says it changed), and removed otherwise. A target none of
// whose generated tests the results hold is an error: a baseline from no
// run would forget every known failure.
func Ratchets(r report.Report, gens []plan.Generated) ([]Ratchet, error) {
	var out []Ratchet
	for i, g := range gens {
		sdk := r.SDKs[i]
		if !ranAny(sdk) {
			return nil, exitcode.Problemsf("%s: the result files hold none of its generated tests: run them first (bqgen report says where each runner writes)", g.Describe())
		}
		out = append(out, ratchet(g, g.Baseline, sdk))
	}
	return out, nil
}

func ranAny(sdk report.SDK) bool {
	for _, res := range sdk.Results {
		if res.Status != report.NotRun && res.Status != report.NotGenerated {
			return true
		}
	}
	return false
}

func ratchet(g plan.Generated, old baseline.File, sdk report.SDK) Ratchet {
	rt := Ratchet{Gen: g, Old: old}
	known := old.ByCase()
	inSuite := map[string]bool{}
	for _, key := range g.CaseIDs() {
		inSuite[key] = true
		res := sdk.Results[key]
		e, listed := known[key]
		switch {
		case listed && (res.Status == report.KnownFailure || res.Status == report.NotRun):
			rt.New.Entries = append(rt.New.Entries, e)
		case listed:
			rt.Removed = append(rt.Removed, key)
		case res.Status != report.Failed:
		case configFail(g, key):
			rt.ConfigNowPasses = append(rt.ConfigNowPasses, key)
		default:
			rt.Added = append(rt.Added, key)
			rt.New.Entries = append(rt.New.Entries, baseline.Entry{Case: key, Suite: g.Whole.VersionLabel(), Message: failureMessage(res)})
		}
	}
	for _, e := range old.Entries {
		if !inSuite[e.Case] {
			rt.Removed = append(rt.Removed, e.Case)
		}
	}
	return rt
}

// configFail reports whether a "fail" exemption of bqgen.yaml covers the
// case: its known failure is the file's, not the baseline's.
func configFail(g plan.Generated, id string) bool {
	for _, e := range g.Opt.Exemptions {
		if !e.Literal && e.Covers(id) {
			return e.Action == backend.ExemptFail
		}
	}
	return false
}

func failureMessage(res report.Result) string {
	if res.Message != "" {
		return baseline.Message(res.Message)
	}
	return baseline.Message(res.Reason)
}
