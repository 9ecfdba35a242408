package node

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// gateNumbers are the ASB gate's number cases: an integral 1 decodes at
// every integral width, every other number rejects.
var gateNumbers = []struct {
	text   string
	expect string
}{{"1", model.GateDecode}, {"2", model.GateReject}, {"0", model.GateReject}, {"-1", model.GateReject}, {"1.5", model.GateReject}}

// gateBlocks are an sqs and an asb block holding nothing but a
// schema_version_gate whose property name and description are hostile and
// whose cases carry every adversarial string as the property, every other
// one unnamed (so its name is generated from the value), then an absent
// property and, for ASB, numbers. The verdicts are the contract's
// (broker-bindings §3.7), so the oracle passes them.
func gateBlocks(hostile, fixture string) map[string]any {
	var cases []any
	for i, s := range adversarial {
		c := map[string]any{"value": s, "expect": gateVerdict(s)}
		if i%2 == 1 {
			c["name"] = "gate " + s
		}
		cases = append(cases, c)
	}
	cases = append(cases, map[string]any{"absent": true, "expect": model.GateDecode},
		map[string]any{"value": "\u00a01", "expect": model.GateReject})
	typed := slices.Clone(cases)
	for _, n := range gateNumbers {
		typed = append(typed, map[string]any{"value": json.Number(n.text), "expect": n.expect})
	}
	gate := func(cases []any) map[string]any {
		return map[string]any{"schema_version_gate": map[string]any{"description": hostile, "property": "bq-" + hostile,
			"fixture": fixture, "cases": cases}}
	}
	return map[string]any{"sqs": gate(cases), "asb": gate(typed)}
}

// gateVerdict is the contract's verdict on a string property: blank (empty
// or only ASCII whitespace) and exactly "1" decode, anything else rejects.
func gateVerdict(s string) string {
	if s == "1" || strings.Trim(s, " \t\n\v\f\r") == "" {
		return model.GateDecode
	}
	return model.GateReject
}

// gateSuite is a suite of gateBlocks over one valid fixture.
func gateSuite(t *testing.T) *model.Suite {
	t.Helper()
	hostile := strings.Join(adversarial[1:len(adversarial)-1], " | ")
	manifest := gateBlocks(hostile, "fixtures/ok.json")
	manifest["schema_version"] = 1
	raw, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	fixture := `{"job": "urn:babel:x:y", "trace_id": "t", "data": {}, "attempts": 0,
		"meta": {"id": "i", "queue": "q", "lang": "node", "schema_version": 1, "created_at": 1}}`
	s, problems := model.Load(fstest.MapFS{
		"manifest.json":    {Data: raw},
		"fixtures/ok.json": {Data: []byte(fixture)},
	})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// concatenation matches where splitLiteral joined two pieces of a literal.
var concatenation = regexp.MustCompile(`" \+\n *"`)

// unsplit undoes splitLiteral: every literal whole again.
func unsplit(src string) string { return concatenation.ReplaceAllString(src, "") }

// Where layoutList puts one item per line.
var (
	listOpen  = regexp.MustCompile(`\(\n *`)
	listItem  = regexp.MustCompile(`,\n *`)
	listClose = regexp.MustCompile(`, \)`)
)

// flat undoes layoutList's one item per line: every call on one line.
func flat(src string) string {
	return listClose.ReplaceAllString(listItem.ReplaceAllString(listOpen.ReplaceAllString(src, "("), ", "), ")")
}

// gateTests returns each test of a generated file by its name literal: the
// source from its test( to the next.
func gateTests(t *testing.T, src string) map[string]string {
	t.Helper()
	out := map[string]string{}
	locs := testCall.FindAllStringSubmatchIndex(src, -1)
	for i, loc := range locs {
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out[src[loc[2]:loc[3]]] = src[loc[0]:end]
	}
	return out
}

func TestGateTests(t *testing.T) {
	s := gateSuite(t)
	files := byPath(generate(t, s, backend.BindOracle))
	for _, tc := range []struct {
		block, method string
		typed         bool
	}{{model.BlockSQS, "sqsSchemaVersionGate", false}, {model.BlockASB, "asbSchemaVersionGate", true}} {
		src := unsplit(string(files[TestFileName(tc.block)].Content))
		if !strings.Contains(src, "describe("+tsString(tc.block+" schema_version_gate")+", () => {") {
			t.Errorf("%s: no describe block for the gate:\n%s", tc.block, src)
		}
		tests := gateTests(t, flat(src))
		g := s.Gate(tc.block)
		if len(tests) != len(g.Cases) {
			t.Errorf("%s: %d tests for %d cases", tc.block, len(tests), len(g.Cases))
		}
		for _, c := range g.Cases {
			body, ok := tests[tsString(c.Name)]
			if !ok {
				t.Errorf("%s: no test named %s", tc.block, tsString(c.Name))
				continue
			}
			property := "null"
			if !c.Absent {
				property, _ = tsValue(c.Value, "")
			}
			for _, amqpType := range c.AMQPTypes() {
				call := "subject." + tc.method + "(envelope, " + property
				what := "outcome for bq-"
				switch {
				case amqpType != "":
					call += ", " + tsString(amqpType)
					what = "as AMQP " + amqpType
				case tc.typed:
					call += ", null"
				}
				if !strings.Contains(body, call+");") {
					t.Errorf("%s %s: no call %s);\n%s", tc.block, c.Name, call, body)
				}
				if !strings.Contains(body, ", "+tsString(c.Expect)+", ") || !strings.Contains(body, what) {
					t.Errorf("%s %s: the assertion does not expect %s with a message naming %q:\n%s", tc.block, c.Name, c.Expect, what, body)
				}
			}
			if calls := strings.Count(body, "await subject."); calls != len(c.AMQPTypes()) {
				t.Errorf("%s %s: %d calls, want %d (one per AMQP type)", tc.block, c.Name, calls, len(c.AMQPTypes()))
			}
		}
	}
}

// The names of unnamed cases are the model's, spelled out visibly; the ASB
// numbers run at both integral widths, or as a double.
func TestGateNamesAndWidths(t *testing.T) {
	files := byPath(generate(t, gateSuite(t), backend.BindOracle))
	asb := unsplit(string(files[TestFileName(model.BlockASB)].Content))
	tests := gateTests(t, flat(asb))
	for name, wants := range map[string][]string{
		`"reject string U+00A0 1"`: {`(envelope, "\u00A01", null);`},
		`"decode empty string"`:    {`(envelope, "", null);`},
		`"decode absent"`:          {`(envelope, null, null);`},
		`"decode number 1"`:        {`(envelope, 1, "int");`, `(envelope, 1, "long");`, "as AMQP int", "as AMQP long"},
		`"reject number -1"`:       {`(envelope, -1, "int");`, `(envelope, -1, "long");`},
		`"reject number 1.5"`:      {`(envelope, 1.5, "double");`, "as AMQP double"},
	} {
		body, ok := tests[name]
		if !ok {
			t.Errorf("no test %s among %v", name, slices.Sorted(mapKeys(tests)))
			continue
		}
		for _, want := range wants {
			if !strings.Contains(body, want) {
				t.Errorf("test %s lacks %s:\n%s", name, want, body)
			}
		}
	}
	if body := tests[`"reject number 1.5"`]; strings.Contains(body, `"int"`) || strings.Contains(body, `"long"`) {
		t.Errorf("a fractional number is delivered at an integral width:\n%s", body)
	}
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// No character a reader could not see, or that ends a line in JavaScript,
// reaches a generated file raw from a hostile gate.
func TestGateValuesAreEncoded(t *testing.T) {
	for _, f := range generate(t, gateSuite(t), backend.BindOracle) {
		if f.Kind == backend.Vendored || isIndex(f) {
			continue
		}
		for _, r := range "\u0085\u00a0\u3000\ufeff\u2028\u2029\u202e\u200b\x00\x7f\v\f\b\r" {
			if strings.ContainsRune(string(f.Content), r) {
				t.Errorf("%s carries U+%04X raw", f.Path, r)
			}
		}
		for i, line := range strings.Split(string(f.Content), "\n") {
			if n := len([]rune(line)); n > maxLine && !strings.Contains(line, "test(") {
				t.Errorf("%s:%d is %d characters long: %s", f.Path, i+1, n, line)
			}
		}
	}
}

func TestSplitLiteral(t *testing.T) {
	for _, s := range adversarial {
		long := strings.Repeat(s+" ", 12)
		lit := tsString(long)
		for _, indent := range []string{"", "    ", strings.Repeat(" ", 40)} {
			split := splitLiteral(lit, indent)
			if got := unsplit(split); got != lit {
				t.Fatalf("splitLiteral(%s) does not join back:\n%s", lit, split)
			}
			lines := strings.Split(split, "\n")
			for i, line := range lines {
				n := len([]rune(line))
				switch {
				case i == 0:
					n += len(indent)
				case !strings.HasPrefix(line, indent+"  \""):
					t.Errorf("continuation %q is not indented one level from %q", line, indent)
				}
				if i == len(lines)-1 {
					n += len(",")
				}
				if n > maxLine {
					t.Errorf("line %d of %s is %d long:\n%s", i+1, lit, n, split)
				}
			}
		}
	}
	for _, text := range []string{`"short"`, `"a" + "b"`, "x", `"` + strings.Repeat("a", 200) + `" + y`, "`" + strings.Repeat("a", 200) + "`"} {
		if got := splitLiteral(text, ""); got != text {
			t.Errorf("splitLiteral(%s) = %s, want it unchanged", text, got)
		}
	}
}

// A split literal breaks after a space where there is one, and never inside
// an escape sequence: every piece is a literal of its own.
func TestSplitLiteralBreaksAtSpacesAndBetweenEscapes(t *testing.T) {
	pieces := func(lit string) []string {
		var out []string
		for _, line := range strings.Split(splitLiteral(lit, ""), "\n") {
			out = append(out, strings.TrimSuffix(strings.TrimSpace(line), " +"))
		}
		return out
	}
	words := pieces(tsString(strings.Repeat("word ", 40)))
	for _, piece := range words[:len(words)-1] {
		if !strings.HasSuffix(piece, ` "`) {
			t.Errorf("piece %s does not end after a space", piece)
		}
	}
	for _, piece := range pieces(tsString(strings.Repeat("\ufeff\U000E0041\n\\", 40))) {
		if _, ok := literalTokens(piece); !ok {
			t.Errorf("piece %s is not a literal of its own", piece)
		}
	}
}
