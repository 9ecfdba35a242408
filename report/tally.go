package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// BlockCount is one SDK target's statuses on one block's cases.
type BlockCount struct {
	Block  string
	Counts map[Status]int
}

// BlockCounts counts an SDK target's statuses per block, blocks in the
// report's case order.
func (r Report) BlockCounts(sdk SDK) []BlockCount {
	var out []BlockCount
	at := map[string]int{}
	for _, c := range r.Cases {
		i, ok := at[c.Block]
		if !ok {
			i = len(out)
			at[c.Block] = i
			out = append(out, BlockCount{Block: c.Block, Counts: map[Status]int{}})
		}
		out[i].Counts[sdk.Results[c.ID].Status]++
	}
	return out
}

// Score is how many of the cases generated for an SDK target it passes,
// out of how many: the badge's "71/74". Results hold every case of the
// report, so the target alone says it.
func (s SDK) Score() (passed, total int) {
	for _, res := range s.Results {
		switch res.Status {
		case NotGenerated:
		case Passed:
			passed++
			total++
		default:
			total++
		}
	}
	return passed, total
}

// BlockShare is, for one block, how many of the SDK targets that generate
// it pass every one of its cases.
type BlockShare struct {
	Block            string
	Passing, Running int
}

// Shares are the blocks' shares of passing SDK targets, in case order:
// one pass over each target's results (linear in the report's cells, where
// a pass per block would cost blocks × targets × cases).
func (r Report) Shares() []BlockShare {
	blocks := r.Blocks()
	at := make(map[string]int, len(blocks))
	out := make([]BlockShare, len(blocks))
	for i, b := range blocks {
		at[b] = i
		out[i].Block = b
	}
	runs, fails := make([]bool, len(blocks)), make([]bool, len(blocks))
	for _, sdk := range r.SDKs {
		clear(runs)
		clear(fails)
		for _, c := range r.Cases {
			st := sdk.Results[c.ID].Status
			i := at[c.Block]
			runs[i] = runs[i] || st != NotGenerated
			fails[i] = fails[i] || (st != Passed && st != NotGenerated)
		}
		for i := range blocks {
			if runs[i] {
				out[i].Running++
				if !fails[i] {
					out[i].Passing++
				}
			}
		}
	}
	return out
}

// Blocks are the report's blocks in case order.
func (r Report) Blocks() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range r.Cases {
		if !seen[c.Block] {
			seen[c.Block] = true
			out = append(out, c.Block)
		}
	}
	return out
}

// Older says, for an SDK target generated from an older suite revision than
// the report's newest, "generated from suite 1.3.0; newest 1.4.0" ("" when
// it is current).
func (r Report) Older(sdk SDK) string {
	if compareVersions(sdk.ConformanceVersion, r.Newest) >= 0 {
		return ""
	}
	return fmt.Sprintf("generated from suite %s; newest %s", sdk.ConformanceVersion, r.Newest)
}

// newest is the newest suite revision among the targets.
func newest(sdks []SDK) string {
	v := ""
	for _, s := range sdks {
		if v == "" || compareVersions(s.ConformanceVersion, v) > 0 {
			v = s.ConformanceVersion
		}
	}
	return v
}

// compareVersions orders dotted versions numerically part by part ("1.10.0"
// after "1.9.0"); a part that is not a number compares as text.
func compareVersions(a, b string) int {
	// An unversioned suite is older than any version: its targets are
	// flagged as behind one that has a version.
	switch {
	case a == b:
		return 0
	case a == model.Unversioned:
		return -1
	case b == model.Unversioned:
		return 1
	}
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		x, y := part(pa, i), part(pb, i)
		nx, errx := strconv.Atoi(x)
		ny, erry := strconv.Atoi(y)
		switch {
		case errx == nil && erry == nil && nx != ny:
			if nx < ny {
				return -1
			}
			return 1
		case (errx != nil || erry != nil) && x != y:
			return strings.Compare(x, y)
		}
	}
	return 0
}

func part(parts []string, i int) string {
	if i < len(parts) {
		return parts[i]
	}
	return "0"
}
