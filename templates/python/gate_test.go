package python

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// hostileGateSuite is the canonical suite whose SQS and ASB gates carry
// every adversarial string as a value (invisible characters, U+FEFF,
// U+0085, quotes, NUL ...), some cases named adversarially and the rest
// unnamed (a repeated value gets a " (2)" name), and for ASB numbers at
// either width, doubles, and an absent property.
func hostileGateSuite(t *testing.T) *model.Suite {
	t.Helper()
	raw, err := fs.ReadFile(conformance.FS, model.ManifestFile)
	if err != nil {
		t.Fatal(err)
	}
	var manifest map[string]any
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	var cases []any
	values := append(append([]string{}, adversarialStrings...), "\u00a01", "1\u3000", "1", "1")
	for i, v := range values {
		c := map[string]any{"value": v, "expect": []string{model.GateDecode, model.GateReject}[i%2]}
		if i%3 == 0 {
			c["name"] = fmt.Sprintf("%s #%d", adversarialStrings[i%len(adversarialStrings)], i)
		}
		cases = append(cases, c)
	}
	cases = append(cases, map[string]any{"absent": true, "expect": model.GateDecode})
	asb := append([]any{}, cases...)
	for i, n := range []string{"1", "2", "-0", "-1", "9007199254740993", "1.5", "1.0", "1e0", "2.5e-3"} {
		asb = append(asb, map[string]any{"value": json.RawMessage(n), "expect": []string{model.GateDecode, model.GateReject}[i%2]})
	}
	for block, cs := range map[string][]any{model.BlockSQS: cases, model.BlockASB: asb} {
		gate := manifest[block].(map[string]any)["schema_version_gate"].(map[string]any)
		gate["cases"] = cs
	}
	out, err := json.Marshal(manifest)
	if err != nil {
		t.Fatal(err)
	}
	return load(t, suiteFS(t, conformance.FS, map[string]string{model.ManifestFile: string(out)}))
}

// gateRun runs the gate tests of the sqs and asb modules against a
// recorder that answers every gate call with one outcome, and prints one
// JSON line per test: its docstring (canon), whether it passed, its failure
// message, and the calls it made (property canon, amqp_type, envelope hex).
const gateRun = `
import json, sys, unittest
import test_conformance_sqs, test_conformance_asb
answer = sys.argv[1]
current = [None]
calls = {}
class Recorder:
    def sqs_schema_version_gate(self, envelope, property):
        calls[current[0]].append([canon(property), None, envelope.encode("utf-8").hex()])
        return answer
    def asb_schema_version_gate(self, envelope, property, amqp_type):
        calls[current[0]].append([canon(property), amqp_type, envelope.encode("utf-8").hex()])
        return answer
for module, cls in ((test_conformance_sqs, test_conformance_sqs.SqsConformanceTest),
                    (test_conformance_asb, test_conformance_asb.AsbConformanceTest)):
    cls.make_subject = staticmethod(lambda: Recorder())
    for name in [n for n in cls.__dict__ if n.startswith("test_")]:
        current[0] = (module.__name__, name)
        calls[current[0]] = []
        result = unittest.TestResult()
        cls(name).run(result)
        problems = result.failures + result.errors
        print(json.dumps({"module": module.__name__, "method": name, "doc": canon(getattr(cls, name).__doc__),
                          "passed": not problems, "message": problems[0][1] if problems else "",
                          "calls": calls[current[0]]}))
`

type gateResult struct {
	Module, Method, Doc, Message string
	Passed                       bool
	Calls                        [][]*string
}

// TestGateTestsRoundTripInPython: every gate case is one test whose
// docstring is the case's name to the byte; it delivers the gate's fixture
// with the case's exact value (or None) once, or for an ASB number once per
// AMQP type (both widths for an integer); it passes exactly when the gate
// answers the expected outcome, and otherwise fails saying what was
// expected and what came, naming the AMQP type.
func TestGateTestsRoundTripInPython(t *testing.T) {
	s := hostileGateSuite(t)
	dir := t.TempDir()
	writeFiles(t, dir, generate(t, s, backend.BindOracle))
	results := map[string]map[string]gateResult{} // answer -> module+doc -> result
	for _, answer := range []string{model.GateDecode, model.GateReject} {
		results[answer] = map[string]gateResult{}
		program := canonPython + strings.Replace(gateRun, "sys.argv[1]", pyString(answer), 1)
		for _, line := range strings.Split(strings.TrimSpace(runPython(t, dir+"/"+TestDir, program)), "\n") {
			var r gateResult
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			results[answer][r.Module+" "+r.Doc] = r
		}
	}
	for _, block := range []string{model.BlockSQS, model.BlockASB} {
		g := s.Gate(block)
		fixture := hex.EncodeToString(s.Fixture(g.Fixture))
		for _, c := range g.Cases {
			key := TestModule(block) + " str:" + hex.EncodeToString([]byte(c.Name))
			for answer, byKey := range results {
				r, ok := byKey[key]
				if !ok {
					t.Errorf("%s: no test whose docstring is %q", block, c.Name)
					break
				}
				checkGateResult(t, block, c, answer, fixture, r)
			}
		}
	}
}

func checkGateResult(t *testing.T, block string, c model.GateCase, answer, fixture string, r gateResult) {
	t.Helper()
	types := c.AMQPTypes()
	if block != model.BlockASB {
		types = []string{""}
	}
	var calls [][]*string // property and AMQP type of each call
	for _, call := range r.Calls {
		if len(call) != 3 || call[2] == nil || *call[2] != fixture {
			t.Errorf("%s %q answered %s: a call does not deliver the gate's fixture", block, c.Name, answer)
			return
		}
		calls = append(calls, call[:2])
	}
	var want [][]*string
	for _, typ := range types {
		property := canonGo(t, c.Value)
		call := []*string{&property, nil}
		if typ != "" {
			call[1] = &typ
		}
		want = append(want, call)
	}
	if answer != c.Expect {
		want = want[:1] // the first unexpected outcome ends the test
	}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("%s %q answered %s: calls %s, want %s", block, c.Name, answer, show(calls), show(want))
	}
	switch {
	case answer == c.Expect && !r.Passed:
		t.Errorf("%s %q fails when the gate answers %s: %s", block, c.Name, answer, r.Message)
	case answer != c.Expect && r.Passed:
		t.Errorf("%s %q passes when the gate answers %s", block, c.Name, answer)
	case answer != c.Expect:
		what := fmt.Sprintf("expected '%s', got '%s'", c.Expect, answer)
		if !strings.Contains(r.Message, what) {
			t.Errorf("%s %q: the failure does not say %q:\n%s", block, c.Name, what, r.Message)
		}
		if types[0] != "" && !strings.Contains(r.Message, "AMQP "+types[0]) {
			t.Errorf("%s %q: the failure does not name the AMQP type %s:\n%s", block, c.Name, types[0], r.Message)
		}
	}
}

func show(calls [][]*string) string {
	var parts []string
	for _, c := range calls {
		var items []string
		for _, p := range c {
			if p == nil {
				items = append(items, "None")
			} else {
				items = append(items, *p)
			}
		}
		parts = append(parts, "("+strings.Join(items, ", ")+")")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestGateTestNames: gate tests are named from GateCase.Name (generated
// names included) by backend.Identifiers, with the raw name as docstring,
// the way reconciliation cases are, and ASB loops over the AMQP types.
func TestGateTestNames(t *testing.T) {
	files := map[string]string{}
	for _, f := range generate(t, canonicalSuite(t), backend.BindOracle) {
		files[f.Path] = string(f.Content)
	}
	asb := files[modulePath(TestModule(model.BlockASB))]
	for _, want := range []string{
		"    def test_reject_string_u_00a0_1(self):\n        \"\"\"reject string U+00A0 1\"\"\"\n" +
			"        envelope = self.fixture(\"fixtures/order-created.json\")\n" +
			"        outcome = self.call(self.subject.asb_schema_version_gate, envelope, \"\\u00a01\", None)\n" +
			"        self.assertGateOutcome(outcome, \"reject\")\n",
		"    def test_decode_absent(self):\n",
		"        for amqp_type in (\"int\", \"long\"):\n" +
			"            outcome = self.call(self.subject.asb_schema_version_gate, envelope, 1, amqp_type)\n" +
			"            self.assertGateOutcome(outcome, \"decode\", amqp_type)\n",
		"        for amqp_type in (\"double\",):\n",
	} {
		if !strings.Contains(asb, want) {
			t.Errorf("the asb module lacks\n%s", want)
		}
	}
	sqs := files[modulePath(TestModule(model.BlockSQS))]
	if want := "outcome = self.call(self.subject.sqs_schema_version_gate, envelope, \"\\ufeff\")\n"; !strings.Contains(sqs, want) {
		t.Errorf("the sqs module lacks\n%s", want)
	}
}

// TestGateCallsWrap: a long value wraps the call one argument a line
// within the line width, inside the AMQP type loop too.
func TestGateCallsWrap(t *testing.T) {
	long := strings.Repeat("\u00a0", 40)
	g := &model.SchemaVersionGate{Property: "p", Fixture: "fixtures/f.json", Typed: true, Cases: []model.GateCase{
		{Name: "long", Value: model.StringValue(long), Expect: model.GateReject},
	}}
	api, err := buildSubject(protocol.All(), protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := gateTests(&common{Subject: api}, g, protocol.ASBSchemaVersionGate)
	if err != nil {
		t.Fatal(err)
	}
	want := "outcome = self.call(\n    self.subject.asb_schema_version_gate,\n    envelope,\n    " + pyString(long) + ",\n    None,\n)"
	if tests[0].Call != want {
		t.Errorf("call:\n%s\nwant\n%s", tests[0].Call, want)
	}
}
