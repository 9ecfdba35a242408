package report

import (
	"strconv"
	"strings"
)

// The trend's drawing: a polyline in a trendW × trendH box, the highest
// point at the top's margin.
const (
	trendW, trendH = 120, 28
	trendMargin    = 3
)

// newHTMLTrend is sdk's passing cases in every recorded run that has it,
// then in this report; nil with fewer than two points.
func newHTMLTrend(h History, sdk SDK) *htmlTrend {
	var points []int
	for _, e := range h.Entries {
		for _, s := range e.SDKs {
			if s.Repository == sdk.Repository && s.Target == sdk.Target {
				n := 0
				for _, st := range s.Statuses {
					if st == Passed {
						n++
					}
				}
				points = append(points, n)
			}
		}
	}
	passed, _ := sdk.Score()
	points = append(points, passed)
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
