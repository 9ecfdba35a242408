package model

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/portable"
)

// Every file bqgen reads from a suite is vendored into every SDK, byte for
// byte, beside the generated tests. So a suite file must be data to every
// test runner, and its name must be one the writer and every file system
// can hold (portable.Problem: no Windows device or short name, no
// version control directory, no trailing dot or space, and no two names
// one file system holds as one).
//
// Data means JSON by name (".json"). No runner collects or compiles a .json
// file under its default discovery rules: pytest collects test_*.py and
// *_test.py; the .NET SDK compiles **/*.cs below the project; PHPUnit runs
// *Test.php; go test builds *_test.go (and every .go file of a package);
// node --test runs *.test.*, *-test.*, *_test.*, test-*.*, test.* and all of
// test/**, of .js, .cjs and .mjs (and .ts where it strips types); Jest and
// Mocha run .js/.ts files; Maven compiles src/test/java/**/*.java. Any
// other suffix would need a list of every runner's patterns, and that list
// is never complete.

// suiteRootFiles are the suite files that are not JSON by name.
var suiteRootFiles = []string{VersionFile}

// checkSuiteFileName says why a suite file's slash path p cannot be
// vendored, or returns nil.
func checkSuiteFileName(p string) error {
	if !utf8.ValidString(p) {
		return errors.New("the name is not UTF-8")
	}
	for _, r := range p {
		switch {
		case r == '\\':
			return errors.New("the name holds a backslash, which Windows reads as a directory separator")
		case unicode.IsControl(r):
			return fmt.Errorf("the name holds the control character %U, which would reach terminals and line-based files raw", r)
		}
	}
	if why := portable.Problem(p); why != "" {
		return errors.New(why)
	}
	for _, f := range suiteRootFiles {
		if p == f {
			return nil
		}
	}
	if !strings.HasSuffix(p, ".json") {
		return errors.New("not JSON by name (.json): every suite file is copied into each SDK, and only data may be")
	}
	return nil
}

// nameCollisions reports paths that name one file (or one directory) on
// a file system that ignores case or Unicode normalization, as macOS's and
// Windows' do (portable.Key): writing both would leave one of them, and
// which depends on the order. paths must be sorted, so the report is
// stable.
func nameCollisions(paths []string) Problems {
	var out Problems
	first := map[string]string{} // portable.Key of a path or directory -> the first spelling
	for _, p := range paths {
		for _, prefix := range pathPrefixes(p) {
			key := portable.Key(prefix)
			seen, ok := first[key]
			if !ok {
				first[key] = prefix
				continue
			}
			if seen != prefix {
				out = append(out, Problem{Severity: Error, File: p, Message: fmt.Sprintf("%+q and %+q differ only in case or Unicode normalization (NFC, NFD): macOS and Windows hold one of them", seen, prefix)})
				break
			}
		}
	}
	return out
}

// pathPrefixes returns the directories of a slash path, then the path.
func pathPrefixes(p string) []string {
	var out []string
	for i := 0; i < len(p); i++ {
		if p[i] == '/' {
			out = append(out, p[:i])
		}
	}
	return append(out, p)
}
