package scaffoldaudit

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/writer"
)

// Audit is what a target's backend finds in the SDK's scaffold as it is
// on disk: the operations of the generated interface it does not map.
type Audit struct {
	Findings []Finding
	Breaks   []string // the operations whose mapping would break the SDK's build
}

// Finding is one thing the audit found.
type Finding struct {
	Message string // what is wrong, where, and the stub to paste
	Breaks  bool   // the SDK's build would break: an error, not a warning
}

// Level is "error" for a finding that breaks the build, else "warning".
func (f Finding) Level() string {
	if f.Breaks {
		return "error"
	}
	return "warning"
}

// Print writes every finding to w, each marked a warning unless it breaks
// the build (breaking says "error" even where generate goes on writing).
func (a Audit) Print(w io.Writer) {
	for _, f := range a.Findings {
		fmt.Fprintf(w, "%s\n", quote.Text(f.Level()+": "+f.Message))
	}
}

// Scaffold reads the target's scaffold files (those on disk; a new
// checkout has none yet, and generate writes bqgen's) and asks the backend
// what they lack. A backend that cannot read its scaffold finds nothing.
func Scaffold(g plan.Generated) Audit {
	auditor, ok := g.Backend.(backend.ScaffoldAuditor)
	if !ok {
		return Audit{}
	}
	var paths []string
	for _, f := range g.Files {
		if f.Kind == backend.Scaffold {
			paths = append(paths, f.Path)
		}
	}
	files, err := writer.ReadSDKFiles(g.Out, paths, safefile.Scaffold)
	if err != nil {
		return Audit{Findings: []Finding{{Message: fmt.Sprintf("%s: the scaffold cannot be read: %v", g.Describe(), err)}}}
	}
	if len(files) == 0 {
		return Audit{}
	}
	var a Audit
	for _, f := range auditor.AuditScaffold(files, g.Suite, g.Opt) {
		a.Findings = append(a.Findings, Finding{Message: findingMessage(g, f), Breaks: f.Breaks})
		if f.Breaks {
			a.Breaks = append(a.Breaks, f.Operation)
		}
	}
	return a
}

// findingMessage is one finding as check and generate print it: the
// backend's Problem says what is wrong and what follows from it, and the
// stub under it is the code to paste or to change the method to.
func findingMessage(g plan.Generated, f backend.ScaffoldFinding) string {
	return fmt.Sprintf("%s: %s: operation %s: %s:\n%s", g.Lang,
		quote.Name(filepath.Join(g.ShownDir(), filepath.FromSlash(f.File))), f.Operation, f.Problem, indent(f.Stub))
}

// indent sets a stub off from the message around it.
func indent(code string) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}
