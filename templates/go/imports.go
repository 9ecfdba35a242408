package gobackend

import (
	"bytes"
	"strings"
)

// groupImports splits the import block of gofmt'ed source the way goimports
// does: the standard library first, then a blank line and everything else,
// each group sorted. jennifer writes one sorted block; a reviewer expects two.
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
	if len(std) == 0 || len(other) == 0 {
		return src
	}
	block := strings.Join(std, "\n") + "\n\n" + strings.Join(other, "\n")
	out := append([]byte{}, src[:start]...)
	out = append(out, block...)
	return append(out, src[start+end:]...)
}

// isStdImport reports whether an import line names a standard-library
// package: its path's first element has no dot (goimports' rule), and it is
// not the generated module's own "bqgenverify/...".
func isStdImport(line string) bool {
	quoted := line[strings.IndexByte(line, '"')+1:]
	path := quoted[:strings.IndexByte(quoted, '"')]
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != verifyModuleName
}
