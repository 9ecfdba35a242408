package gobackend

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	pathpkg "path"
	"sort"
	"strconv"
	"strings"
)

// groupImports splits the import block of gofmt'ed source the way goimports
// does: the standard library first, then a blank line and everything else,
// each group sorted by path as gofmt sorts it. jennifer writes one sorted
// block and a template may write several; a reviewer expects two, and the
// SDK's `gofmt -l` rejects a group out of order.
func groupImports(src []byte) []byte {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return src
	}
	start += len("\nimport (\n")
	end := bytes.Index(src[start:], []byte("\n)\n"))
	if end < 0 {
		return src
	}
	var std, other []string
	for _, line := range strings.Split(string(src[start:start+end]), "\n") {
		switch {
		case strings.TrimSpace(line) == "":
		case isStdImport(line):
			std = append(std, line)
		default:
			other = append(other, line)
		}
	}
	sortByPath(std)
	sortByPath(other)
	block := strings.Join(std, "\n")
	if len(std) > 0 && len(other) > 0 {
		block += "\n\n"
	}
	block += strings.Join(other, "\n")
	out := append([]byte{}, src[:start]...)
	out = append(out, block...)
	return append(out, src[start+end:]...)
}

// sortByPath orders import lines by their path, then their name, as gofmt
// orders an import group.
func sortByPath(lines []string) {
	sort.SliceStable(lines, func(i, j int) bool {
		pi, pj := importPath(lines[i]), importPath(lines[j])
		if pi != pj {
			return pi < pj
		}
		return lines[i] < lines[j]
	})
}

// importPath is the path an import line names.
func importPath(line string) string {
	quoted := line[strings.IndexByte(line, '"')+1:]
	return quoted[:strings.IndexByte(quoted, '"')]
}

// isStdImport reports whether an import line names a standard-library
// package: its path's first element has no dot (goimports' rule), and it is
// not the generated module's own "bqgenverify/...".
func isStdImport(line string) bool {
	first, _, _ := strings.Cut(importPath(line), "/")
	return !strings.Contains(first, ".") && first != verifyModule
}

// tidyImports removes the imports that src never refers to, as goimports
// does, so a template lists what its code may need and keeps only what a
// mapping uses.
func tidyImports(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	// A copy: astutilDelete shifts file.Imports, which would skip the
	// import after each one it removes.
	for _, imp := range append([]*ast.ImportSpec(nil), file.Imports...) {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := pathpkg.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !used[name] {
			astutilDelete(file, imp)
		}
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// astutilDelete removes one import spec from the file's import declarations.
func astutilDelete(file *ast.File, imp *ast.ImportSpec) {
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			continue
		}
		for i, spec := range gen.Specs {
			if spec == imp {
				gen.Specs = append(gen.Specs[:i], gen.Specs[i+1:]...)
				break
			}
		}
	}
	for i, spec := range file.Imports {
		if spec == imp {
			file.Imports = append(file.Imports[:i], file.Imports[i+1:]...)
			break
		}
	}
}
