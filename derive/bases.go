package derive

import "github.com/babelqueue/bqgen/model"

// holder is the first document (by its index in the list asked about)
// holding a value at a place, and that value.
type holder struct {
	doc   int
	value model.Value
}

// firstHolders answers, for every place at once, which of docs (in their
// order) is the first to hold a value there that accept takes. Each
// document is read once, and only along the places asked about: a search
// per place read every case again, properties × cases. A place is a path
// of object keys; a key spelt twice counts at its first member, as
// model.Value.Get reads it.
func firstHolders(places []model.Pointer, docs []model.Value, accept func(model.Value) bool) map[string]holder {
	root := &placeTrie{}
	for _, p := range places {
		root.add(p)
	}
	out := map[string]holder{}
	for i, doc := range docs {
		root.walk(doc, i, accept, out)
	}
	return out
}

// placeTrie holds the places asked about, key by key.
type placeTrie struct {
	place    string // the place's pointer, when a place ends here
	wanted   bool
	children map[string]*placeTrie
}

func (t *placeTrie) add(p model.Pointer) {
	n := t
	for _, key := range p {
		if n.children == nil {
			n.children = map[string]*placeTrie{}
		}
		next, ok := n.children[key]
		if !ok {
			next = &placeTrie{}
			n.children[key] = next
		}
		n = next
	}
	n.wanted, n.place = true, p.String()
}

// walk records v as the holder of t's place when it is the first accepted
// one, and goes on into the members t has children for.
func (t *placeTrie) walk(v model.Value, doc int, accept func(model.Value) bool, out map[string]holder) {
	if t.wanted {
		if _, taken := out[t.place]; !taken && accept(v) {
			out[t.place] = holder{doc, v}
		}
	}
	if len(t.children) == 0 || v.Kind != model.Object {
		return
	}
	var seen map[string]bool
	for _, m := range v.Members {
		child := t.children[m.Key]
		if child == nil || seen[m.Key] {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[m.Key] = true
		child.walk(m.Value, doc, accept, out)
	}
}
