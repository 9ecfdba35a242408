package derive

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Summary says how many cases were derived into out, and how many by each
// rule that derived any, in the rules' order.
func Summary(cases []Case, out string) string {
	counts := map[string]int{}
	for _, dc := range cases {
		counts[dc.Rule]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d case(s) derived into %s", len(cases), quote.Name(out))
	for _, r := range Rules() {
		if counts[r.Name] > 0 {
			fmt.Fprintf(&b, "; %s %d", r.Name, counts[r.Name])
		}
	}
	return b.String()
}
