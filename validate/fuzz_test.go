package validate

import (
	"testing"

	"github.com/babelqueue/bqgen/model"
	"github.com/xeipuuv/gojsonschema"
)

// FuzzSchema: any schema text is refused with a located problem, or
// compiles and validates an envelope without leaving the document: no panic,
// no stack overflow, no file or network access (a reference that escapes is
// always a problem first).
func FuzzSchema(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"child":{"$ref":"#"}}}`,
		`{"$ref":"#"}`,
		`{"definitions":{"a":{"$ref":"#/definitions/b"},"b":{"$ref":"#/definitions/a"}},"$ref":"#/definitions/a"}`,
		`{"$ref":"file:///etc/passwd"}`,
		`{"$id":"http://127.0.0.1:9/","properties":{"x":{"$ref":"y.json"}}}`,
		`{"allOf":[{"$ref":"#/allOf/1"},{"$ref":"#/allOf/0"}]}`,
		`{"properties":{"$ref":{"type":"string"}},"const":{"$ref":"#"}}`,
		`{"items":[{"$ref":"#/items/0"}]}`,
		`{"$ref":"#/definitions/a~1b%25"}`,
		`{"allOf":[{"$ref":"#"}]}`,
		`{"$ref":"#/default","default":{"anyOf":[{"$ref":"#"}]}}`,
		`{"not":{"if":{"$ref":"#/not"}}}`,
	} {
		f.Add([]byte(seed))
	}
	instance := gojsonschema.NewStringLoader(`{"job":"urn:x","trace_id":"t","data":{"a":[1,{"b":null}]},"child":{"child":{}}}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := model.Parse(data)
		if err != nil {
			return
		}
		problems := refsProblems(v)
		for _, p := range problems {
			if _, ok := p.at.Resolve(v); !ok {
				t.Fatalf("problem at %s, which is not in the schema: %s", p.at, p.msg)
			}
		}
		if len(problems) > 0 {
			return
		}
		schema, err := compileSchema(v)
		if err != nil {
			return
		}
		_, _ = validateInstance(schema, instance)
	})
}
