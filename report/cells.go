package report

import "fmt"

// MaxCells is the most results a report may hold: its cases times its SDK
// targets, every target having a status on every case. A report expands
// each target to every case (NotGenerated where it has none), so a small
// file can name many targets and many cases and ask for their product: a
// 656 KB merged report asked for 10^7 results (issue 27). The README's
// 10,000-case synthetic suite across 30 targets holds 300,000; the limit
// leaves three times that.
const MaxCells = 1 << 20

// checkCells refuses a report of cases × targets over MaxCells, naming the
// limit and what asked for it, before any result is expanded.
func checkCells(what string, cases, targets int) error {
	if targets > 0 && cases > MaxCells/targets {
		return fmt.Errorf("%s: %d cases × %d SDK targets is %d results, over the limit of %d a report may hold: "+
			"report fewer targets or cases at once", what, cases, targets, int64(cases)*int64(targets), MaxCells)
	}
	return nil
}
