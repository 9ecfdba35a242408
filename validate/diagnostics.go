package validate

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/jsonpos"
	"github.com/babelqueue/bqgen/model"
)

// Diagnostics are a suite's problems, each on the file the user can
// open: below --suite as it was given, or, for the embedded suite (no file
// of the user's), with the path in the message. A problem found by pointer
// gets the line its value starts on, so an annotation lands on it.
func Diagnostics(fsys fs.FS, suiteDir string, problems model.Problems) []diag.Diagnostic {
	out := make([]diag.Diagnostic, 0, len(problems))
	files := map[string][]byte{} // each file read once, however many problems it has
	for _, p := range problems {
		d := diag.Diagnostic{Severity: diag.Error, Line: p.Line, Column: p.Column, Pointer: p.Pointer, Kind: "invalid", Message: p.Message}
		if d.Line == 0 && p.File != "" && p.Pointer != "" {
			data, seen := files[p.File]
			if !seen {
				data, _ = fs.ReadFile(fsys, p.File) // the suite's own FS: read, budgeted, by validate already
				files[p.File] = data
			}
			d.Line, d.Column, _ = jsonpos.Find(data, p.Pointer)
		}
		if p.Severity == model.Warning {
			d.Severity = diag.Warning
		}
		switch {
		case suiteDir != "" && p.File != "":
			d.File = path.Join(filepath.ToSlash(suiteDir), p.File)
		case p.File != "":
			d.Message = "embedded suite " + p.File + ": " + d.Message
		}
		out = append(out, d)
	}
	return out
}

// BlockCounts are "<block>: N case(s)" for each block of s, in suite order.
func BlockCounts(s *model.Suite) []string {
	n := map[string]int{}
	for _, id := range s.CaseIDs() {
		n[id.Block]++
	}
	var out []string
	for _, b := range s.Blocks() {
		out = append(out, fmt.Sprintf("%s: %d case(s)", b, n[b]))
	}
	return out
}

// Summary is validate's verdict on the suite in dir, s as Suite read it
// with errs errors among its problems.
func Summary(dir string, s *model.Suite, errs int) string {
	if errs > 0 {
		return fmt.Sprintf("%s is invalid: %d problem(s)", SuiteName(dir), errs)
	}
	return fmt.Sprintf("%s is valid (CONFORMANCE_VERSION %s; blocks: %v)", SuiteName(dir), s.VersionLabel(), s.Blocks())
}
