package report

import (
	"sort"
	"strings"
)

// WithoutRoot is r with every result's message and reason, and every
// unknown test's message, holding no path of the machine that ran the
// tests under roots (the checkout's directory, as given and as its real
// path): "/home/runner/work/sdk/sdk/tests/x.py:12" reads "tests/x.py:12",
// the same on every machine, in every report format. A root is matched
// with either separator, so a Windows runner's paths go too.
func (r Report) WithoutRoot(roots []string) Report {
	// The longest root first: a checkout's real path may hold its given one.
	roots = append([]string(nil), roots...)
	sort.Slice(roots, func(i, j int) bool { return len(roots[i]) > len(roots[j]) })
	var pairs []string
	for _, root := range roots {
		root = strings.TrimRight(root, `/\`)
		if len(root) < 2 {
			continue // "/" would strip every slash
		}
		for _, form := range []string{root, strings.ReplaceAll(root, `\`, "/"), strings.ReplaceAll(root, "/", `\`)} {
			pairs = append(pairs, form+"/", "", form+`\`, "")
		}
	}
	if len(pairs) == 0 {
		return r
	}
	strip := strings.NewReplacer(pairs...)
	sdks := make([]SDK, len(r.SDKs))
	for i, sdk := range r.SDKs {
		results := make(map[string]Result, len(sdk.Results))
		for id, res := range sdk.Results {
			res.Message, res.Reason = strip.Replace(res.Message), strip.Replace(res.Reason)
			results[id] = res
		}
		sdk.Results = results
		unknown := append(sdk.Unknown[:0:0], sdk.Unknown...)
		for j := range unknown {
			unknown[j].Message = strip.Replace(unknown[j].Message)
		}
		sdk.Unknown = unknown
		sdks[i] = sdk
	}
	r.SDKs = sdks
	return r
}
