package writer

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// TestAttributesPatternsAreEscaped: a name's bytes that a gitattributes
// line would read as syntax match as ?, so no name adds a pattern, an
// attribute or a line.
func TestAttributesPatternsAreEscaped(t *testing.T) {
	for name, want := range map[string]string{
		"ConformanceCasesTest.java": "/ConformanceCasesTest.java",
		"a b*[x]!.go":               "/a?b??x??.go",
		"x\ny eol=crlf":             "/x?y?eol=crlf",
		"é.py":                      "/??.py",
	} {
		if got := attributesPattern(name); got != want {
			t.Errorf("attributesPattern(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestAttributesDirectories: one file for the vendored suite's directory
// (the deepest holding all of it) and one per directory of generated files;
// none for scaffolds.
func TestAttributesDirectories(t *testing.T) {
	files := []backend.File{
		{Path: "tests/conformance/manifest.json", Kind: backend.Vendored},
		{Path: "tests/conformance/fixtures/a.json", Kind: backend.Vendored},
		{Path: "tests/test_conformance_cases.py", Kind: backend.Generated},
		{Path: "tests/conformance_subject.py", Kind: backend.Scaffold},
		{Path: "gen/support/x.go", Kind: backend.Generated},
	}
	var got []string
	for _, f := range Attributes(files, "bqgen generate") {
		got = append(got, f.Path)
	}
	want := []string{"gen/support/.gitattributes", "tests/.gitattributes", "tests/conformance/.gitattributes"}
	if len(got) != len(want) {
		t.Fatalf("Attributes: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Attributes: %v, want %v", got, want)
		}
	}
}

// TestOwnsIgnoresLineEnds: a file bqgen wrote, now with CRLF line ends, is
// still bqgen's; a changed one is not.
func TestOwnsIgnoresLineEnds(t *testing.T) {
	l := ledger{"a.go": contentHash([]byte("x\ny\n"))}
	if !l.owns("a.go", []byte("x\r\ny\r\n"), nil) {
		t.Error("a CRLF copy of bqgen's file is not bqgen's")
	}
	if l.owns("a.go", []byte("x\r\nz\r\n"), nil) {
		t.Error("an edited CRLF file is bqgen's")
	}
	if !sameText([]byte("a\r\nb"), []byte("a\nb")) || sameText([]byte("a\rb"), []byte("a\nb")) {
		t.Error("sameText compares more or less than line ends")
	}
}
