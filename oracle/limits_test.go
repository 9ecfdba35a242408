package oracle

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// limitLines are request lines near and past each limit, and lines that
// are not JSON at all, for the quick pass and the token scan to agree on.
func limitLines() []string {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	return []string{
		`{"id":1,"op":"capabilities"}`,
		`{"id":1,"op":"make","args":{"data":` + nest(maxRequestDepth-2) + `}}`,
		`{"id":1,"op":"make","args":{"data":` + nest(maxRequestDepth-1) + `}}`,
		`{"id":1,"op":"make","args":{"data":` + nest(maxRequestDepth) + `}}`,
		`{"id":1,"op":"make","args":{"data":"` + strings.Repeat("[", 300) + `"}}`,
		`{"id":1,"op":"make","args":{"data":"\"` + strings.Repeat("{", 300) + `"}}`,
		`{"id":1,"op":"make","args":{"data":[1e999999,2]}}`,
		`{"id":1,"op":"make","args":{"data":[` + strings.Repeat("9", 5000) + `]}}`,
		`{"id":1,"op":"make","args":{"data":[-0.5e-7,1E+3,` + strings.Repeat("1", 100) + `]}}`,
		`{"id":1,"op":"make","args":{"data":"` + strings.Repeat("9", 5000) + `"}}`,
		`{"id":1,"op":"make","args":{"data":"` + strings.Repeat("x", 1<<20) + `"}}`,
		`{"id":1,"op":"make","args":{"data":{"s":"` + strings.Repeat("x", 1<<20+1) + `"}}}`,
		`{"id":1,"op":"decode","args":{"envelope":"` + strings.Repeat(`\u00e9`, 1<<18) + `"}}`,
		`{"id":1,"op":"make","args":{"data":` + nest(300) + `,` + strings.Repeat("[", 10),
		`[[[[` + strings.Repeat("9", 5000),
		`{"a":"\`,
		`{"a":` + strings.Repeat("{", maxRequestDepth+5) + `"b"`,
		`"just a string"`,
		`-`,
		``,
	}
}

func TestClearlyWithinLimitsOnlyWhereTheTokenScanFindsNothing(t *testing.T) {
	quick := 0
	for _, line := range limitLines() {
		if clearlyWithinLimits([]byte(line)) {
			quick++
			if err := scanRequestLimits([]byte(line)); err != nil {
				t.Errorf("the quick pass lets through %.80q, which the token scan refuses: %v", line, err)
			}
		}
	}
	if quick < 5 {
		t.Errorf("the quick pass decided %d lines; the ordinary ones at least should not need the token scan", quick)
	}
}

// FuzzClearlyWithinLimits: the quick pass never lets through a line the
// token scan refuses. `go test -run '^$' -fuzz FuzzClearlyWithinLimits
// ./oracle` explores further.
func FuzzClearlyWithinLimits(f *testing.F) {
	for _, line := range limitLines() {
		if len(line) < 1<<12 {
			f.Add([]byte(line))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if !utf8.Valid(line) || !clearlyWithinLimits(line) {
			return
		}
		if err := scanRequestLimits(line); err != nil {
			t.Errorf("the quick pass lets through %q, which the token scan refuses: %v", line, err)
		}
	})
}
