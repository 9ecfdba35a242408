package backend

import "testing"

func TestRelativeDirAndSuiteDirOr(t *testing.T) {
	for _, c := range [][3]string{
		{"tests", "tests/conformance", "conformance"},
		{"tests", "testdata/suite", "../testdata/suite"},
		{".", "testdata/conformance", "testdata/conformance"},
		{"test", "test", "."},
		{"a/b", ".", "../.."},
	} {
		if got := RelativeDir(c[0], c[1]); got != c[2] {
			t.Errorf("RelativeDir(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
	if got := (Options{}).SuiteDirOr("d"); got != "d" {
		t.Errorf("default: %q", got)
	}
	if got := (Options{VendorDir: "a/./b/"}).SuiteDirOr("d"); got != "a/b" {
		t.Errorf("vendor: %q", got)
	}
}
