package derive

import (
	"fmt"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// payloadProperties are the properties of the payload_schema block's schema.
func (d *deriver) payloadProperties() []property {
	if d.s.PayloadSchema == nil {
		return nil
	}
	return properties(d.s.PayloadSchema.Schema, nil)
}

// payloadBase is the first valid case whose data holds parent (an object),
// and its data. The bases of every parent are found at once, each case
// read once (firstHolders).
func (d *deriver) payloadBase(parent model.Pointer) (string, model.Value, bool) {
	if d.payloadBases == nil {
		var parents []model.Pointer
		for _, p := range d.payloadProperties() {
			parents = append(parents, p.place[:len(p.place)-1])
		}
		d.payloadBases = d.firstValidPayload(parents, func(v model.Value) bool { return v.Kind == model.Object })
	}
	h, ok := d.payloadBases[parent.String()]
	if !ok {
		return "", model.Value{}, false
	}
	c := d.validPayloadCases()[h.doc]
	return c.Name, c.Data, true
}

// validPayloadCases are the valid cases of payload_schema a derived case
// may start from, in order: the suite's own, never a derived one, so the
// suite derives the same cases with or without those it derived before.
func (d *deriver) validPayloadCases() []model.PayloadCase {
	var out []model.PayloadCase
	if d.s.PayloadSchema == nil {
		return nil
	}
	for _, c := range d.s.PayloadSchema.Cases {
		if c.Valid && !strings.HasPrefix(c.Name, derivedPrefix) {
			out = append(out, c)
		}
	}
	return out
}

// firstValidPayload is, for each place, the first valid case whose data
// holds a value there that accept takes.
func (d *deriver) firstValidPayload(places []model.Pointer, accept func(model.Value) bool) map[string]holder {
	cases := d.validPayloadCases()
	docs := make([]model.Value, len(cases))
	for i, c := range cases {
		docs[i] = c.Data
	}
	return firstHolders(places, docs, accept)
}

// payloadCandidate puts v at place in the first valid case that holds its
// parent (built once the candidate is known to be new).
func (d *deriver) payloadCandidate(place model.Pointer, v model.Value, name, what string) (candidate, bool) {
	base, data, ok := d.payloadBase(place[:len(place)-1])
	if !ok {
		return candidate{}, false
	}
	return candidate{block: blockPayload, place: place, value: v, baseDoc: data, setPlace: place, setValue: v,
		base: base, name: placeName(place) + "-" + name, what: place.String() + " " + what}, true
}

// integralFloats: a valid integer at each integer place, spelled N.0.
func (d *deriver) integralFloats(yield func(candidate) bool) {
	var places []model.Pointer
	for _, p := range d.payloadProperties() {
		if slices.Contains(types(p.schema), "integer") {
			places = append(places, p.place)
		}
	}
	integers := d.firstValidPayload(places, model.Value.IsInteger)
	for _, place := range places {
		v, ok := integers[place.String()]
		if !ok {
			continue
		}
		float := model.NumberValue(v.value.Text + ".0")
		if cand, ok := d.payloadCandidate(place, float, "integral-float", "is "+float.Text+", an integer written with a zero fraction"); ok && !yield(cand) {
			return
		}
	}
}

// requiredNulls: null at each required place whose type admits null. When
// no valid case holds the object, it is built from the null alone, if that
// is its only required property.
func (d *deriver) requiredNulls(yield func(candidate) bool) {
	objects := append([]property{{schema: d.payloadSchema()}}, d.payloadProperties()...)
	for _, obj := range objects {
		required := stringList(obj.schema, "required")
		props, _ := obj.schema.Get("properties")
		for _, key := range required {
			prop, ok := props.Get(key)
			if !ok || !slices.Contains(types(prop), "null") {
				continue
			}
			place := append(append(model.Pointer{}, obj.place...), key)
			what := "is null, which its type admits (required asks only for presence)"
			c, ok := d.payloadCandidate(place, model.NullValue(), "required-null", what)
			if !ok {
				c, ok = d.builtObject(obj.place, key, required)
				c.name, c.what = placeName(place)+"-required-null", place.String()+" "+what
			}
			if ok && !yield(c) {
				return
			}
		}
	}
}

func (d *deriver) payloadSchema() model.Value {
	if d.s.PayloadSchema == nil {
		return model.Value{}
	}
	return d.s.PayloadSchema.Schema
}

// builtObject is the case whose object at place is {key: null}, added to
// the first valid case holding place's parent; only when key is the
// object's one required property.
func (d *deriver) builtObject(place model.Pointer, key string, required []string) (candidate, bool) {
	if len(place) == 0 || len(required) != 1 {
		return candidate{}, false
	}
	object := model.ObjectValue(model.Member{Key: key, Value: model.NullValue()})
	c, ok := d.payloadCandidate(place, object, "", "")
	c.place, c.value = append(append(model.Pointer{}, place...), key), model.NullValue()
	return c, ok
}

// constEnumTypes: a const's or enum's first value in each other JSON type.
func (d *deriver) constEnumTypes(yield func(candidate) bool) {
	for _, p := range d.payloadProperties() {
		for _, keyword := range []string{"const", "enum"} {
			v, ok := p.schema.Get(keyword)
			if !ok {
				continue
			}
			if keyword == "enum" {
				if len(v.Items) == 0 {
					continue
				}
				v = v.Items[0]
			}
			for _, t := range acrossTypes(v) {
				what := fmt.Sprintf("is %s: the %s value %s as %s", t.value.Compact(), keyword, v.Compact(), article(t.name))
				if c, ok := d.payloadCandidate(p.place, t.value, keyword+"-as-"+t.name, what); ok && !yield(c) {
					return
				}
			}
		}
	}
}

// acrossTypes are v in the other JSON types a loose comparison confuses it
// with, and an integer spelled with a zero fraction (equal by draft-07).
func acrossTypes(v model.Value) []struct {
	name  string
	value model.Value
} {
	type variant = struct {
		name  string
		value model.Value
	}
	var out []variant
	if v.Kind != model.String {
		out = append(out, variant{"string", model.StringValue(v.Compact())})
	}
	if v.Kind == model.Number && (v.Text == "1" || v.Text == "0") {
		out = append(out, variant{"boolean", model.BoolValue(v.Text == "1")})
	}
	if v.Kind != model.Null {
		out = append(out, variant{"null", model.NullValue()})
	}
	out = append(out, variant{"array", model.ArrayValue(v)})
	if v.IsInteger() {
		out = append(out, variant{"integral-float", model.NumberValue(v.Text + ".0")})
	}
	return out
}

// multipleOfOne: 1.0 at each place with a multipleOf.
func (d *deriver) multipleOfOne(yield func(candidate) bool) {
	for _, p := range d.payloadProperties() {
		if m, ok := p.schema.Get("multipleOf"); ok && m.Kind == model.Number {
			if c, ok := d.payloadCandidate(p.place, model.NumberValue("1.0"), "multiple-of-one", "is 1.0 against multipleOf "+m.Text); ok && !yield(c) {
				return
			}
		}
	}
}
