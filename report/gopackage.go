package report

import "regexp"

// InPackage names every test of idx in the Go package importPath: go test
// -json names tests by import path, which a generated index cannot know.
func InPackage(idx Index, importPath string) Index {
	tests := make([]IndexEntry, len(idx.Tests))
	for i, e := range idx.Tests {
		e.Names = append(e.Names[:0:0], e.Names...)
		for j := range e.Names {
			e.Names[j].Suite = importPath
		}
		tests[i] = e
	}
	idx.Tests = tests
	return idx
}

// goModuleLine is go.mod's module line.
var goModuleLine = regexp.MustCompile(`(?m)^module\s+"?([^"\s]+)"?\s*$`)
