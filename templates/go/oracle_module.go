package gobackend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// The verify module (BindOracle): a go.mod with no requirements and the
// oracle's own source under internal/oracle, so `go test` in the output
// directory needs neither the network nor bqgen's module.

// goModule is the verify module's go.mod, headed like every generated file
// (go.mod takes // comments).
func (v *view) goModule() backend.File {
	content := "// " + v.header() + "\n\nmodule " + verifyModuleName + "\n\ngo 1.26\n"
	return backend.File{Path: oracleModulePath, Content: []byte(content), Kind: backend.Generated}
}

// oracleFiles copies the oracle package's source into the module, each file
// headed by the generated-code marker (followed by a blank line, so the
// package's doc comment stays its own).
func (v *view) oracleFiles() ([]backend.File, error) {
	sources := v.oracleSource
	if len(sources) == 0 {
		return nil, fmt.Errorf("the oracle-bound Go output runs the oracle in-process: Options.OracleSource must hold its source")
	}
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	files := make([]backend.File, 0, len(names))
	for _, name := range names {
		if strings.Contains(name, "/") || !strings.HasSuffix(name, ".go") {
			return nil, fmt.Errorf("oracle source %q is not a Go file of the package directory", name)
		}
		content := append([]byte("// "+v.header()+"\n\n"), sources[name]...)
		files = append(files, backend.File{Path: oraclePackageDir + "/" + name, Content: content, Kind: backend.Generated})
	}
	return files, nil
}
