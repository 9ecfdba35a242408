package model

import (
	"bytes"
	"encoding/json"
	"strings"
)

// CaseFact is what a report shows of a case besides its status: what it
// checks, what the suite expects, and where the suite states it.
type CaseFact struct {
	// Description is the case's description (its sub-block's where it has
	// none), or, for an invalid case without one, "invalid: " and its reason.
	Description string
	// Expectation is the case's manifest entry as compact JSON without its
	// name and description: the expectation exactly as the suite states it.
	Expectation string
	// Fixture is the suite file the case reads (slash path), "" for none.
	Fixture string
	// Pointer is the entry's JSON pointer in manifest.json; Line the line
	// it starts on (1-based, 0 when unknown).
	Pointer string
	Line    int
}

// CaseFacts are every case's facts by case id (as CaseID.String spells it).
func (s *Suite) CaseFacts() map[string]CaseFact {
	out := map[string]CaseFact{}
	desc := s.CaseDescriptions()
	lines := manifestLines(s)
	for _, block := range s.Blocks() {
		for _, e := range s.caseEntries(block) {
			id := CaseID{Block: block, Name: e.name}.String()
			f := CaseFact{Description: desc[id], Fixture: e.fixture, Pointer: e.at.Pointer.String(), Line: lines[e.at.Pointer.String()]}
			if v, ok := e.at.Pointer.Resolve(s.Manifest); ok {
				f.Expectation = withoutKeys(v, "name", "description").Compact()
			}
			if f.Description == "" && e.invalid {
				f.Description = strings.TrimSpace("invalid: " + e.reason)
			}
			out[id] = f
		}
	}
	return out
}

// withoutKeys is an object without the named members (other values as
// they are).
func withoutKeys(v Value, keys ...string) Value {
	if v.Kind != Object {
		return v
	}
	out := Value{Kind: Object}
	for _, m := range v.Members {
		drop := false
		for _, k := range keys {
			drop = drop || m.Key == k
		}
		if !drop {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// manifestLines maps the JSON pointer of every object and array in
// manifest.json to the line it opens on, from the file's bytes.
func manifestLines(s *Suite) map[string]int {
	out := map[string]int{}
	f, ok := s.File(ManifestFile)
	if !ok {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(f.Raw))
	var walk func(p Pointer) bool
	// value reads one value at p; the token stream is the document's.
	walk = func(p Pointer) bool {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return true
		}
		out[p.String()] = 1 + bytes.Count(f.Raw[:start+int64(bytes.IndexByte(f.Raw[start:], byte(d)))], []byte("\n"))
		for i := 0; dec.More(); i++ {
			child := p.Index(i)
			if d == '{' {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				child = p.Child(key)
			}
			if !walk(child) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	walk(Pointer{})
	return out
}
