package writer

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/diag"
)

// Findings are p's differences as check's --format json and github report
// them: one per file, on the path the user can open (dir, the out dir as
// the user named it, joined with the file's path) and, for a file that
// differs, the first line that does, so an annotation lands on it.
func Findings(p *Plan, dir string) []diag.Diagnostic {
	at := func(file string) string { return path.Join(filepath.ToSlash(dir), file) }
	var out []diag.Diagnostic
	for _, c := range p.Changes {
		d := diag.Diagnostic{Severity: diag.Error, File: at(c.File.Path)}
		switch {
		case !c.Exists && c.File.Kind == backend.Scaffold:
			d.Kind, d.Message = "missing", "missing scaffold: generate writes it once; the SDK owns it afterwards"
		case !c.Exists:
			d.Kind, d.Message = "missing", "missing: generate writes it"
		case c.File.Kind == backend.Vendored:
			d.Kind, d.Line = "stale", firstDifferingLine(c.Old, c.File.Content)
			d.Message = fmt.Sprintf("vendored suite file changed, %d line(s): generate rewrites it", changedLines(c.Old, c.File.Content))
		default:
			d.Kind, d.Line = "stale", firstDifferingLine(c.Old, c.File.Content)
			d.Message = "differs from what generate writes"
		}
		out = append(out, d)
	}
	for _, r := range p.Removals {
		out = append(out, diag.Diagnostic{Severity: diag.Error, File: at(r), Kind: "removed", Message: "no longer generated: generate removes it"})
	}
	for _, c := range p.Conflicts {
		out = append(out, diag.Diagnostic{Severity: diag.Error, File: at(c.Path), Kind: "in-the-way",
			Message: c.Reason + "; generate refuses it without --adopt"})
	}
	return out
}

// firstDifferingLine is the 1-based line of old where new first differs,
// line ends aside (a CRLF checkout reads as LF, as check compares), in
// linear time; at most old's last line.
func firstDifferingLine(old, new []byte) int {
	old = bytes.ReplaceAll(old, []byte("\r\n"), []byte("\n"))
	new = bytes.ReplaceAll(new, []byte("\r\n"), []byte("\n"))
	line := 1
	for i := 0; i < len(old) && i < len(new) && old[i] == new[i]; i++ {
		if old[i] == '\n' {
			line++
		}
	}
	if n := bytes.Count(old, []byte("\n")) + 1; line > n {
		return n
	}
	return line
}
