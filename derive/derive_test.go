package derive

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/validate"
)

func isDerived(name string) bool { return strings.HasPrefix(name, "derived-") }

// withoutDerived is s as it was before derivation: its derived cases and
// their fixtures left out (they are the last cases of their blocks).
func withoutDerived(s *model.Suite) *model.Suite {
	out := *s
	out.Cases = slices.DeleteFunc(slices.Clone(s.Cases), func(c model.EnvelopeCase) bool { return isDerived(c.Name) })
	p := *s.PayloadSchema
	p.Cases = slices.DeleteFunc(slices.Clone(p.Cases), func(c model.PayloadCase) bool { return isDerived(c.Name) })
	out.PayloadSchema = &p
	out.Files = slices.DeleteFunc(slices.Clone(s.Files), func(f model.SuiteFile) bool {
		return strings.HasPrefix(f.Path, "fixtures/derived-")
	})
	return &out
}

// committedEntries are the manifest entries of the derived cases s carries,
// by block and name.
func committedEntries(s *model.Suite) map[string]model.Value {
	out := map[string]model.Value{}
	add := func(block string, list model.Value) {
		for _, e := range list.Items {
			if name, _ := e.Get("name"); isDerived(name.Text) {
				out[block+" "+name.Text] = e
			}
		}
	}
	cases, _ := s.Manifest.Get(blockCases)
	add(blockCases, cases)
	payload, _ := s.Manifest.Get(blockPayload)
	payloadCases, _ := payload.Get("cases")
	add(blockPayload, payloadCases)
	return out
}

// TestEmbeddedSuiteCarriesItsDerivedCases keeps conformance/ equal to
// derive's output: the suite without its derived cases derives exactly the
// ones it carries (entries and fixture bytes), and the whole suite derives
// nothing more. After changing a rule or the suite, regenerate with
// `bqgen derive --out DIR` over the suite without its derived cases.
func TestEmbeddedSuiteCarriesItsDerivedCases(t *testing.T) {
	s := suitetest.Canonical(t)
	more, err := Derive(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range more {
		t.Errorf("the embedded suite lacks derived case %s %s (run bqgen derive and commit)", c.Block, c.Name)
	}
	derived, err := Derive(withoutDerived(s))
	if err != nil {
		t.Fatal(err)
	}
	committed := committedEntries(s)
	for _, c := range derived {
		entry, ok := committed[c.Block+" "+c.Name]
		delete(committed, c.Block+" "+c.Name)
		switch {
		case !ok:
			t.Errorf("%s %s: derived but not in the embedded suite", c.Block, c.Name)
		case entry.Compact() != c.Entry.Compact():
			t.Errorf("%s %s: stale entry:\n got %s\nwant %s", c.Block, c.Name, entry.Compact(), c.Entry.Compact())
		}
		if c.FixturePath != "" {
			if f, ok := s.File(c.FixturePath); !ok || !bytes.Equal(f.Raw, c.Fixture) {
				t.Errorf("%s: fixture missing or stale", c.FixturePath)
			}
		}
	}
	for k := range committed {
		t.Errorf("%s: in the embedded suite but no rule derives it", k)
	}
	if len(derived) == 0 {
		t.Fatal("no case derived: the test proves nothing")
	}
}

// TestDeriveIsDeterministic: two runs write byte-identical suites.
func TestDeriveIsDeterministic(t *testing.T) {
	s := withoutDerived(suitetest.Canonical(t))
	dirs := []string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")}
	for _, dir := range dirs {
		cases, err := Derive(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := Write(dir, s, cases); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range s.Files {
		a, errA := os.ReadFile(filepath.Join(dirs[0], f.Path))
		b, errB := os.ReadFile(filepath.Join(dirs[1], f.Path))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs (%v, %v)", f.Path, errA, errB)
		}
	}
}

// TestManifestKeepsEveryOtherByte: appending cases changes nothing before
// them, and appending none changes nothing at all.
func TestManifestKeepsEveryOtherByte(t *testing.T) {
	raw := []byte("{\n  \"cases\": [\n    {\"name\": \"a\"}\n  ],\n  \"payload_schema\": {\"cases\": []}\n}\n")
	same, err := Manifest(raw, nil)
	if err != nil || !bytes.Equal(same, raw) {
		t.Fatalf("no cases: got %q, %v", same, err)
	}
	entry := model.ObjectValue(model.Member{Key: "name", Value: model.StringValue("derived-x")})
	out, err := Manifest(raw, []Case{{Block: blockCases, Entry: entry}, {Block: blockPayload, Entry: entry}})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"cases\": [\n    {\"name\": \"a\"},\n    {\n      \"name\": \"derived-x\"\n    }\n  ],\n" +
		"  \"payload_schema\": {\"cases\": [\n    {\n      \"name\": \"derived-x\"\n    }\n  ]}\n}\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestWriteRefusesANonEmptyDirectory: derive never writes over files.
func TestWriteRefusesANonEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, suitetest.Canonical(t), nil); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("got %v, want a not-empty error", err)
	}
}

// TestDisagreementIsAnError: where the schema and the oracle give a derived
// case different verdicts and no reading explains it, Derive fails naming
// the rule and the case. Here the schema bounds schema_version below only,
// so 2^31 is a valid version to it, and the oracle supports only 1.
func TestDisagreementIsAnError(t *testing.T) {
	s := *suitetest.Canonical(t)
	s.Files = slices.Clone(s.Files)
	for i, f := range s.Files {
		if f.Path != EnvelopeSchemaFile {
			continue
		}
		raw := bytes.Replace(f.Raw, []byte(`"const": 1,`), []byte(`"minimum": 1,`), 1)
		v, err := model.Parse(raw)
		if err != nil || bytes.Equal(raw, f.Raw) {
			t.Fatalf("schema edit failed: %v", err)
		}
		s.Files[i] = model.SuiteFile{Path: f.Path, Raw: raw, JSON: &v}
	}
	_, err := Derive(&s)
	if err == nil {
		t.Fatal("Derive accepted a schema the oracle disagrees with")
	}
	for _, want := range []string{"rule integer-width", "derived-meta-schema-version-2pow31", "the schema says valid, the oracle says invalid"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %q:\n%v", want, err)
		}
	}
}

// TestRulesAreExplainedAndDocumented: each rule has a unique name, an
// explanation, and a row in conformance/README.md.
func TestRulesAreExplainedAndDocumented(t *testing.T) {
	readme, err := os.ReadFile("../conformance/README.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Name] || r.Explanation == "" || r.derive == nil {
			t.Errorf("rule %q: duplicate, unexplained or without a function", r.Name)
		}
		seen[r.Name] = true
		if !bytes.Contains(readme, []byte("`"+r.Name+"`")) {
			t.Errorf("rule %s is not in conformance/README.md", r.Name)
		}
	}
}

// TestDerivedCasesKillTheirMutants: each mutant of a derived family fails
// exactly these cases of the embedded suite, all derived: removing the
// family would let the bug through, and no older case catches it.
func TestDerivedCasesKillTheirMutants(t *testing.T) {
	s := suitetest.Canonical(t)
	types := func(place string, names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, "cases derived-"+place+"-as-"+n)
		}
		return out
	}
	payload := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, "payload_schema derived-"+n)
		}
		return out
	}
	want := map[oracle.Fault][]string{
		"attempts-boolean-as-integer":         types("attempts", "boolean"),
		"attempts-non-number-zero":            types("attempts", "object", "array", "string", "boolean", "null"),
		"attempts-int32-truncated":            {"cases derived-attempts-2pow31", "cases derived-attempts-2pow32", "cases derived-attempts-2pow53-minus-1"},
		"attempts-int32-next-overflows":       {"cases derived-attempts-2pow31-minus-1", "cases derived-attempts-2pow31", "cases derived-attempts-2pow32", "cases derived-attempts-2pow53-minus-1"},
		"schema-version-loose-equality":       types("meta-schema-version", "string", "boolean"),
		"schema-version-non-number-defaulted": types("meta-schema-version", "object", "array", "string", "boolean", "null"),
		"schema-version-truncated":            types("meta-schema-version", "number"),
		"trace-id-untyped":                    types("trace-id", "object", "array", "number", "integer", "boolean", "null"),
		"meta-non-object-unchecked":           types("meta", "array", "string", "number", "integer", "boolean", "null"),
		"identity-empty-accepted":             {"cases derived-job-empty", "cases derived-job-whitespace", "cases derived-urn-empty", "cases derived-urn-whitespace"},
		"payload-integral-float-not-integer": payload("order-id-integral-float", "quantity-integral-float", "discount-integral-float",
			"customer-id-integral-float", "customer-visits-integral-float", "customer-share-integral-float"),
		"payload-required-null-missing":        payload("shipping-instructions-required-null"),
		"payload-const-enum-float-distinct":    payload("priority-enum-as-integral-float", "version-const-as-integral-float", "customer-tier-enum-as-integral-float", "customer-version-const-as-integral-float"),
		"payload-const-enum-boolean-as-number": payload("priority-enum-as-boolean", "version-const-as-boolean", "customer-tier-enum-as-boolean", "customer-version-const-as-boolean"),
		"payload-const-enum-null-skipped": payload("currency-enum-as-null", "priority-enum-as-null", "version-const-as-null",
			"customer-tier-enum-as-null", "customer-version-const-as-null"),
		"payload-const-enum-array-unwrapped": payload("currency-enum-as-array", "priority-enum-as-array", "version-const-as-array",
			"customer-tier-enum-as-array", "customer-version-const-as-array"),
		"payload-number-accepts-boolean": payload("amount-as-boolean"),
		"payload-integer-accepts-fraction": payload("order-id-non-integral", "quantity-non-integral", "discount-non-integral",
			"customer-id-non-integral", "customer-visits-non-integral", "customer-share-non-integral"),
		"payload-closed-by-default": payload("metadata-extra-key"),
	}
	for fault, cases := range want {
		o, err := oracle.New(fault)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := validate.Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ds {
			got = append(got, d.Block+" "+d.Case)
		}
		slices.Sort(got)
		slices.Sort(cases)
		if !slices.Equal(got, cases) {
			t.Errorf("mutant %s fails\n %q\nwant exactly\n %q", fault, got, cases)
		}
	}
}
