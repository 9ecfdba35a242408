package plan

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/writer"
)

// adoptReport says what --adopt changed in a target's out dir: each file in
// the way whose content bqgen's version replaced (a file in the way always
// differs: an equal one is not in the way), and each it kept and forgot. A
// replaced vendored suite file is named as such: the SDK's hand-written
// tests may read it too (a runner of its own over manifest.json), and they
// now see the new suite. Nothing when nothing was in the way.
func (g Generated) adoptReport(plan *writer.Plan) string {
	if len(plan.Conflicts) == 0 {
		return ""
	}
	replaced := map[string]backend.File{}
	for _, c := range plan.Changes {
		if c.Exists {
			replaced[c.File.Path] = c.File
		}
	}
	var b strings.Builder
	vendored := false
	fmt.Fprintf(&b, "%s: --adopt took over %d file(s) in the way:\n", g.Describe(), len(plan.Conflicts))
	for _, c := range plan.Conflicts {
		f, ok := replaced[c.Path]
		switch {
		case !ok:
			fmt.Fprintf(&b, "  kept %s (%s; no longer bqgen's)\n", quote.Name(c.Path), c.Reason)
		case f.Kind == backend.Vendored:
			vendored = true
			fmt.Fprintf(&b, "  replaced %s: its content differed (%s); it is a vendored suite file\n", quote.Name(c.Path), c.Reason)
		default:
			fmt.Fprintf(&b, "  replaced %s: its content differed (%s)\n", quote.Name(c.Path), c.Reason)
		}
	}
	if vendored {
		b.WriteString("  hand-written tests that read the vendored suite now see the new suite: run them too\n")
	}
	return b.String()
}
