package backend

import "github.com/babelqueue/bqgen/model"

// The views every backend builds alike from the producer block and the
// foreign-lang projections (suite 1.6.0).

// Projections yields a broker block's projection and its foreign-lang twin,
// each when present, with its case id (the sub-block's key).
func Projections[P any](sub string, own, foreign *P) func(yield func(string, *P) bool) {
	return func(yield func(string, *P) bool) {
		if own != nil && !yield(sub, own) {
			return
		}
		if foreign != nil {
			yield(sub+model.ForeignLangSuffix, foreign)
		}
	}
}

// PointerList is pointers as a JSON array of their strings.
func PointerList(ps []model.Pointer) model.Value {
	list := model.ArrayValue()
	for _, p := range ps {
		list.Items = append(list.Items, model.StringValue(p.String()))
	}
	return list
}

// The clauses of a producer case's expect but fresh_ids, by their manifest
// names; a backend may spell them in its own style (ClausesValue).
const (
	ClauseTypes     = "types"
	ClauseEqual     = "equal"
	ClauseOwnLang   = "own_lang"
	ClauseNowMillis = "now_millis"
	ClauseAbsent    = "absent"
)

// ClausesValue is every clause of x but fresh_ids (which compare the
// envelopes made, not one) as one JSON object a support library reads:
// types (pointer to type name), equal (pointer to value), and the pointer
// lists. A clause the case lacks is left out; key spells each clause's
// name in the backend's style.
func ClausesValue(x model.ProducerExpect, key func(clause string) string) model.Value {
	out := model.ObjectValue()
	add := func(clause string, v model.Value) {
		out.Members = append(out.Members, model.Member{Key: key(clause), Value: v})
	}
	if len(x.Types) > 0 {
		types := model.ObjectValue()
		for _, t := range x.Types {
			types.Members = append(types.Members, model.Member{Key: t.Pointer.String(), Value: model.StringValue(t.Type)})
		}
		add(ClauseTypes, types)
	}
	if len(x.Equal) > 0 {
		equal := model.ObjectValue()
		for _, e := range x.Equal {
			equal.Members = append(equal.Members, model.Member{Key: e.Pointer.String(), Value: e.Value})
		}
		add(ClauseEqual, equal)
	}
	for _, clause := range []struct {
		name string
		ps   []model.Pointer
	}{{ClauseOwnLang, x.OwnLang}, {ClauseNowMillis, x.NowMillis}, {ClauseAbsent, x.Absent}} {
		if len(clause.ps) > 0 {
			add(clause.name, PointerList(clause.ps))
		}
	}
	return out
}

// EachProjection calls add for each of Projections, stopping at its first
// error.
func EachProjection[P any](sub string, own, foreign *P, add func(sub string, p *P) error) error {
	for name, p := range Projections(sub, own, foreign) {
		if err := add(name, p); err != nil {
			return err
		}
	}
	return nil
}
