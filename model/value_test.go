package model_test

import (
	"bytes"
	"encoding/json"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// identical is stricter than Equal: same kinds, same number text, same
// member order. It is what "nothing lost" means.
func identical(a, b model.Value) bool {
	if a.Kind != b.Kind || a.Bool != b.Bool || a.Text != b.Text || len(a.Items) != len(b.Items) || len(a.Members) != len(b.Members) {
		return false
	}
	for i := range a.Items {
		if !identical(a.Items[i], b.Items[i]) {
			return false
		}
	}
	for i := range a.Members {
		if a.Members[i].Key != b.Members[i].Key || !identical(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	return true
}

// sameAsStdlib compares a value with encoding/json's own reading (with
// UseNumber, which keeps number text): proof that no value changed.
func sameAsStdlib(t *testing.T, v model.Value, raw []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var std any
	if err := dec.Decode(&std); err != nil {
		t.Fatal(err)
	}
	var walk func(v model.Value, s any, at string)
	walk = func(v model.Value, s any, at string) {
		switch s := s.(type) {
		case nil:
			if v.Kind != model.Null {
				t.Errorf("%s: %v, want null", at, v.Kind)
			}
		case bool:
			if v.Kind != model.Bool || v.Bool != s {
				t.Errorf("%s: want bool %v", at, s)
			}
		case json.Number:
			if v.Kind != model.Number || v.Text != string(s) {
				t.Errorf("%s: number %q, want %q", at, v.Text, s)
			}
		case string:
			if v.Kind != model.String || v.Text != s {
				t.Errorf("%s: want string %q", at, s)
			}
		case []any:
			if v.Kind != model.Array || len(v.Items) != len(s) {
				t.Fatalf("%s: want array of %d", at, len(s))
			}
			for i := range s {
				walk(v.Items[i], s[i], at+"/"+string(rune('0'+i%10)))
			}
		case map[string]any:
			if v.Kind != model.Object || len(v.Members) != len(s) {
				t.Fatalf("%s: want object of %d", at, len(s))
			}
			for _, m := range v.Members {
				walk(m.Value, s[m.Key], at+"/"+m.Key)
			}
		}
	}
	walk(v, std, "")
}

func suiteJSONFiles(t *testing.T, fsys fs.FS) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			out[p], err = fs.ReadFile(fsys, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEveryFixtureRoundTrips(t *testing.T) {
	t.Parallel()
	suites := map[string]fs.FS{"canonical": conformance.FS}
	if dir := suitetest.UpstreamDir(); dir != "" {
		suites["upstream"] = os.DirFS(dir)
	}
	for name, fsys := range suites {
		for path, raw := range suiteJSONFiles(t, fsys) {
			v, err := model.Parse(raw)
			if err != nil {
				t.Fatalf("%s %s: %v", name, path, err)
			}
			sameAsStdlib(t, v, raw)
			again, err := model.Parse([]byte(v.Compact()))
			if err != nil || !identical(v, again) {
				t.Errorf("%s %s: value changed after Compact/Parse: %v", name, path, err)
			}
		}
	}
}

func TestValueDistinctions(t *testing.T) {
	t.Parallel()
	parse := func(s string) model.Value {
		v, err := model.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	different := [][2]string{{"true", "1"}, {"{}", "[]"}, {"null", "false"}, {`"1"`, "1"}, {`{"a":null}`, `{}`}, {"0", "false"}}
	for _, d := range different {
		if parse(d[0]).Equal(parse(d[1])) {
			t.Errorf("%s equals %s", d[0], d[1])
		}
	}
	same := [][2]string{{"1", "1.0"}, {"1.5e3", "1500"}, {`{"a":1,"b":2}`, `{"b":2,"a":1}`}}
	for _, s := range same {
		if !parse(s[0]).Equal(parse(s[1])) {
			t.Errorf("%s differs from %s", s[0], s[1])
		}
	}
	if got := parse(`{"n":1749132727000,"f":1.5e3,"z":{},"a":[]}`).Compact(); got != `{"n":1749132727000,"f":1.5e3,"z":{},"a":[]}` {
		t.Errorf("compact changed text: %s", got)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"{\n  \"a\": 1,,\n}", "2:"},
		{`{"a":1,"a":2}`, "/a: duplicate key"},
		{`{"a":1} x`, "1:"},
		{`{"a":`, "unexpected end"},
	} {
		_, err := model.Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func TestPointers(t *testing.T) {
	t.Parallel()
	doc, _ := model.Parse([]byte(`{"a/b":{"m~n":[10,20]},"":1}`))
	for _, c := range []struct {
		ptr  string
		want string
		ok   bool
	}{{"/a~1b/m~0n/1", "20", true}, {"/", "1", true}, {"/a~1b/m~0n/01", "", false}, {"/nope", "", false}, {"", `{"a/b":{"m~n":[10,20]},"":1}`, true}} {
		p, err := model.ParsePointer(c.ptr)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := p.Resolve(doc)
		if ok != c.ok || (ok && got.Compact() != c.want) {
			t.Errorf("%q: %v %s", c.ptr, ok, got.Compact())
		}
		if p.String() != c.ptr {
			t.Errorf("%q renders as %q", c.ptr, p.String())
		}
	}
	for _, bad := range []string{"a", "/~2", "/~"} {
		if _, err := model.ParsePointer(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Indented JSON parses back to the same value, one member per line.
func TestIndentedParsesBack(t *testing.T) {
	v, err := model.Parse([]byte(`{"a":[1,2.50,{}],"b":{"c":null,"d":[]},"e":"x\u2028"}`))
	if err != nil {
		t.Fatal(err)
	}
	text := v.Indented("  ")
	want := "{\n  \"a\": [\n    1,\n    2.50,\n    {}\n  ],\n  \"b\": {\n    \"c\": null,\n    \"d\": []\n  },\n  \"e\": \"x\\u2028\"\n}"
	if text != want {
		t.Fatalf("Indented =\n%s\nwant\n%s", text, want)
	}
	again, err := model.Parse([]byte(text))
	if err != nil || !identical(v, again) {
		t.Fatalf("Indented does not parse back: %v", err)
	}
}
