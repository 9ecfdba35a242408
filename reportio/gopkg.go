package reportio

import (
	"path"
	"path/filepath"
	"regexp"

	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/writer"
)

// goImportPath is the import path go test -json names the package in dir
// by: the module path of the go.mod in dir or the nearest directory above
// it, joined with dir's place below that. "" when no go.mod names a module
// (the index's package clause then stays the suite).
func goImportPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for mod := abs; ; mod = filepath.Dir(mod) {
		got, err := writer.ReadSDKFiles(mod, []string{"go.mod"}, safefile.Manifest)
		if m := goModuleLine.FindSubmatch(got["go.mod"]); err == nil && m != nil {
			below, err := filepath.Rel(mod, abs)
			if err != nil {
				return ""
			}
			return path.Join(string(m[1]), filepath.ToSlash(below))
		}
		if filepath.Dir(mod) == mod {
			return ""
		}
	}
}

// withGoPackage names a Go index's tests by the package go test -json
// reports them in. The index can only know the package clause (the
// generated files cannot know the module they land in); the checkout's
// go.mod says the rest.
func withGoPackage(idx report.Index, out string) report.Index {
	if idx.Lang != "go" {
		return idx
	}
	importPath := goImportPath(out)
	if importPath == "" {
		return idx
	}
	return report.InPackage(idx, importPath)
}

// goModuleLine is go.mod's module line.
var goModuleLine = regexp.MustCompile(`(?m)^module\s+"?([^"\s]+)"?\s*$`)
