package node

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The test index (backend.TestIndexFile): how node:test's junit reporter
// (--test-reporter=junit) reports each generated test. A test at the top
// level of its file is a <testcase> directly under <testsuites>; a test in
// a describe block is a <testcase> inside a <testsuite> named after the
// block; every classname is "test", and no element names the file. Every
// generated test is in its block's describe (describe.go), some in a
// describe inside it: the index's Suite is the path of describe blocks
// (describePath, joined with " > " as package results reads nested
// <testsuite>s), and Name the test's name, both as an XML decoder reads them
// from what the reporter writes (junitName): twice where Node 20 and newer
// releases write a name differently.

// indexFile is the test index of the view's test files.
func (v *view) indexFile(s *model.Suite, opt backend.Options) (backend.File, error) {
	var tests []backend.IndexedTest
	for _, f := range v.Tests {
		for _, h := range f.Body.heads() {
			tc := h.head()
			path := describePath(f.block, tc.describe)
			names := []backend.RunnerName{{Suite: junitName(path, false), Name: junitName(tc.display, false)}}
			if newer := (backend.RunnerName{Suite: junitName(path, true), Name: junitName(tc.display, true)}); newer != names[0] {
				names = append(names, newer)
			}
			tests = append(tests, backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: tc.key}, Names: names})
		}
	}
	return backend.TestIndexFile(TestDir, "node", s, opt, tests)
}

// charRef is a numeric character reference, which newer reporters leave
// unescaped in a name.
var charRef = regexp.MustCompile(`&#[0-9]{1,7};`)

// junitName is a test or describe name as an XML decoder reads it from
// node:test's junit reporter. The reporter escapes '"' as "&quot;" before
// escaping '&' (so the file says "&amp;quot;" and a decoder yields
// "&quot;"). Node 20 drops every "\n" from a name; newer releases write it
// as "&#10;" (keepNewlines), and then leave any "&#NN;" already in the name
// unescaped, so a decoder reads the character it stands for. A decoder reads
// a remaining "\r" as "\n" (XML's end-of-line handling; decoders that also
// normalise attribute whitespace yield a space there, and for a tab). A name
// holding a character XML 1.0 forbids (NUL, most C0 controls) makes the
// reporter's file malformed: no decoder reads it, and bqgen report says so,
// naming the place.
func junitName(s string, keepNewlines bool) string {
	if !keepNewlines {
		s = strings.ReplaceAll(s, "\n", "")
	}
	s = strings.ReplaceAll(strings.ReplaceAll(s, `"`, "&quot;"), "\r", "\n")
	if !keepNewlines {
		return s
	}
	return charRef.ReplaceAllStringFunc(s, func(ref string) string {
		n, err := strconv.Atoi(ref[2 : len(ref)-1])
		if err != nil || n > unicode.MaxRune {
			return ref
		}
		return string(rune(n))
	})
}
