package writer

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Report renders a plan as check's output: one unified diff per stale or
// hand-edited file, a line per missing file and per file to be removed.
func Report(p *Plan) string {
	var b strings.Builder
	for _, c := range p.Changes {
		switch {
		case !c.Exists && c.File.Kind == backend.Scaffold:
			fmt.Fprintf(&b, "missing scaffold %s (generate writes it once; the SDK owns it afterwards)\n", quote.Name(c.File.Path))
		case !c.Exists:
			fmt.Fprintf(&b, "missing %s\n", quote.Name(c.File.Path))
		default:
			b.WriteString(UnifiedDiff(c.File.Path, c.Old, c.File.Content))
		}
	}
	for _, r := range p.Removals {
		fmt.Fprintf(&b, "stale %s (no longer generated; generate removes it)\n", quote.Name(r))
	}
	for _, c := range p.Conflicts {
		fmt.Fprintf(&b, "in the way: %s (%s; generate refuses it without --adopt)\n", quote.Name(c.Path), c.Reason)
	}
	return b.String()
}
