package oracle

import (
	"embed"
	"io/fs"
	"strings"
)

// sourceFiles holds the package's Go files. The pattern cannot exclude tests,
// so Source filters them.
//
//go:embed *.go
var sourceFiles embed.FS

// sourceFileName is this file, left out of Source: it is the only file that
// embeds, and without it the copied package is plain standard-library Go.
const sourceFileName = "source.go"

// Source returns the oracle's own non-test Go files, keyed by file name,
// without source.go. Written into a directory next to a go.mod, they build as
// a standalone package oracle, so generated tests in a temporary module can
// call the oracle directly.
func Source() (map[string][]byte, error) {
	entries, err := fs.ReadDir(sourceFiles, ".")
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte, len(entries))
	for _, e := range entries {
		name := e.Name()
		if name == sourceFileName || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := sourceFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	return files, nil
}
