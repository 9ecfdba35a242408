package model

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/conformance"
)

// FuzzParse: any bytes either fail with a ParseError or give a Value whose
// compact text parses back to an identical Value; nothing panics, and the
// limits hold. Parse accepts exactly what encoding/json accepts, less the
// suite's own rules, and reads it the same.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{`{}`, `[]`, `{"a":[1,2.50,-0,1e400,"x\u00e9\ud83d\ude00",true,false,null]}`,
		`{"a":1,"a":2}`, "\xEF\xBB\xBF{}", `"\ud800"`, `{"k":"\xff"}`, strings.Repeat("[", 300), `[1,]`, `{"a" 1}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			pe, ok := err.(*ParseError)
			if !ok {
				t.Fatalf("Parse error of type %T: %v", err, err)
			}
			if json.Valid(data) && !isStricterThanJSON(pe.Msg) {
				t.Fatalf("encoding/json accepts %q, Parse says %v", data, err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("Parse accepts %q, which encoding/json rejects", data)
		}
		fromStd, errStd := decodeWithNumbers(data)
		fromParse, errParse := decodeWithNumbers([]byte(v.Compact()))
		if errStd != nil || errParse != nil || !reflect.DeepEqual(fromStd, fromParse) {
			t.Fatalf("Parse and encoding/json read %q differently:\n%#v\n%#v", data, fromStd, fromParse)
		}
		again, err := Parse([]byte(v.Compact()))
		if err != nil {
			t.Fatalf("Compact() of a parsed value does not parse: %v\n%s", err, v.Compact())
		}
		if !v.Equal(again) || again.Compact() != v.Compact() {
			t.Fatalf("value changed after Compact/Parse:\n%s\n%s", v.Compact(), again.Compact())
		}
	})
}

// FuzzLoadManifest: any manifest, with the canonical fixtures beside it,
// loads into a suite or into problems, each naming a file; nothing panics.
func FuzzLoadManifest(f *testing.F) {
	canonical, err := conformance.FS.Open(ManifestFile)
	if err != nil {
		f.Fatal(err)
	}
	canonical.Close()
	raw, _ := fs.ReadFile(conformance.FS, ManifestFile)
	f.Add(raw)
	f.Add([]byte(`{"schema_version":1,"cases":[{"name":"x","file":"../etc/passwd","valid":true}]}`))
	f.Add([]byte(`{"schema_version":1,"sqs":{"attempts_reconciliation":{"cases":[{"name":"a","body_attempts":1e999}]}}}`))
	fixtures := fstest.MapFS{}
	for _, name := range []string{"fixtures/order-created.json", "fixtures/urn-alias.json"} {
		data, err := fs.ReadFile(conformance.FS, name)
		if err != nil {
			f.Fatal(err)
		}
		fixtures[name] = &fstest.MapFile{Data: data}
	}
	f.Fuzz(func(t *testing.T, manifest []byte) {
		fsys := fstest.MapFS{ManifestFile: {Data: manifest}, VersionFile: {Data: []byte("1.0.0\n")}}
		for k, v := range fixtures {
			fsys[k] = v
		}
		_, problems := Load(fsys)
		for _, p := range problems {
			if p.File == "" {
				t.Fatalf("a problem names no file: %+v", p)
			}
		}
	})
}

// isStricterThanJSON reports whether a parse error is one of the rules a
// suite adds to JSON: encoding/json accepts such text.
func isStricterThanJSON(msg string) bool {
	for _, rule := range []string{"duplicate key", "nest deeper", "unpaired UTF-16 surrogate", "the limit is",
		"byte order mark", "invalid UTF-8"} {
		if strings.Contains(msg, rule) {
			return true
		}
	}
	return false
}

// decodeWithNumbers is encoding/json's reading of data, numbers kept as text.
func decodeWithNumbers(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
