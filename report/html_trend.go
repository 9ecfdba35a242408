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

// newHTMLTrend draws a target's trend (SDK.Trend: its passing cases in
// each recorded run, then in this report): a line through the points and
// a dot on the last; a lone dot at the right for a first run, whose
// history records nothing yet. nil without a trend (no history given).
func newHTMLTrend(points []int) *htmlTrend {
	if len(points) == 0 {
		return nil
	}
	top := 1
	for _, p := range points {
		top = max(top, p)
	}
	xy := make([]string, len(points))
	label := make([]string, len(points))
	var x, y int
	for i, p := range points {
		x = trendW - trendMargin
		if len(points) > 1 {
			x = trendMargin + i*(trendW-2*trendMargin)/(len(points)-1)
		}
		y = trendH - trendMargin - p*(trendH-2*trendMargin)/top
		xy[i] = strconv.Itoa(x) + "," + strconv.Itoa(y)
		label[i] = strconv.Itoa(p)
	}
	t := &htmlTrend{
		Label: "Passing cases over the last " + strconv.Itoa(len(points)) + " runs, oldest first: " + strings.Join(label, ", "),
		LastX: strconv.Itoa(x), LastY: strconv.Itoa(y),
	}
	if len(points) == 1 {
		t.Label = "Passing cases in this run, the first its history records: " + label[0]
		return t
	}
	t.Points = strings.Join(xy, " ")
	return t
}
