package validate

import (
	"slices"

	"github.com/babelqueue/bqgen/internal/patternbudget"
	"github.com/babelqueue/bqgen/model"
)

// A validator visits, for every value it checks, each schema that applies
// to it, and scans each one's enum, required and properties lists; its
// regular expressions run over each string. So checking a suite's values
// against a schema costs about values × the longest such list, plus string
// bytes × the patterns' size: quadratic in a suite's size. An enum of
// 65,000 values over an array of 65,000 items (a 1 MiB suite) took
// gojsonschema three minutes, and in-place references can apply a schema
// 2^n times to one value (n definitions, each applying the next twice
// through allOf). These two bounds keep the checks in proportion.
const (
	// maxInPlace is how many schemas may apply in place to one value: the
	// schema itself and, per path, those it reaches through $ref, allOf,
	// anyOf, oneOf, not, if/then/else and dependencies.
	maxInPlace = 1000
	// maxSchemaWork bounds the estimated steps of checking one schema's
	// values: a few seconds. The canonical suite needs 10^5, the README's
	// synthetic 10,000-case suite 2×10^6.
	maxSchemaWork = 1 << 27
)

// listKeywords are the keywords whose lists a validator scans for each
// value it checks.
var listKeywords = []string{"enum", "required", "type", "allOf", "anyOf", "oneOf",
	"properties", "patternProperties", "dependencies", "definitions"}

// checkFanOut counts the schemas applied in place to the value a schema
// checks, following each path of in-place edges (the walk found no loop),
// records the largest count as w.fanOut and reports a schema over
// maxInPlace.
func (w *refWalker) checkFanOut() {
	counts := map[int64]int64{}
	var count func(node int64) int64
	count = func(node int64) int64 {
		if n, ok := counts[node]; ok {
			return n
		}
		n := int64(1)
		for _, e := range w.edges[node] {
			n = min(n+count(e.to), maxInPlace+1) // saturate: 2^n paths would overflow
		}
		counts[node] = n
		return n
	}
	for _, node := range w.order {
		n := count(node)
		w.fanOut = max(w.fanOut, n)
		if n > maxInPlace {
			w.fail(w.places[node], "applies more than %d schemas in place to one value (through $ref, allOf, anyOf, oneOf, not, if/then/else, dependencies, counted per path); the limit is %d: a validator would visit each for every value", maxInPlace, maxInPlace)
			return
		}
	}
}

// schemaWork adds up the estimated steps of checking values against one
// schema, as the comment above counts them.
type schemaWork struct {
	perValue  int64 // the longest list, times the schemas applied in place
	perString int64 // the patterns' size, times the same
	total     int64
}

// newSchemaWork prices values against schema, whose walk found fanOut
// schemas applied in place to one value.
func newSchemaWork(schema model.Value, fanOut int64) *schemaWork {
	return &schemaWork{perValue: (1 + longestList(schema)) * fanOut, perString: min(patternSize(schema), maxSchemaWork+1) * fanOut}
}

// add counts checking v, and reports whether the total is still within
// maxSchemaWork.
func (w *schemaWork) add(v model.Value) bool {
	values, stringBytes := weigh(v)
	w.total += values*w.perValue + stringBytes*w.perString // each ≤ 2^24 · 2^27 · 2^10: no overflow
	w.total = min(w.total, maxSchemaWork+1)
	return w.total <= maxSchemaWork
}

// weigh counts the values (members' keys included) and string bytes in v.
func weigh(v model.Value) (values, stringBytes int64) {
	values = 1
	switch v.Kind {
	case model.String:
		stringBytes = int64(len(v.Text))
	case model.Array:
		for _, item := range v.Items {
			n, b := weigh(item)
			values, stringBytes = values+n, stringBytes+b
		}
	case model.Object:
		for _, m := range v.Members {
			n, b := weigh(m.Value)
			values, stringBytes = values+n+1, stringBytes+b+int64(len(m.Key))
		}
	}
	return values, stringBytes
}

// longestList is the length of the longest list keyword in a schema,
// wherever it is (an over-estimate: some may be data, in an enum).
func longestList(v model.Value) int64 {
	var n int64
	for _, item := range v.Items {
		n = max(n, longestList(item))
	}
	for _, m := range v.Members {
		if slices.Contains(listKeywords, m.Key) {
			n = max(n, int64(len(m.Value.Items)+len(m.Value.Members)))
		}
		n = max(n, longestList(m.Value))
	}
	return n
}

// patternSize is the size of every regular expression in a schema, in
// compiled instructions (patternbudget.Size; its bytes for one that does
// not compile): the values of "pattern" and the keys of
// "patternProperties", wherever they are (an over-estimate: some may be
// data, in an enum or a const). A pattern's bytes understate its cost:
// `\w{1,1000}` is 10 bytes and 2,000 instructions.
func patternSize(v model.Value) int64 {
	var n int64
	switch v.Kind {
	case model.Array:
		for _, item := range v.Items {
			n += patternSize(item)
		}
	case model.Object:
		for _, m := range v.Members {
			if m.Key == "pattern" && m.Value.Kind == model.String {
				n += programSize(m.Value.Text)
			}
			if m.Key == "patternProperties" && m.Value.Kind == model.Object {
				for _, p := range m.Value.Members {
					n += programSize(p.Key)
				}
			}
			n += patternSize(m.Value)
		}
	}
	return n
}

// programSize is expr's compiled size, capped above MaxProgram (validate
// refuses such a pattern; the cap keeps sums from overflowing), or its
// length when it does not compile.
func programSize(expr string) int64 {
	size, err := patternbudget.Size(expr)
	if err != nil {
		return int64(len(expr))
	}
	return int64(min(size, patternbudget.MaxProgram+1))
}
