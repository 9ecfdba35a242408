package derive

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/model"
)

// manyPayloadCases is a payload_schema block of a fixed schema and n
// valid cases, each holding the schema's integer properties: every
// property's base is searched across them (the first holds none).
func manyPayloadCases(n int) *model.Suite {
	var cases strings.Builder
	for i := range n {
		fmt.Fprintf(&cases, `,{"name":"c%d","valid":%v,"data":{"p%d":2,"q":"%s"}}`, i, i%2 == 0, i%8, strings.Repeat("s", i%64))
	}
	var props strings.Builder
	for i := range 8 {
		fmt.Fprintf(&props, `,"p%d":{"type":"integer","enum":[1,2,3]}`, i)
	}
	manifest := `{"schema_version":1,"payload_schema":{"schema":{"type":"object","properties":{"q":{"type":"string"}` + props.String() +
		`}},"cases":[{"name":"base","valid":true,"data":{"q":"x"}}` + cases.String() + `]}}`
	return load(manifest, nil)
}

// unheldEnvelopeSuite is n envelope cases, over 64 fixtures, and an
// envelope schema of n integer properties none of them holds: a
// base is searched for each, and none found.
func unheldEnvelopeSuite(n int) *model.Suite {
	var props, cases strings.Builder
	files := map[string]string{}
	for i := range n {
		fmt.Fprintf(&props, `,"x%d":{"type":"integer"}`, i)
		if i > 0 {
			cases.WriteByte(',')
		}
		file := fmt.Sprintf("fixtures/f%d.json", i%64)
		fmt.Fprintf(&cases, `{"name":"c%d","file":%q,"valid":true,"expect":{"urn":"u","attempts":0,"lang":"go","schema_version":1,"data":{}}}`, i, file)
		files[file] = fmt.Sprintf(`{"job":"u","attempts":0,"data":{},"meta":{"schema_version":1,"lang":"go","n":%d}}`, i)
	}
	files[EnvelopeSchemaFile] = `{"type":"object","properties":{"job":{"type":"string"}` + props.String() + `}}`
	return load(`{"schema_version":1,"cases":[`+cases.String()+`]}`, files)
}

func load(manifest string, files map[string]string) *model.Suite {
	fsys := fstest.MapFS{model.ManifestFile: {Data: []byte(manifest)}, model.VersionFile: {Data: []byte("1.0.0")}}
	for p, data := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(data)}
	}
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		panic(fmt.Sprintf("the generated suite: %v", errs[0]))
	}
	return s
}

// TestComplexityDerive holds derive to n log n on the shapes whose output
// grows with the input, not with a product of it. A rule's case copies its
// base document, and is validated against its schema: properties × a
// base's size is the output, and properties × the schema's size the work,
// both bounded by the suite's limits as the cases are made (the copies by
// TestDeriveStopsAtTheSuitesLimits; the validations as every suite's are,
// each case's schema counting in what the tests read).
func TestComplexityDerive(t *testing.T) {
	complexitytest.Skip(t)
	run := func(s *model.Suite) {
		if _, err := Derive(s); err != nil {
			t.Fatal(err)
		}
	}
	complexitytest.Linear(t, "derive (many payload cases, their properties' bases searched)", 64, manyPayloadCases, run)
	complexitytest.Linear(t, "derive (envelope properties no case holds, many cases)", 64, unheldEnvelopeSuite, run)
}
