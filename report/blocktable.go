package report

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/mdtext"
)

// BlockTable is the per-block table a suite's README embeds: one row per
// block with its number of cases, one column per SDK target with the cases
// of the block it passes out of those it generates ("—" for none).
func BlockTable(r Report) []byte {
	var b strings.Builder
	b.WriteString("| block | cases |")
	for _, s := range r.SDKs {
		fmt.Fprintf(&b, " %s |", mdtext.Text(columnName(r, s)))
	}
	b.WriteString("\n| --- | ---: |" + strings.Repeat(" ---: |", len(r.SDKs)) + "\n")
	counts := make([][]BlockCount, len(r.SDKs))
	for i, s := range r.SDKs {
		counts[i] = r.BlockCounts(s)
	}
	cases := map[string]int{} // by block: one pass over the cases, not one per block
	for _, c := range r.Cases {
		cases[c.Block]++
	}
	for bi, block := range r.Blocks() {
		fmt.Fprintf(&b, "| %s | %d |", mdtext.Text(block), cases[block])
		for i := range r.SDKs {
			fmt.Fprintf(&b, " %s |", mdtext.Text(passedOf(counts[i][bi].Counts)))
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// passedOf is "passed/generated" for one block's counts, "—" when the
// target generates none of its cases.
func passedOf(c map[Status]int) string {
	total := 0
	for st, n := range c {
		if st != NotGenerated {
			total += n
		}
	}
	if total == 0 {
		return "—"
	}
	return fmt.Sprintf("%d/%d", c[Passed], total)
}

// columnName is the SDK target's name, with its repository's where the
// report holds several repositories.
func columnName(r Report, s SDK) string {
	for _, other := range r.SDKs {
		if other.Repository != s.Repository {
			return SDKName(s.Repository, s.Target)
		}
	}
	return s.Target
}
