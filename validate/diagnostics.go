package validate

import (
	"fmt"
	"path"
	"path/filepath"

	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/jsonpos"
	"github.com/babelqueue/bqgen/model"
)

// Diagnostics are a suite's problems, each on the file the user can
// open: below --suite as it was given, or, for the embedded suite (no file
// of the user's), with the path in the message. A problem found by pointer
// gets the line its value starts on, so an annotation lands on it: found
// in the bytes s was read from (read once, within the suite's total; never
// read again).
func Diagnostics(s *model.Suite, suiteDir string, problems model.Problems) []diag.Diagnostic {
	out := make([]diag.Diagnostic, 0, len(problems))
	places := problemPlaces(s, problems)
	for _, p := range problems {
		d := diag.Diagnostic{Severity: diag.Error, Line: p.Line, Column: p.Column, Pointer: p.Pointer, Kind: "invalid", Message: p.Message}
		if d.Line == 0 && p.File != "" && p.Pointer != "" {
			pos := places[p.File][p.Pointer]
			d.Line, d.Column = pos.Line, pos.Column
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

// problemPlaces finds the line of every problem found by pointer, by file:
// each file is read once for all of its problems (one pass each, not one
// per problem: a problem on each case of a large manifest made that
// problems × its size).
func problemPlaces(s *model.Suite, problems model.Problems) map[string]map[string]jsonpos.Position {
	pointers := map[string][]string{}
	for _, p := range problems {
		if p.Line == 0 && p.File != "" && p.Pointer != "" {
			pointers[p.File] = append(pointers[p.File], p.Pointer)
		}
	}
	out := map[string]map[string]jsonpos.Position{}
	for file, ps := range pointers {
		out[file] = jsonpos.FindAll(s.Fixture(file), ps)
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
