package validate

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/patternbudget"
	"github.com/babelqueue/bqgen/model"
	"github.com/xeipuuv/gojsonschema"
)

// A suite's schemas are untrusted input, and a JSON Schema library follows
// $ref wherever it points: a file on the machine, a URL on the network, or
// back to itself until the stack overflows. So before a schema reaches the
// library, refsProblems allows exactly one kind of reference, "#" followed by
// a JSON Pointer into the same document, and refuses any that loops without
// passing through a keyword (an alias of itself); recursion through a
// keyword, such as a tree whose children $ref the root, is fine. The root's
// $id is dropped (see compileSchema), so the library never leaves the
// document to resolve one.

// schemaProblem is one reference a schema may not hold, at its pointer.
type schemaProblem struct {
	at  model.Pointer
	msg string
}

// Keywords whose values are schemas, by shape (draft-04 to 2019-09). The
// in-place ones apply their schemas to the same value as the schema holding
// them; the others to a part of it, which is what ends a recursion.
var (
	inPlaceValued = []string{"not", "if", "then", "else"}
	inPlaceArrays = []string{"allOf", "anyOf", "oneOf"}
	inPlaceMaps   = []string{"dependencies", "dependentSchemas"}
	childValued   = []string{"additionalProperties", "items", "additionalItems", "contains", "propertyNames",
		"unevaluatedItems", "unevaluatedProperties"}
	childArrays = []string{"items", "prefixItems"}
	childMaps   = []string{"properties", "patternProperties", "definitions", "$defs"}
)

// refsProblems walks every subschema of root (and every place a reference
// points at, as the library will read it as a schema) and reports each
// reference that leaves the document or does not resolve, each $id below the
// root (which would change what a reference means), and each loop of
// references and in-place keywords that comes back to a schema without
// descending into the value, where validation would never end.
func refsProblems(root model.Value) []schemaProblem {
	return walkSchema(root).problems
}

// walkSchema walks root as refsProblems describes, then counts the schemas
// applied in place to one value (checkFanOut) when there is no loop.
func walkSchema(root model.Value) *refWalker {
	w := &refWalker{root: root, refs: model.NewResolver(root), edges: map[int64][]edge{}, places: map[int64]model.Pointer{}}
	w.walk(root, model.Pointer{})
	w.findLoops()
	if len(w.problems) == 0 {
		w.checkFanOut()
	}
	return w
}

// edge is an in-place application of the schema at to, written at via.
type edge struct {
	to  int64
	via model.Pointer
}

// refWalker knows each schema by its offset in the document (Value.Offset),
// unique to a parsed value: a key as long as the schema's pointer would
// cost, below a long key, the key's length once per schema.
type refWalker struct {
	root     model.Value
	refs     *model.Resolver         // resolves each $ref in root
	edges    map[int64][]edge        // schema -> in-place applications
	order    []int64                 // schemas in the order walked
	places   map[int64]model.Pointer // schema -> where it is; the walked ones
	fanOut   int64                   // the most schemas applied in place to one value
	problems []schemaProblem
}

func (w *refWalker) fail(at model.Pointer, format string, args ...any) {
	w.problems = append(w.problems, schemaProblem{at: append(model.Pointer{}, at...), msg: fmt.Sprintf(format, args...)})
}

func (w *refWalker) walk(v model.Value, at model.Pointer) {
	key := v.Offset
	if _, seen := w.places[key]; seen || v.Kind != model.Object {
		return // true, false, or not a schema: the library reports the last
	}
	w.places[key] = append(model.Pointer{}, at...)
	w.order = append(w.order, key)
	if len(at) > 0 {
		for _, id := range []string{"$id", "id"} {
			if idv, ok := v.Get(id); ok && idv.Kind == model.String {
				w.fail(at.Child(id), "a %s below the schema's root changes what its references mean; bqgen accepts none", id)
			}
		}
	}
	w.checkPatterns(v, at)
	if ref, ok := v.Get("$ref"); ok {
		if target, msg := w.resolve(ref); msg != "" {
			w.fail(at.Child("$ref"), "%s", msg)
		} else {
			w.inPlace(key, target.v, target.at, at.Child("$ref"))
		}
	}
	w.each(v, at, inPlaceValued, inPlaceArrays, inPlaceMaps, func(sub model.Value, subAt model.Pointer) {
		w.inPlace(key, sub, subAt, subAt)
	})
	w.each(v, at, childValued, childArrays, childMaps, w.walk)
}

// checkPatterns refuses each regular expression of the schema v (its
// pattern, its patternProperties' keys) whose program is over
// patternbudget.MaxProgram: matching costs its size times each string's
// length, and a validator would run it over every string. A pattern that
// does not compile is the library's to report.
func (w *refWalker) checkPatterns(v model.Value, at model.Pointer) {
	if p, ok := v.Get("pattern"); ok && p.Kind == model.String {
		if size, err := patternbudget.Size(p.Text); err == nil && size > patternbudget.MaxProgram {
			w.fail(at.Child("pattern"), "%v", patternbudget.TooLarge(p.Text, size))
		}
	}
	if pp, ok := v.Get("patternProperties"); ok && pp.Kind == model.Object {
		for _, m := range pp.Members {
			if size, err := patternbudget.Size(m.Key); err == nil && size > patternbudget.MaxProgram {
				w.fail(at.Child("patternProperties").Child(m.Key), "%v", patternbudget.TooLarge(m.Key, size))
			}
		}
	}
}

// inPlace records that the schema from applies sub to the same value.
func (w *refWalker) inPlace(from int64, sub model.Value, subAt, via model.Pointer) {
	w.edges[from] = append(w.edges[from], edge{to: sub.Offset, via: via})
	w.walk(sub, subAt)
}

// each calls f for every subschema of v under the given keywords.
func (w *refWalker) each(v model.Value, at model.Pointer, valued, arrays, maps []string, f func(model.Value, model.Pointer)) {
	for _, key := range valued {
		if sub, ok := v.Get(key); ok && sub.Kind == model.Object {
			f(sub, at.Child(key))
		}
	}
	for _, key := range arrays {
		if arr, ok := v.Get(key); ok && arr.Kind == model.Array {
			for i, sub := range arr.Items {
				f(sub, at.Child(key).Index(i))
			}
		}
	}
	for _, key := range maps {
		if m, ok := v.Get(key); ok && m.Kind == model.Object {
			for _, member := range m.Members {
				f(member.Value, at.Child(key).Child(member.Key))
			}
		}
	}
}

// findLoops reports each in-place loop once, at the keyword that closes it.
func (w *refWalker) findLoops() {
	const (
		unvisited = iota
		onPath
		done
	)
	state := map[int64]int{}
	var visit func(node int64)
	visit = func(node int64) {
		state[node] = onPath
		for _, e := range w.edges[node] {
			switch state[e.to] {
			case onPath:
				w.fail(e.via, "refers to itself (back to %q) without descending into the value: checking anything against it would never end", "#"+w.places[e.to].String())
			case unvisited:
				visit(e.to)
			}
		}
		state[node] = done
	}
	for _, node := range w.order {
		if state[node] == unvisited {
			visit(node)
		}
	}
}

// resolved is the schema a reference points at.
type resolved struct {
	v  model.Value
	at model.Pointer
}

// resolve returns the target of a same-document reference, or why the
// reference is not allowed.
func (w *refWalker) resolve(ref model.Value) (resolved, string) {
	if ref.Kind != model.String {
		return resolved{}, "must be a string"
	}
	if !strings.HasPrefix(ref.Text, "#") {
		return resolved{}, fmt.Sprintf("%q points outside this document; a suite's schemas may only refer within themselves (\"#/definitions/...\"), never to a file or a URL", ref.Text)
	}
	p, err := model.ParsePointer(unescapeFragment(ref.Text[1:]))
	if err != nil {
		return resolved{}, fmt.Sprintf("%q is not a JSON Pointer: %v", ref.Text, err)
	}
	target, ok := w.refs.Resolve(p)
	if !ok {
		return resolved{}, fmt.Sprintf("%q points at nothing in this document", ref.Text)
	}
	return resolved{v: target, at: p}, ""
}

// unescapeFragment undoes the percent-encoding a URI fragment may use
// (RFC 6901 §6); an invalid escape is left for ParsePointer to refuse.
func unescapeFragment(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// compileSchema compiles a schema that refsProblems found clean. The root's
// $id (and draft-04 id) is dropped first: it only names the schema, and left
// in place the library would resolve "#..." against that URL. A panic of the
// library on a strange schema is an error like any other.
func compileSchema(v model.Value) (schema *gojsonschema.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			schema, err = nil, fmt.Errorf("the JSON Schema library failed on it: %v", r)
		}
	}()
	if v.Kind == model.Object {
		var kept []model.Member
		for _, m := range v.Members {
			if (m.Key == "$id" || m.Key == "id") && m.Value.Kind == model.String {
				continue
			}
			kept = append(kept, m)
		}
		v = model.ObjectValue(kept...)
	}
	return gojsonschema.NewSchema(gojsonschema.NewStringLoader(v.Compact()))
}

// validateInstance checks an instance against a compiled schema, turning a
// panic of the library into an error.
func validateInstance(schema *gojsonschema.Schema, instance gojsonschema.JSONLoader) (res *gojsonschema.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("the JSON Schema library failed on it: %v", r)
		}
	}()
	return schema.Validate(instance)
}
