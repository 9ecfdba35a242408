package python

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// These tests run the real interpreter on generated code: a literal is only
// right if Python reads back exactly the value it was built from. They skip
// when python3 is absent.

// canonPython prints a value with its Python type: it tells True from 1, 1
// from 1.0, {} from [], and keeps dict order, so two values print the same
// only if they are the same Python value.
const canonPython = `
import struct
def canon(v):
    if v is None: return "null"
    if v is True: return "true"
    if v is False: return "false"
    if type(v) is int: return "int:%d" % v
    if type(v) is float: return "float:" + struct.pack(">d", v).hex()
    if type(v) is str: return "str:" + v.encode("utf-8").hex()
    if type(v) is list: return "[" + ",".join(canon(x) for x in v) + "]"
    if type(v) is dict: return "{" + ",".join(canon(k) + ":" + canon(x) for k, x in v.items()) + "}"
    raise TypeError(type(v))
`

// canonGo is canonPython's output for the Python value pyValue(v) must be.
func canonGo(t *testing.T, v model.Value) string {
	t.Helper()
	switch v.Kind {
	case model.Null:
		return "null"
	case model.Bool:
		return strconv.FormatBool(v.Bool)
	case model.String:
		return "str:" + hex.EncodeToString([]byte(v.Text))
	case model.Number:
		return canonNumber(t, v)
	case model.Array:
		parts := make([]string, len(v.Items))
		for i, item := range v.Items {
			parts[i] = canonGo(t, item)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	parts := make([]string, len(v.Members))
	for i, m := range v.Members {
		parts[i] = canonGo(t, model.StringValue(m.Key)) + ":" + canonGo(t, m.Value)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func canonNumber(t *testing.T, v model.Value) string {
	if v.IsInteger() {
		n, ok := new(big.Int).SetString(v.Text, 10)
		if !ok {
			t.Fatalf("bad integer %q", v.Text)
		}
		return "int:" + n.String()
	}
	f, err := strconv.ParseFloat(v.Text, 64)
	if err != nil {
		t.Fatalf("bad float %q: %v", v.Text, err)
	}
	return fmt.Sprintf("float:%016x", math.Float64bits(f))
}

func TestPyStringRoundTripsInPython(t *testing.T) {
	var program strings.Builder
	program.WriteString("values = [\n")
	for _, s := range adversarialStrings {
		program.WriteString("    " + pyString(s) + ",\n")
	}
	// Each line is prefixed so that the empty string prints a non-empty line.
	program.WriteString("]\nfor v in values:\n    print('=' + v.encode('utf-8').hex())\n")
	got := strings.Split(strings.TrimSuffix(runPython(t, t.TempDir(), program.String()), "\n"), "\n")
	if len(got) != len(adversarialStrings) {
		t.Fatalf("python printed %d values, want %d", len(got), len(adversarialStrings))
	}
	for i, s := range adversarialStrings {
		if got[i] != "="+hex.EncodeToString([]byte(s)) {
			t.Errorf("%q does not round-trip through %s: got %s", s, pyString(s), got[i])
		}
	}
}

func TestPyValueRoundTripsInPython(t *testing.T) {
	values := []model.Value{edgeValues(t)}
	for _, s := range adversarialStrings {
		values = append(values, model.ObjectValue(model.Member{Key: s, Value: model.StringValue(s)}))
	}
	var program strings.Builder
	program.WriteString(canonPython + "values = [\n")
	for _, v := range values {
		lit, err := pyBlock(v)
		if err != nil {
			t.Fatal(err)
		}
		program.WriteString("    " + hang(4, lit) + ",\n")
	}
	program.WriteString("]\nfor v in values:\n    print(canon(v))\n")
	got := strings.Split(strings.TrimSuffix(runPython(t, t.TempDir(), program.String()), "\n"), "\n")
	if len(got) != len(values) {
		t.Fatalf("python printed %d values, want %d", len(got), len(values))
	}
	for i, v := range values {
		if want := canonGo(t, v); got[i] != want {
			lit, _ := pyValue(v)
			t.Errorf("%s reads back as\n%s\nwant\n%s", lit, got[i], want)
		}
	}
}

// edgeValues is the data of the canonical suite's edge-values case plus the
// numbers a literal encoder gets wrong: huge integers, exponents, -0.
func edgeValues(t *testing.T) model.Value {
	t.Helper()
	s := canonicalSuite(t)
	v := model.ObjectValue()
	for _, c := range s.Cases {
		if c.Expect != nil {
			v.Members = append(v.Members, model.Member{Key: c.Name, Value: c.Expect.Data})
		}
	}
	for _, n := range []string{"123456789012345678901234567890", "-0", "-0.0", "1.5e3", "1E+2", "2.5e-3", "0.1", "1.0", "9007199254740993"} {
		v.Members = append(v.Members, model.Member{Key: "n" + n, Value: model.NumberValue(n)})
	}
	return v
}

// TestGeneratedModulesRoundTripInPython generates from a suite whose names,
// descriptions and data are adversarial, imports the generated modules, and
// runs every test against a stand-in subject that records what it was given:
// the docstrings must be the raw names and the data must be the suite's.
func TestGeneratedModulesRoundTripInPython(t *testing.T) {
	s := adversarialSuite(t)
	dir := t.TempDir()
	writeFiles(t, dir, generate(t, s, backend.BindOracle))
	out := runPython(t, dir+"/"+TestDir, canonPython+recordingRun)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2*len(s.PayloadSchema.Cases)+1 {
		t.Fatalf("python printed %d lines, want %d:\n%s", len(lines), 2*len(s.PayloadSchema.Cases)+1, out)
	}
	if lines[0] != "ok" {
		t.Fatalf("the generated tests did not all pass against the recorder: %s", lines[0])
	}
	for i, c := range s.PayloadSchema.Cases {
		doc, data := lines[1+2*i], lines[2+2*i]
		if want := "str:" + hex.EncodeToString([]byte(c.Name)); doc != want {
			t.Errorf("case %q: docstring reads back as %s", c.Name, doc)
		}
		if want := canonGo(t, c.Data); data != want {
			t.Errorf("case %q: data reads back as %s, want %s", c.Name, data, want)
		}
	}
}

// recordingRun runs the payload_schema module with its subject replaced by a
// recorder that answers each case's expected verdict from its data, then
// prints "ok" and, per test in definition order, its docstring and data.
const recordingRun = `
import unittest, test_conformance_payload_schema as module
seen = {}
class Recorder:
    def validate_payload(self, schema, data):
        seen[current[0]] = data
        return {"valid": data["valid"] is True, "errors": []}
current = [None]
module.PayloadSchemaConformanceTest.make_subject = staticmethod(lambda: Recorder())
cls = module.PayloadSchemaConformanceTest
names = [n for n in cls.__dict__ if n.startswith("test_")]
failures = []
for name in names:
    current[0] = name
    result = unittest.TestResult()
    cls(name).run(result)
    failures += result.failures + result.errors
print("ok" if not failures else repr(failures))
for name in names:
    print(canon(getattr(cls, name).__doc__))
    print(canon(seen[name]))
`

// adversarialSuite is the canonical suite with a payload_schema block whose
// case names and data are adversarial strings; each data object says in
// "valid" which verdict its case expects, so the recorder can answer it.
func adversarialSuite(t *testing.T) *model.Suite {
	t.Helper()
	var cases []map[string]any
	// A long name with every adversarial string in it is split over lines.
	names := append(append([]string{}, adversarialStrings...), strings.Join(adversarialStrings, " ")+strings.Repeat(" word", 40))
	for i, s := range names {
		name := s
		if strings.TrimSpace(name) == "" {
			name = fmt.Sprintf("blank %d %q", i, s)
		}
		valid := i%2 == 0
		cases = append(cases, map[string]any{"name": name, "valid": valid,
			"data": map[string]any{"valid": valid, "text": s, s + "key": []any{s, 1.5, nil}}})
	}
	manifest := map[string]any{"schema_version": 1, "payload_schema": map[string]any{
		"schema": map[string]any{"type": "object", "description": adversarialStrings}, "cases": cases}}
	raw, err := json.Marshal(manifest)
	if err != nil {
		t.Fatal(err)
	}
	return load(t, suiteFS(t, conformance.FS, map[string]string{model.ManifestFile: string(raw)}))
}
