package model

import (
	"fmt"
	"testing"
	"testing/fstest"
)

// expectationSuite is a one-case suite; fixture is the case's file's bytes.
func expectationSuite(t *testing.T, entry, fixture string) CaseExpectation {
	t.Helper()
	fsys := fstest.MapFS{
		"manifest.json":           {Data: []byte(`{"schema_version": 1, "roundtrip": {"cases": [` + entry + `]}}`)},
		"fixtures/a.json":         {Data: []byte(fixture)},
		"CONFORMANCE_VERSION":     {Data: []byte("1.0.0\n")},
		"schema/placeholder.json": {Data: []byte("{}")},
	}
	s, _ := Load(fsys)
	all := s.Expectations()
	if len(all) != 1 {
		t.Fatalf("%d expectations: %+v", len(all), all)
	}
	return all[0]
}

// A case's expectation is its entry without name and description, and
// the bytes of the files it names: a new description changes nothing, a
// new fixture or value does.
func TestExpectationDigest(t *testing.T) {
	const entry = `{"name": "a", "file": "fixtures/a.json", "description": "%s", "expect_attempts": %s, "expect_preserved": {}}`
	base := expectationSuite(t, fmt.Sprintf(entry, "one", "1"), `{"x": 1}`)
	if base.ID.String() != "roundtrip/a" || base.JSON != `{"file":"fixtures/a.json","expect_attempts":1,"expect_preserved":{}}` || len(base.Files) != 1 {
		t.Fatalf("%+v", base)
	}
	if other := expectationSuite(t, fmt.Sprintf(entry, "two", "1"), `{"x": 1}`); other.Digest() != base.Digest() {
		t.Error("a description changed the expectation")
	}
	if other := expectationSuite(t, fmt.Sprintf(entry, "one", "2"), `{"x": 1}`); other.Digest() == base.Digest() {
		t.Error("a changed value kept the expectation")
	}
	if other := expectationSuite(t, fmt.Sprintf(entry, "one", "1"), `{"x": 2}`); other.Digest() == base.Digest() {
		t.Error("a changed fixture kept the expectation")
	}
}
