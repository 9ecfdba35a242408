package derive

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// The payload rules every keyword of a typed property reaches: each other
// JSON type, a number that is not an integer, and the open default of an
// object without additionalProperties.

// payloadWrongType: each other JSON type at every payload property its
// schema types (integer's non-integral number is non-integral's).
func (d *deriver) payloadWrongType(yield func(candidate) bool) {
	for _, p := range d.payloadProperties() {
		own := types(p.schema)
		if own == nil {
			continue
		}
		base := d.payloadValueAt(p.place)
		for _, t := range otherTypes(own, base) {
			if t.name == "number" && slices.Contains(own, "integer") {
				continue // non-integral derives a number the bounds admit
			}
			what := fmt.Sprintf("is %s where the schema types %s", typed(t.name, t.value), strings.Join(own, " or "))
			if c, ok := d.payloadCandidate(p.place, t.value, "as-"+t.name, what); ok && !yield(c) {
				return
			}
		}
	}
}

// payloadValueAt is the value the first valid case holding place has
// there, or 1 when none does (a stand-in the string variant spells).
func (d *deriver) payloadValueAt(place model.Pointer) model.Value {
	held := d.firstValidPayload([]model.Pointer{place}, func(model.Value) bool { return true })
	if h, ok := held[place.String()]; ok {
		return h.value
	}
	return model.NumberValue("1")
}

// nonIntegral: a valid integer plus a half at each integer place (minus a
// half at the maximum), so only integrality decides the verdict.
func (d *deriver) nonIntegral(yield func(candidate) bool) {
	var places []model.Pointer
	for _, p := range d.payloadProperties() {
		if slices.Contains(types(p.schema), "integer") && !slices.Contains(types(p.schema), "number") {
			places = append(places, p.place)
		}
	}
	integers := d.firstValidPayload(places, model.Value.IsInteger)
	for _, place := range places {
		v, ok := integers[place.String()]
		if !ok {
			continue
		}
		half := halfPast(v.value, d.payloadSchemaAt(place))
		what := "is " + half.Text + ", a number with a fractional part where the schema types integer"
		if c, ok := d.payloadCandidate(place, half, "non-integral", what); ok && !yield(c) {
			return
		}
	}
}

// halfPast is n + 0.5, or n - 0.5 when that passes the schema's maximum.
func halfPast(n model.Value, schema model.Value) model.Value {
	r := new(big.Rat).Add(n.Rat(), big.NewRat(1, 2))
	for _, bound := range []string{"maximum", "exclusiveMaximum"} {
		if m, ok := schema.Get(bound); ok && m.Kind == model.Number && r.Cmp(m.Rat()) >= 0 {
			r.Sub(r, big.NewRat(1, 1))
		}
	}
	return model.NumberValue(r.FloatString(1))
}

// payloadSchemaAt is the schema of the payload property at place.
func (d *deriver) payloadSchemaAt(place model.Pointer) model.Value {
	for _, p := range d.payloadProperties() {
		if p.place.String() == place.String() {
			return p.schema
		}
	}
	return model.Value{}
}

// extraKeyName is the member an open object is given: a name no schema
// of the suite's is likely to declare.
const extraKeyName = "derived_extra"

// openObjects: an extra member in each payload object whose schema leaves
// additionalProperties out (draft-07's default admits any member).
func (d *deriver) openObjects(yield func(candidate) bool) {
	if d.s.PayloadSchema == nil {
		return
	}
	objects := append([]property{{schema: d.payloadSchema()}}, d.payloadProperties()...)
	for _, obj := range objects {
		if obj.schema.Has("additionalProperties") || !isObjectSchema(obj.schema) {
			continue
		}
		c, ok := d.extraMember(obj.place)
		if ok && !yield(c) {
			return
		}
	}
}

// isObjectSchema reports whether schema describes an object.
func isObjectSchema(schema model.Value) bool {
	return slices.Contains(types(schema), "object") || schema.Has("properties")
}

// extraMember is the first valid case holding an object at place, with an
// extra member added to it.
func (d *deriver) extraMember(place model.Pointer) (candidate, bool) {
	held := d.firstValidPayload([]model.Pointer{place}, func(v model.Value) bool { return v.Kind == model.Object })
	h, ok := held[place.String()]
	if !ok {
		return candidate{}, false
	}
	object := h.value
	object.Members = append(slices.Clone(object.Members), model.Member{Key: extraKeyName, Value: model.StringValue("extra")})
	base := d.validPayloadCases()[h.doc]
	name := placeName(place)
	if name == "" {
		name = "payload"
	}
	at := place.String()
	if at == "" {
		at = "the payload"
	}
	return candidate{block: blockPayload, place: append(append(model.Pointer{}, place...), extraKeyName), value: model.StringValue("extra"),
		baseDoc: base.Data, setPlace: place, setValue: object, base: base.Name, name: name + "-extra-key",
		what: at + " has a member its schema does not declare, which an absent additionalProperties admits"}, true
}
