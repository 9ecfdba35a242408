package report

import (
	"slices"
	"strconv"
	"strings"
)

// The trend's drawing: a polyline in a trendW × trendH box, the highest
// point at the top's margin.
const (
	trendW, trendH = 120, 28
	trendMargin    = 3
)

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

// newHTMLTrend is sdk's passing cases in every recorded run that has it
// (recorded, from trendPoints), then in this report; nil with fewer than
// two points.
func newHTMLTrend(recorded []int, sdk SDK) *htmlTrend {
	passed, _ := sdk.Score()
	points := append(slices.Clone(recorded), passed)
	if len(points) < 2 {
		return nil
	}
	top := 1
	for _, p := range points {
		top = max(top, p)
	}
	xy := make([]string, len(points))
	var x, y int
	for i, p := range points {
		x = trendMargin + i*(trendW-2*trendMargin)/(len(points)-1)
		y = trendH - trendMargin - p*(trendH-2*trendMargin)/top
		xy[i] = strconv.Itoa(x) + "," + strconv.Itoa(y)
	}
	label := make([]string, len(points))
	for i, p := range points {
		label[i] = strconv.Itoa(p)
	}
	return &htmlTrend{
		Points: strings.Join(xy, " "),
		Label:  "Passing cases over the last " + strconv.Itoa(len(points)) + " runs, oldest first: " + strings.Join(label, ", "),
		LastX:  strconv.Itoa(x), LastY: strconv.Itoa(y),
	}
}
