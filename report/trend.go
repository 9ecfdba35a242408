package report

import (
	"fmt"
	"slices"
)

// TrendRuns is how many of a history's recorded runs a target's trend
// keeps, before this report's: a history grows by an entry a run, and the
// trend is a sparkline of a few dozen points.
const TrendRuns = 50

// WithTrends is r with each SDK target's Trend: its passing cases in each
// run the history h records of it (the newest TrendRuns), then in r. A
// target h does not record keeps the trend a merged report brought (its
// own repository's history drew it), else starts one with r's point: with
// a history given, every target has a trend, a single point on its first
// run.
func (r Report) WithTrends(h History) Report {
	recorded := trendPoints(h)
	sdks := slices.Clone(r.SDKs)
	for i := range sdks {
		s := &sdks[i]
		points, ok := recorded[[2]string{s.Repository, s.Target}]
		if !ok && len(s.Trend) > 0 {
			continue
		}
		passed, _ := s.Score()
		s.Trend = append(slices.Clone(points[max(0, len(points)-TrendRuns):]), passed)
	}
	r.SDKs = sdks
	return r
}

// trendPoints are, by repository and target, the passing cases of each
// recorded run of that target, oldest first: the history read once for
// every target.
func trendPoints(h History) map[[2]string][]int {
	out := map[[2]string][]int{}
	for _, e := range h.Entries {
		for _, s := range e.SDKs {
			n := 0
			for _, st := range s.Statuses {
				if st == Passed {
					n++
				}
			}
			name := [2]string{s.Repository, s.Target}
			out[name] = append(out[name], n)
		}
	}
	return out
}

// checkTrend refuses a merged report's trend that WithTrends could not
// have made: more points than it keeps, or a count below zero or above
// the most results a report holds.
func (s SDK) checkTrend() error {
	if len(s.Trend) > TrendRuns+1 {
		return fmt.Errorf("trend: %d points, more than %d", len(s.Trend), TrendRuns+1)
	}
	for _, n := range s.Trend {
		if n < 0 || n > MaxCells {
			return fmt.Errorf("trend: %d passing cases is not a count of a report's results", n)
		}
	}
	return nil
}
