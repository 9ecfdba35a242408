package gobackend

import "testing"

// Subtest names as the testing package reports them (the full tier's
// TestIndexNamesEveryReportedTest checks real runs): spaces and
// unprintable runes rewritten, repeats numbered in run order, a number a
// case spells itself skipped.
func TestSubtestNames(t *testing.T) {
	names := subtestNames{}
	for _, c := range []struct{ in, want string }{
		{"a b", "T/a_b"},
		{"a_b", "T/a_b#01"},
		{"a\u2028b\u200bc\x00", `T/a_b\u200bc\x00`},
		{"x#01", "T/x#01"},
		{"x", "T/x"},
		{"x", "T/x#02"},
		{"", "T/#00"},
		{"", "T/#01"},
	} {
		if got := names.unique("T", rewriteSubtestName(c.in)); got != c.want {
			t.Errorf("subtest %q: %q, want %q", c.in, got, c.want)
		}
	}
}
