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
	required := stringList(schema, "required")
	for _, m := range props.Members {
		place := append(append(model.Pointer{}, at...), m.Key)
		out = append(out, property{place: place, schema: m.Value, required: slices.Contains(required, m.Key)})
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
// fixture. Outside the urn alias's own place the base is a producer
// envelope (it names its URN by job), so that the change at place is the
// only thing the schema can object to.
func (d *deriver) envelopeBase(place model.Pointer) (model.EnvelopeCase, model.Value, bool) {
	for _, c := range d.s.Cases {
		f, ok := d.s.File(c.File)
		if !c.Valid || !ok || f.JSON == nil {
			continue
		}
		if _, has := at(*f.JSON, place); !has {
			continue
		}
		if _, alias := aliasOf(place); !alias && !f.JSON.Has("job") {
			continue
		}
		return c, *f.JSON, true
	}
	return model.EnvelopeCase{}, model.Value{}, false
}

// envelopeCandidate builds the case that puts v at place in the base
// fixture.
func (d *deriver) envelopeCandidate(place model.Pointer, v model.Value, name, what string) (candidate, bool) {
	base, doc, ok := d.envelopeBase(place)
	if !ok {
		return candidate{}, false
	}
	return candidate{block: blockCases, place: place, value: v, doc: setAt(doc, place, v),
		base: base.Name, name: placeName(place) + "-" + name, what: place.String() + " " + what}, true
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
func (d *deriver) wrongType() []candidate {
	var out []candidate
	for _, p := range d.envelopeProperties() {
		own := types(p.schema)
		if own == nil {
			continue
		}
		_, doc, ok := d.envelopeBase(p.place)
		if !ok {
			continue
		}
		base, _ := at(doc, p.place)
		for _, t := range otherTypes(own, base) {
			what := fmt.Sprintf("is %s where the schema types %s", typed(t.name, t.value), strings.Join(own, " or "))
			if c, ok := d.envelopeCandidate(p.place, t.value, "as-"+t.name, what); ok {
				out = append(out, c)
			}
		}
	}
	return out
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
func (d *deriver) emptyStrings() []candidate {
	var out []candidate
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
			if c, ok := d.envelopeCandidate(p.place, model.StringValue(v.text), v.name, v.what); ok {
				out = append(out, c)
			}
		}
	}
	return out
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
func (d *deriver) integerWidths() []candidate {
	var out []candidate
	for _, p := range d.envelopeProperties() {
		if !slices.Contains(types(p.schema), "integer") {
			continue
		}
		for _, w := range widths() {
			v := model.NumberValue(w.text)
			if !withinBounds(p.schema, v.Rat()) {
				continue
			}
			if c, ok := d.envelopeCandidate(p.place, v, w.name, "is "+w.text+" (a machine-width boundary the schema allows)"); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// integerBounds: just outside each bound of a typed integer.
func (d *deriver) integerBounds() []candidate {
	var out []candidate
	for _, p := range d.envelopeProperties() {
		if !slices.Contains(types(p.schema), "integer") {
			continue
		}
		for _, b := range outsideBounds(p.schema) {
			what := fmt.Sprintf("is %s, just outside %s %s", b.value.Text, b.keyword, b.limit)
			name := "outside-" + slug(b.keyword) + "-" + strings.Replace(b.value.Text, "-", "minus-", 1)
			if c, ok := d.envelopeCandidate(p.place, b.value, name, what); ok {
				out = append(out, c)
			}
		}
	}
	return out
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
