package validate

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// hasError reports whether an error names file and holds every part.
func hasError(problems model.Problems, file string, parts ...string) bool {
	for _, p := range problems.Errors() {
		ok := p.File == file
		for _, part := range parts {
			ok = ok && strings.Contains(p.Message, part)
		}
		if ok {
			return true
		}
	}
	return false
}

// Attacks 4 and 8: validate said these suites were valid; generate then
// vendored a test runner's file into each SDK, or failed with "internal
// error". Now validate (and so generate, which validates first) refuses
// each, naming the file and why.
func TestValidateRefusesSuiteFilesNoSDKMayVendor(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		files      []string
		file, want string
	}{
		"pytest module":  {[]string{"fixtures/test_evil.py"}, "fixtures/test_evil.py", "not JSON by name"},
		"C# source":      {[]string{"schema/Evil.cs"}, "schema/Evil.cs", "not JSON by name"},
		"case collision": {[]string{"fixtures/A.json", "fixtures/a.json"}, "fixtures/a.json", "differ only in case"},
		"backslash":      {[]string{`fixtures/a\b.json`}, `fixtures/a\b.json`, "backslash"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fsys := suitetest.CanonicalMap(t)
			for _, f := range c.files {
				fsys[f] = &fstest.MapFile{Data: []byte(`{"job":"urn:x"}`)}
			}
			if _, problems := Suite(fsys); !hasError(problems, c.file, c.want) {
				t.Errorf("no error names %s with %q:\n%v", c.file, c.want, problems.Errors())
			}
		})
	}
}

// Attack 6: each 1e999999 in payload data cost validate about 60 ms of
// exact arithmetic, so a 16 MiB suite of them would take days. Such a
// number is refused where it stands, at once.
func TestValidateRefusesHugeNumbersAtOnce(t *testing.T) {
	t.Parallel()
	fsys := suitetest.CanonicalMap(t)
	numbers := strings.Repeat("1e999999, ", 200)
	fsys[model.ManifestFile].Data = []byte(strings.Replace(string(fsys[model.ManifestFile].Data),
		`"data": { "order_id": 1042 } },`, `"data": { "order_id": 1042, "n": [`+numbers+`1] } },`, 1))
	start := time.Now()
	_, problems := Suite(fsys)
	if !hasError(problems, model.ManifestFile, "1e999999", "the limit is an exponent of ±400") {
		t.Errorf("the number is not refused:\n%v", problems.Errors())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("validate took %v", d)
	}
}

// withinSeconds runs f, failing the test if it has not returned after
// limit seconds (f keeps running: the shapes it checks never ended).
func withinSeconds(t *testing.T, limit int, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Duration(limit) * time.Second):
		t.Fatalf("still running after %d s", limit)
	}
}

// payloadSuite is a suite whose only block is a payload schema with one case.
func payloadSuite(t *testing.T, schema, data string) fstest.MapFS {
	fsys := suitetest.CanonicalMap(t)
	fsys[model.ManifestFile].Data = []byte(`{"schema_version":1,"payload_schema":{"schema":` + schema + `,"cases":[{"name":"c","valid":true,"data":` + data + `}]}}`)
	return fsys
}

// Attack 6: n definitions, each applying the next twice through allOf,
// apply a schema 2^n times to one value: a 2 KB schema kept validate busy
// for ever. Such a schema is refused before any value is checked.
func TestValidateRefusesSchemasAppliedExponentially(t *testing.T) {
	t.Parallel()
	var defs []string
	for i := 0; i < 40; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"allOf":[{"$ref":"#/definitions/d%d"},{"$ref":"#/definitions/d%d"}]}`, i, i+1, i+1))
	}
	schema := `{"definitions":{` + strings.Join(defs, ",") + `,"d40":{"type":"object"}},"$ref":"#/definitions/d0"}`
	withinSeconds(t, 60, func() {
		_, problems := Suite(payloadSuite(t, schema, `{}`))
		if !hasError(problems, model.ManifestFile, "applies more than 1000 schemas in place") {
			t.Errorf("the schema is not refused:\n%v", problems.Errors())
		}
	})
}

// Attack 6: an enum of 60,000 values over an array of 60,000 items (a
// 1 MiB suite) took gojsonschema three minutes; 16 MiB would take days.
// The work a schema's checks would take is bounded, at the schema.
func TestValidateBoundsTheWorkOfASchema(t *testing.T) {
	t.Parallel()
	const n = 60000
	enum := make([]string, n)
	for i := range enum {
		enum[i] = fmt.Sprintf(`"v%05d"`, i)
	}
	data := "[" + strings.TrimSuffix(strings.Repeat(`"v59999",`, n), ",") + "]"
	schema := `{"type":"array","items":{"enum":[` + strings.Join(enum, ",") + `]}}`
	withinSeconds(t, 60, func() {
		_, problems := Suite(payloadSuite(t, schema, data))
		if !hasError(problems, model.ManifestFile, "against this schema would take more than") {
			t.Errorf("the schema's work is not bounded:\n%v", problems.Errors())
		}
	})
}

// Issue 27: a 726-byte pattern compiling to about 140,000 instructions,
// over a 20 KB string, stalled validate (and generate and oracle serve) for
// minutes: Go's regexp costs the program's size times the text. The
// pattern is refused, named, at its place in the schema; and a pattern
// under that limit matched over too much text is refused as the schema's
// work.
func TestValidateRefusesPatternBombs(t *testing.T) {
	t.Parallel()
	long := `"` + strings.Repeat("a", 20<<10) + `"`
	bomb := strings.Repeat(`\\w{1,1000}`, 72) + "xxxxxx"
	t.Run("program size", func(t *testing.T) {
		withinSeconds(t, 30, func() {
			_, problems := Suite(payloadSuite(t, `{"type":"string","pattern":"`+bomb+`"}`, long))
			for _, p := range problems.Errors() {
				if p.File == model.ManifestFile && p.Pointer == "/payload_schema/schema/pattern" &&
					strings.Contains(p.Message, "over the limit of 10000") && strings.Contains(p.Message, `"\\w{1,1000}`) {
					return
				}
			}
			t.Errorf("the pattern is not refused at its place:\n%v", problems.Errors())
		})
	})
	t.Run("pattern properties", func(t *testing.T) {
		withinSeconds(t, 30, func() {
			_, problems := Suite(payloadSuite(t, `{"patternProperties":{"`+bomb+`":{}}}`, `{}`))
			if !hasError(problems, model.ManifestFile, "over the limit of 10000") {
				t.Errorf("the pattern is not refused:\n%v", problems.Errors())
			}
		})
	})
	t.Run("work", func(t *testing.T) {
		data := "[" + strings.TrimSuffix(strings.Repeat(long+",", 100), ",") + "]"
		withinSeconds(t, 30, func() {
			_, problems := Suite(payloadSuite(t, `{"type":"array","items":{"type":"string","pattern":"\\w{1,1000}x"}}`, data))
			if !hasError(problems, model.ManifestFile, "against this schema would take more than") {
				t.Errorf("the pattern's work is not bounded:\n%v", problems.Errors())
			}
		})
	})
}
