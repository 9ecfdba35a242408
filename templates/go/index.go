package gobackend

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The test index (backend.TestIndexFile): how `go test -json` names each
// generated test. An event's Test is the top-level function's name, and for
// a subtest "<parent>/<subtest>", where the testing package rewrites the
// name given to t.Run (spaces to "_", unprintable runes to Go escapes) and
// numbers a repeated name "#01", "#02"... in the order the subtests run. The
// index computes those names as the testing package does, so a case whose
// name only differs from another's by a space and an underscore ("a b",
// "a_b") is still found. An event's Package is the import path of the
// package, which bqgen does not know (it depends on the module path and
// where out is below it): the index's Suite is the package clause of the
// generated files (docs/test-index.md says how report matches it).

// goTest is one indexed test of a block file: its go test name and case.
type goTest struct {
	name     string // TestX or TestX/sub as go test -json reports it
	caseName string // the case of the file's block
}

// indexTest records a top-level test that is one case.
func (b *fileBuilder) indexTest(name, caseName string) {
	b.tests = append(b.tests, goTest{name: name, caseName: caseName})
}

// indexSubtests records the pending subtests as run by the top-level test
// parent, named as the testing package names them.
func (b *fileBuilder) indexSubtests(parent string) {
	names := subtestNames{}
	for _, c := range b.pending {
		b.tests = append(b.tests, goTest{name: names.unique(parent, rewriteSubtestName(c)), caseName: c})
	}
	b.pending = nil
}

// indexFile is the test index of the view's block files, with the SDK's
// exemptions and, from the rendered files, each test's line.
func (v *view) indexFile(rendered []backend.File) (backend.File, error) {
	var tests []backend.IndexedTest
	content := map[string][]byte{}
	for _, f := range rendered {
		content[f.Path] = f.Content
	}
	for _, f := range v.tests {
		if len(f.pending) > 0 {
			return backend.File{}, fmt.Errorf("go backend: %s: subtests %q belong to no top-level test", f.path, f.pending)
		}
		lines, err := testLines(f.path, content[f.path])
		if err != nil {
			return backend.File{}, err
		}
		for _, t := range f.tests {
			it := backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: t.caseName},
				Names: []backend.RunnerName{{Suite: v.common.pkg, Name: t.name}}}
			if line := lines.take(t); line > 0 {
				it.File, it.Line = path.Join(f.path), line
			}
			tests = append(tests, it)
		}
	}
	return backend.TestIndexFile(TestDir, "go", v.suite, v.common.exemptions, tests)
}

// subtestNames counts the names the subtests of one top-level test took, to
// number repeats as the testing package does (its matcher.unique).
type subtestNames map[string]int

// unique is the name the testing package gives the next subtest of parent
// called sub (already rewritten): "<parent>/<sub>" the first time, then
// "#01", "#02"..., skipping a number another subtest took as its own name.
func (n subtestNames) unique(parent, sub string) string {
	base := parent + "/" + sub
	for {
		count := n[base]
		n[base] = count + 1
		if count == 0 && sub != "" {
			prefix, number := splitSubtestNumber(base)
			if prefix != base && number < n[prefix] {
				continue // "x#01" after two "x": the testing package numbers it anew
			}
			return base
		}
		name := fmt.Sprintf("%s#%02d", base, count)
		if n[name] != 0 {
			continue
		}
		return name
	}
}

// splitSubtestNumber splits "<prefix>#NN" as the testing package reads a
// number it could have added; otherwise it returns s and 0.
func splitSubtestNumber(s string) (string, int) {
	i := strings.LastIndex(s, "#")
	if i < 0 {
		return s, 0
	}
	prefix, suffix := s[:i], s[i+1:]
	if len(suffix) < 2 || len(suffix) > 2 && suffix[0] == '0' || suffix == "00" && !strings.HasSuffix(prefix, "/") {
		return s, 0
	}
	number, err := strconv.ParseInt(suffix, 10, 32)
	if err != nil || number < 0 {
		return s, 0
	}
	return prefix, int(number)
}

// rewriteSubtestName is a t.Run name as the testing package reports it:
// each space (its own set, not Unicode's) becomes "_", each unprintable rune
// its Go escape without quotes.
func rewriteSubtestName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case isTestingSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isTestingSpace is the testing package's notion of a space in a name.
func isTestingSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// goLines are where a rendered test file declares its tests: each
// top-level test function's line, and the lines of its t.Run calls by the
// subtest's name as written (the case name), in source order.
type goLines struct {
	funcs map[string]int
	runs  map[string]map[string][]int // function → case name → lines
}

// testLines reads the lines of a rendered block file by parsing it: the
// rendering (jen, gofmt) decides the layout, so the index asks the result.
func testLines(name string, src []byte) (goLines, error) {
	l := goLines{funcs: map[string]int{}, runs: map[string]map[string][]int{}}
	if src == nil {
		return l, nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return l, fmt.Errorf("go backend: %s: %v", name, err)
	}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		l.funcs[fn.Name.Name] = fset.Position(fn.Pos()).Line
		runs := map[string][]int{}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if sub, ok := tRunName(n); ok {
				runs[sub] = append(runs[sub], fset.Position(n.Pos()).Line)
			}
			return true
		})
		l.runs[fn.Name.Name] = runs
	}
	return l, nil
}

// tRunName is the name a call t.Run("name", ...) gives its subtest.
func tRunName(n ast.Node) (string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Run" {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// take is the line of test t (0 when not found): a subtest's t.Run, each
// line given once for a name run twice; a top-level test's function.
func (l goLines) take(t goTest) int {
	parent, _, isSub := strings.Cut(t.name, "/")
	if !isSub {
		return l.funcs[parent]
	}
	lines := l.runs[parent][t.caseName]
	if len(lines) == 0 {
		return 0
	}
	l.runs[parent][t.caseName] = lines[1:]
	return lines[0]
}
