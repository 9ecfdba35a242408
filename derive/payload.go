package derive

import (
	"fmt"
	"slices"

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
// and its data.
func (d *deriver) payloadBase(parent model.Pointer) (string, model.Value, bool) {
	for _, c := range d.s.PayloadSchema.Cases {
		if v, ok := at(c.Data, parent); c.Valid && ok && v.Kind == model.Object {
			return c.Name, c.Data, true
		}
	}
	return "", model.Value{}, false
}

// payloadCandidate puts v at place in the first valid case that holds its
// parent.
func (d *deriver) payloadCandidate(place model.Pointer, v model.Value, name, what string) (candidate, bool) {
	base, data, ok := d.payloadBase(place[:len(place)-1])
	if !ok {
		return candidate{}, false
	}
	return candidate{block: blockPayload, place: place, value: v, doc: setAt(data, place, v),
		base: base, name: placeName(place) + "-" + name, what: place.String() + " " + what}, true
}

// integralFloats: a valid integer at each integer place, spelled N.0.
func (d *deriver) integralFloats() []candidate {
	var out []candidate
	for _, p := range d.payloadProperties() {
		if !slices.Contains(types(p.schema), "integer") {
			continue
		}
		for _, c := range d.s.PayloadSchema.Cases {
			v, ok := at(c.Data, p.place)
			if !c.Valid || !ok || !v.IsInteger() {
				continue
			}
			float := model.NumberValue(v.Text + ".0")
			if cand, ok := d.payloadCandidate(p.place, float, "integral-float", "is "+float.Text+", an integer written with a zero fraction"); ok {
				out = append(out, cand)
			}
			break
		}
	}
	return out
}

// requiredNulls: null at each required place whose type admits null. When
// no valid case holds the object, it is built from the null alone, if that
// is its only required property.
func (d *deriver) requiredNulls() []candidate {
	var out []candidate
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
			if c, ok := d.payloadCandidate(place, model.NullValue(), "required-null", what); ok {
				out = append(out, c)
			} else if c, ok := d.builtObject(obj.place, key, required); ok {
				c.name, c.what = placeName(place)+"-required-null", place.String()+" "+what
				out = append(out, c)
			}
		}
	}
	return out
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
func (d *deriver) constEnumTypes() []candidate {
	var out []candidate
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
				if c, ok := d.payloadCandidate(p.place, t.value, keyword+"-as-"+t.name, what); ok {
					out = append(out, c)
				}
			}
		}
	}
	return out
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
func (d *deriver) multipleOfOne() []candidate {
	var out []candidate
	for _, p := range d.payloadProperties() {
		if m, ok := p.schema.Get("multipleOf"); ok && m.Kind == model.Number {
			if c, ok := d.payloadCandidate(p.place, model.NumberValue("1.0"), "multiple-of-one", "is 1.0 against multipleOf "+m.Text); ok {
				out = append(out, c)
			}
		}
	}
	return out
}
