package derive

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// property is one property a schema types, at its place in the instance.
type property struct {
	place    model.Pointer
	schema   model.Value
	required bool
}

// properties walks an object schema's properties, depth first in document
// order, descending into every property that has properties of its own.
func properties(schema model.Value, at model.Pointer) []property {
	var out []property
	props, _ := schema.Get("properties")
	required := map[string]bool{} // a set: a list searched per property was properties × required
	for _, key := range stringList(schema, "required") {
		required[key] = true
	}
	for _, m := range props.Members {
		place := append(append(model.Pointer{}, at...), m.Key)
		out = append(out, property{place: place, schema: m.Value, required: required[m.Key]})
		if m.Value.Has("properties") {
			out = append(out, properties(m.Value, place)...)
		}
	}
	return out
}

// stringList reads a schema keyword holding an array of strings.
func stringList(schema model.Value, key string) []string {
	v, _ := schema.Get(key)
	var out []string
	for _, item := range v.Items {
		if item.Kind == model.String {
			out = append(out, item.Text)
		}
	}
	return out
}

// types reads "type" (a name or a list); nil when the schema has none.
func types(schema model.Value) []string {
	v, ok := schema.Get("type")
	if !ok {
		return nil
	}
	if v.Kind == model.String {
		return []string{v.Text}
	}
	return stringList(schema, "type")
}

// envelopeProperties are the properties of the envelope schema the
// consumer decides: those under a place the consumer does not check
// (undecidedPlaces) are left out.
func (d *deriver) envelopeProperties() []property {
	if d.envelope == nil || !d.s.HasCases {
		return nil
	}
	var out []property
	for _, p := range properties(*d.envelope, nil) {
		if undecided(p.place) == "" {
			out = append(out, p)
		}
	}
	return out
}

// envelopeBase is the first valid case whose fixture holds place, with its
// fixture and the value there. Outside the urn alias's own place the base
// is a producer envelope (it names its URN by job), so that the change at
// place is the only thing the schema can object to. The bases of every
// property are found at once, each fixture read once (envelopeBases).
func (d *deriver) envelopeBase(place model.Pointer) (envelopeBase, bool) {
	if d.envBases == nil {
		d.envBases = d.envelopeBases()
	}
	b, ok := d.envBases[place.String()]
	return b, ok
}

// envelopeBase is a valid case, its fixture and the value at a place.
type envelopeBase struct {
	c     model.EnvelopeCase
	doc   model.Value
	value model.Value
}

// envelopeBases finds the base of every envelope property: among the valid
// cases (a fixture shared by several is read for the first only), the
// first holding the place, a producer envelope unless the place is an
// alias's.
func (d *deriver) envelopeBases() map[string]envelopeBase {
	var aliases, others []model.Pointer
	for _, p := range d.envelopeProperties() {
		if _, alias := aliasOf(p.place); alias {
			aliases = append(aliases, p.place)
		} else {
			others = append(others, p.place)
		}
	}
	var all, producers []model.EnvelopeCase
	read := map[string]bool{}
	for _, c := range d.s.Cases {
		if f, ok := d.s.File(c.File); c.Valid && ok && f.JSON != nil && !read[c.File] {
			read[c.File] = true
			all = append(all, c)
			if f.JSON.Has("job") {
				producers = append(producers, c)
			}
		}
	}
	out := map[string]envelopeBase{}
	for _, set := range []struct {
		places []model.Pointer
		cases  []model.EnvelopeCase
	}{{aliases, all}, {others, producers}} {
		docs := make([]model.Value, len(set.cases))
		for i, c := range set.cases {
			f, _ := d.s.File(c.File)
			docs[i] = *f.JSON
		}
		for place, h := range firstHolders(set.places, docs, func(model.Value) bool { return true }) {
			out[place] = envelopeBase{c: set.cases[h.doc], doc: docs[h.doc], value: h.value}
		}
	}
	return out
}

// envelopeCandidate is the case that puts v at place in the base fixture
// (built once the candidate is known to be new: see candidate.build).
func (d *deriver) envelopeCandidate(place model.Pointer, v model.Value, name, what string) (candidate, bool) {
	base, ok := d.envelopeBase(place)
	if !ok {
		return candidate{}, false
	}
	return candidate{block: blockCases, place: place, value: v, baseDoc: base.doc, setPlace: place, setValue: v,
		base: base.c.Name, name: placeName(place) + "-" + name, what: place.String() + " " + what}, true
}

// otherTypes are the values standing for each JSON type, in the rule's
// order, with the names the case names use. A string stands for a value
// written as text: the base value's own JSON ("0" for 0).
func otherTypes(own []string, base model.Value) []struct {
	name  string
	value model.Value
} {
	all := []struct {
		name  string
		value model.Value
	}{
		{"object", model.ObjectValue()},
		{"array", model.ArrayValue()},
		{"string", model.StringValue(base.Compact())},
		{"number", model.NumberValue("1.5")},
		{"integer", model.NumberValue("1")},
		{"boolean", model.BoolValue(true)},
		{"null", model.NullValue()},
	}
	var out []struct {
		name  string
		value model.Value
	}
	for _, t := range all {
		if !admits(own, t.name) {
			out = append(out, t)
		}
	}
	return out
}

// admits reports whether a property typed own accepts a value of type t
// (an integer is a number; 1.5, the stand-in for number, is no integer).
func admits(own []string, t string) bool {
	return slices.Contains(own, t) || t == "integer" && slices.Contains(own, "number")
}

// wrongType: each other JSON type at each typed place.
func (d *deriver) wrongType(yield func(candidate) bool) {
	for _, p := range d.envelopeProperties() {
		own := types(p.schema)
		if own == nil {
			continue
		}
		base, ok := d.envelopeBase(p.place)
		if !ok {
			continue
		}
		for _, t := range otherTypes(own, base.value) {
			what := fmt.Sprintf("is %s where the schema types %s", typed(t.name, t.value), strings.Join(own, " or "))
			if c, ok := d.envelopeCandidate(p.place, t.value, "as-"+t.name, what); ok && !yield(c) {
				return
			}
		}
	}
}

// typed renders a value with its type's name: "a boolean (true)", "null".
func typed(name string, v model.Value) string {
	if v.Kind == model.Null {
		return "null"
	}
	text := v.Compact()
	if len(text) > 40 { // a whole block as text: named, not quoted, so descriptions stay readable
		return article(name) + " (the value's own JSON, as text)"
	}
	return article(name) + " (" + text + ")"
}

func article(t string) string {
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// emptyStrings: "" and whitespace at each required string, and at an alias
// of one.
func (d *deriver) emptyStrings(yield func(candidate) bool) {
	required := map[string]bool{}
	for _, p := range d.envelopeProperties() {
		required[p.place.String()] = p.required
	}
	for _, p := range d.envelopeProperties() {
		name, alias := aliasOf(p.place)
		if !slices.Contains(types(p.schema), "string") || !(p.required || alias && required[name]) {
			continue
		}
		for _, v := range []struct{ name, text, what string }{
			{"empty", "", "is the empty string"},
			{"whitespace", " ", "is only whitespace"},
		} {
			if c, ok := d.envelopeCandidate(p.place, model.StringValue(v.text), v.name, v.what); ok && !yield(c) {
				return
			}
		}
	}
}

// widths are the machine-width integers SDKs trip on: int32's largest, one
// past it, uint32's end and the largest integer a double holds exactly.
func widths() []struct{ name, text string } {
	return []struct{ name, text string }{
		{"2pow31-minus-1", "2147483647"},
		{"2pow31", "2147483648"},
		{"2pow32", "4294967296"},
		{"2pow53-minus-1", "9007199254740991"},
	}
}

// integerWidths: each width a typed integer's bounds allow.
func (d *deriver) integerWidths(yield func(candidate) bool) {
	for _, p := range d.envelopeProperties() {
		if !slices.Contains(types(p.schema), "integer") {
			continue
		}
		for _, w := range widths() {
			v := model.NumberValue(w.text)
			if !withinBounds(p.schema, v.Rat()) {
				continue
			}
			if c, ok := d.envelopeCandidate(p.place, v, w.name, "is "+w.text+" (a machine-width boundary the schema allows)"); ok && !yield(c) {
				return
			}
		}
	}
}

// integerBounds: just outside each bound of a typed integer.
func (d *deriver) integerBounds(yield func(candidate) bool) {
	for _, p := range d.envelopeProperties() {
		if !slices.Contains(types(p.schema), "integer") {
			continue
		}
		for _, b := range outsideBounds(p.schema) {
			what := fmt.Sprintf("is %s, just outside %s %s", b.value.Text, b.keyword, b.limit)
			name := "outside-" + slug(b.keyword) + "-" + strings.Replace(b.value.Text, "-", "minus-", 1)
			if c, ok := d.envelopeCandidate(p.place, b.value, name, what); ok && !yield(c) {
				return
			}
		}
	}
}

type bound struct {
	keyword, limit string
	value          model.Value
}

// outsideBounds are the integers just outside each bound schema states.
func outsideBounds(schema model.Value) []bound {
	var out []bound
	step := map[string][]int64{
		"minimum": {-1}, "maximum": {1}, "exclusiveMinimum": {0}, "exclusiveMaximum": {0}, "const": {-1, 1},
	}
	for _, keyword := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "const"} {
		limit, ok := schema.Get(keyword)
		if !ok || limit.Kind != model.Number || !limit.Rat().IsInt() {
			continue
		}
		for _, delta := range step[keyword] {
			n := new(big.Int).Add(limit.Rat().Num(), big.NewInt(delta))
			out = append(out, bound{keyword: keyword, limit: limit.Text, value: model.NumberValue(n.String())})
		}
	}
	return out
}

// withinBounds reports whether the number x meets every numeric bound of
// schema (and its const, when it has one).
func withinBounds(schema model.Value, x *big.Rat) bool {
	checks := map[string]func(c int) bool{
		"minimum": func(c int) bool { return c >= 0 }, "maximum": func(c int) bool { return c <= 0 },
		"exclusiveMinimum": func(c int) bool { return c > 0 }, "exclusiveMaximum": func(c int) bool { return c < 0 },
		"const": func(c int) bool { return c == 0 },
	}
	for keyword, ok := range checks {
		limit, has := schema.Get(keyword)
		if has && (limit.Kind != model.Number || !ok(x.Cmp(limit.Rat()))) {
			return false
		}
	}
	return true
}

// at returns the value at place in doc.
func at(doc model.Value, place model.Pointer) (model.Value, bool) {
	v := doc
	for _, t := range place {
		next, ok := v.Get(t)
		if !ok {
			return model.Value{}, false
		}
		v = next
	}
	return v, true
}

// setAt returns a copy of doc with the value at place replaced by v (or
// added as the last member of its parent). The parent must exist.
func setAt(doc model.Value, place model.Pointer, v model.Value) model.Value {
	if len(place) == 0 {
		return v
	}
	out := doc
	out.Members = slices.Clone(doc.Members)
	for i, m := range out.Members {
		if m.Key == place[0] {
			out.Members[i].Value = setAt(m.Value, place[1:], v)
			return out
		}
	}
	if len(place) == 1 {
		out.Members = append(out.Members, model.Member{Key: place[0], Value: v})
	}
	return out
}
