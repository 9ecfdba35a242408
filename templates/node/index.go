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

// indexFile is the test index of the view's test files, each test at the
// line of its test( call (declaredTests).
func (v *view) indexFile(s *model.Suite, opt backend.Options, rendered []backend.File) (backend.File, error) {
	var tests []backend.IndexedTest
	var places []backend.TestPlace
	for _, f := range v.Tests {
		file := strings.TrimPrefix(f.Path, TestDir+"/")
		for _, h := range f.Body.heads() {
			tc := h.head()
			path := describePath(f.block, tc.describe)
			names := []backend.RunnerName{{Suite: junitName(path, false), Name: junitName(tc.display, false)}}
			if newer := (backend.RunnerName{Suite: junitName(path, true), Name: junitName(tc.display, true)}); newer != names[0] {
				names = append(names, newer)
			}
			tests = append(tests, backend.IndexedTest{Case: model.CaseID{Block: f.block, Name: tc.key}, Names: names})
			places = append(places, backend.TestPlace{File: file, Key: testKey(nestedDescribe(tc.describe), tc.Name)})
		}
	}
	backend.LocateTests(TestDir, rendered, tests, func(i int) backend.TestPlace { return places[i] }, declaredTests)
	return backend.TestIndexFile(TestDir, "node", s, opt, tests)
}

// nestedDescribe is the literal of the describe a test is in within its
// block's describe, "" for a test directly in the block's.
func nestedDescribe(describe string) string {
	if describe == "" {
		return ""
	}
	return tsString(describe)
}

// testKey is how declaredTests names a test: the literals of its nested
// describe ("" for none) and of its name, as the file spells them.
func testKey(describe, name string) string { return describe + " " + name }

// Where a rendered test file declares its tests: renderTestFile puts them in
// the block's describe, one describeIndent in, and a test of a nested
// describe (written at the block describe's level) one nestedIndent further.
// Names and describes are one-line literals (tsString) and comments start
// with "//", so a line starting test( or describe( at those indents is a
// call, whatever a case's name or description says.
var (
	blockTestPrefix  = describeIndent + "test("
	nestedPrefix     = describeIndent + "describe("
	nestedTestPrefix = describeIndent + nestedIndent + "test("
)

// declaredTests maps the key (testKey) of each test a rendered test file
// declares to the line of its test( call, in one pass.
func declaredTests(src []byte) map[string]int {
	describe := ""
	return backend.FirstLines(src, func(line string) (string, bool) {
		if rest, ok := strings.CutPrefix(line, nestedPrefix); ok {
			describe = leadingLiteral(rest)
			return "", false
		}
		if rest, ok := strings.CutPrefix(line, blockTestPrefix); ok {
			return testKey("", leadingLiteral(rest)), true
		}
		if rest, ok := strings.CutPrefix(line, nestedTestPrefix); ok {
			return testKey(describe, leadingLiteral(rest)), true
		}
		return "", false
	})
}

// leadingLiteral is the double-quoted string literal s starts with, quotes
// and escapes as written ("" when s does not start with a whole one).
func leadingLiteral(s string) string {
	if !strings.HasPrefix(s, `"`) {
		return ""
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return s[:i+1]
		}
	}
	return ""
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
