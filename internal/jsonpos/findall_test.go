package jsonpos

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// FindAll answers as Find does for every pointer, found or not, however
// many are asked at once (repeated ones and a repeated key included).
func TestFindAllAgreesWithFind(t *testing.T) {
	pointers := []string{"", "/version", "/cases", "/cases/0", "/cases/0/name", "/cases/1", "/cases/1/name",
		"/cases/1/a~1b/m~0n/2", "/cases/1/a~1b/m~0n/0", "/cases/2", "/cases/01", "/nope", "/version/x", "no-slash", "/cases/0", "/k", "/k/x"}
	for _, data := range []string{doc, `{"k": 1, "k": {"x": 2}}`, `{"a": [`, `{"cases": [1`, "[\n\t1]", ""} {
		all := FindAll([]byte(data), pointers)
		for _, p := range pointers {
			line, col, ok := Find([]byte(data), p)
			got, found := all[p]
			if found != ok || got.Line != line || got.Column != col {
				t.Errorf("in %q, %q: FindAll = %+v %v, Find = %d:%d %v", data, p, got, found, line, col, ok)
			}
		}
	}
}

// manyProblems is a one-line manifest of n cases and a pointer to a value
// in each: a problem on every case of a minified manifest.
func manyProblems(n int) ([]byte, []string) {
	var b strings.Builder
	b.WriteString(`{"cases":[`)
	pointers := make([]string, n)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"c%d","file":"fixtures/é%d.json","valid":true}`, i, i)
		pointers[i] = fmt.Sprintf("/cases/%d/valid", i)
	}
	b.WriteString(`]}`)
	return []byte(b.String()), pointers
}

func TestComplexityFindAll(t *testing.T) {
	complexitytest.Skip(t)
	type input struct {
		data     []byte
		pointers []string
	}
	complexitytest.Linear(t, "problem places (a pointer into each case of a one-line manifest)", 256, func(n int) input {
		data, pointers := manyProblems(n)
		return input{data, pointers}
	}, func(in input) {
		if got := FindAll(in.data, in.pointers); len(got) != len(in.pointers) {
			t.Fatalf("found %d of %d pointers", len(got), len(in.pointers))
		}
	})
}
