package indextest

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// Declared is a rendered test file and the key of each test it declares,
// in the order the index lists them.
type Declared struct {
	Src  []byte
	Keys []string
}

// DeclaredFile is a file of n tests: head, then decl(i) for each test i,
// the declaration's key key(i), then tail.
func DeclaredFile(n int, head string, decl, key func(i int) string, tail string) Declared {
	var b strings.Builder
	b.WriteString(head)
	d := Declared{Keys: make([]string, n)}
	for i := range n {
		b.WriteString(decl(i))
		d.Keys[i] = key(i)
	}
	b.WriteString(tail)
	d.Src = []byte(b.String())
	return d
}

// LocateLinear measures backend.LocateTests with a backend's declarations
// on gen(n): one block's file of n tests, every test looked up. Reading a
// file once per test made this quadratic in a block's tests (a suite can
// hold 100k cases in one block); the test fails if time or memory grow
// faster than n log n, if the largest size (limit tests) takes longer
// than the harness's ceiling, or if a test is not found.
func LocateLinear(t *testing.T, kind string, gen func(n int) Declared, declarations func([]byte) map[string]int, limit int) {
	t.Helper()
	run := func(d Declared) {
		tests := make([]backend.IndexedTest, len(d.Keys))
		backend.LocateTests("dir", []backend.File{{Path: "dir/f", Content: d.Src}}, tests,
			func(i int) backend.TestPlace { return backend.TestPlace{File: "f", Key: d.Keys[i]} }, declarations)
		for i := range tests {
			if tests[i].Line == 0 {
				t.Fatalf("%s: test %q is not found", kind, d.Keys[i])
			}
		}
	}
	complexitytest.Linear(t, kind, 256, gen, run)
	complexitytest.Within(t, kind, gen(limit), run)
}
