package checkout

import (
	"context"
	"io"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/scaffoldaudit"
)

// Findings is Check for --format json and github: what it finds as
// diagnostics, on the file and line where they have them, and nothing
// printed; failure is Check's verdict.
func Findings(ctx context.Context, p *plan.Run, gens []plan.Generated) (found []diag.Diagnostic, failure error) {
	failure = Check(ctx, p, gens, console.New(io.Discard, io.Discard, true, false), &found)
	return found, failure
}

// findings collects what check found as diagnostics, when asked to (list
// set): the text format prints the same things and collects nothing.
type findings struct {
	list *[]diag.Diagnostic
}

func (f findings) add(sev diag.Severity, kind, msg string) {
	f.addAll([]diag.Diagnostic{{Severity: sev, Kind: kind, Message: msg}})
}

func (f findings) addAll(ds []diag.Diagnostic) {
	if f.list != nil {
		*f.list = append(*f.list, ds...)
	}
}

// scaffold records a scaffold audit's findings: an error where the mapping
// would break the SDK's build, a warning otherwise.
func (f findings) scaffold(a scaffoldaudit.Audit) {
	for _, s := range a.Findings {
		sev := diag.Warning
		if s.Breaks {
			sev = diag.Error
		}
		f.add(sev, "scaffold", s.Message)
	}
}
