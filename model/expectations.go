package model

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
)

// CaseExpectation is what one case asks of an SDK, as a suite review sees
// it: the case's manifest entry without the words that change no test
// (name, description), and the suite files it names. Two revisions of a
// case whose expectations differ test something different.
type CaseExpectation struct {
	ID CaseID
	// JSON is the manifest entry, compact, its name and description left
	// out.
	JSON string
	// Files are the suite files the entry names (fixtures), by path, each
	// with the SHA-256 of its bytes: a changed fixture changes the test.
	Files map[string]string
}

// Digest is a short fingerprint of the expectation, the same in every
// language: the test index records it, so a report history can tell a case
// whose expectation changed from one that kept it.
func (e CaseExpectation) Digest() string {
	h := sha256.New()
	h.Write([]byte(e.JSON))
	paths := make([]string, 0, len(e.Files))
	for p := range e.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		h.Write([]byte("\x00" + p + "\x00" + e.Files[p]))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Expectations lists the expectation of every case the suite carries, in
// CaseIDs order.
func (s *Suite) Expectations() []CaseExpectation {
	doc := NewResolver(s.Manifest)
	files := map[string]string{}
	for _, f := range s.Files {
		sum := sha256.Sum256(f.Raw)
		files[f.Path] = hex.EncodeToString(sum[:])
	}
	var out []CaseExpectation
	for _, block := range s.Blocks() {
		for _, e := range s.caseEntries(block) {
			out = append(out, expectation(doc, files, CaseID{Block: block, Name: e.name}, e.at))
		}
	}
	return out
}

// expectation reads one case's entry from the manifest.
func expectation(doc *Resolver, files map[string]string, id CaseID, at Location) CaseExpectation {
	ce := CaseExpectation{ID: id, Files: map[string]string{}}
	v, ok := doc.Resolve(at.Pointer)
	if !ok {
		return ce
	}
	v = withoutWords(v)
	ce.JSON = v.Compact()
	namedFiles(v, files, ce.Files)
	return ce
}

// withoutWords drops an object's name and description, which label a
// case without changing what it tests.
func withoutWords(v Value) Value {
	if v.Kind != Object {
		return v
	}
	out := Value{Kind: Object}
	for _, m := range v.Members {
		if m.Key != "name" && m.Key != "description" {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// namedFiles adds to named the digest (from suite, by path) of every suite
// file a string of v names.
func namedFiles(v Value, suite, named map[string]string) {
	switch v.Kind {
	case String:
		if sum, ok := suite[v.Text]; ok {
			named[v.Text] = sum
		}
	case Object:
		for _, m := range v.Members {
			namedFiles(m.Value, suite, named)
		}
	case Array:
		for _, item := range v.Items {
			namedFiles(item, suite, named)
		}
	}
}
