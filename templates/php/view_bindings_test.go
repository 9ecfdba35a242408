package php

import (
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// hostileGateValues are property values a gate must see exactly: invisible
// and non-ASCII white space, a byte order mark, NUL, what PHP would
// interpolate or unescape, and text long enough to be split.
var hostileGateValues = []string{
	"1", "", " \t\n\v\f\r", "\u00a0", "\u0085", "\u3000", "\ufeff", "\ufeff1", "1\u3000", "\x00", "1\x00",
	"$x", "{$x}", `\u{31}`, "'1'", `"1"`, "\u2028", "\u202e1", "e\u0301", "*/ ?>", "🚀",
	"1" + strings.Repeat("\u3000", 60), strings.Repeat("ab ", 50),
}

// gateOf is a gate over cases with the given values, verdict "reject".
func gateOf(typed bool, values ...model.Value) *model.SchemaVersionGate {
	g := &model.SchemaVersionGate{Property: "bq-schema-version", Fixture: "fixtures/order-created.json", Typed: typed}
	for i, v := range values {
		c := model.GateCase{Name: "case " + string(rune('a'+i%26)) + strings.Repeat("z", i/26), Value: v, Expect: model.GateReject}
		c.Absent = v.Kind == model.Null
		g.Cases = append(g.Cases, c)
	}
	return g
}

// gateClass builds a binding class carrying only gate.
func gateClass(t *testing.T, gate *model.SchemaVersionGate, rec *model.Reconciliation) bindingClass {
	t.Helper()
	f, err := newBindingClass(&common{}, "block", propertyProjection, nil, bindingParts{Reconciliation: rec, Gate: gate})
	if err != nil {
		t.Fatal(err)
	}
	return f.Data.(bindingClass)
}

// Gate tests are named after their cases, as reconciliation tests are, and
// unique together with them ignoring case (PHP method names are
// case-insensitive): the earlier sub-block keeps its names.
func TestGateMethodNames(t *testing.T) {
	rec := &model.Reconciliation{Cases: []model.ReconcileCase{{Name: "decode absent", Native: model.NullValue()}}}
	gate := &model.SchemaVersionGate{Property: "bq-schema-version", Fixture: "f.json", Cases: []model.GateCase{
		{Name: "Decode Absent", Absent: true, Value: model.NullValue(), Expect: model.GateDecode},
		{Name: "reject string U+00A0 1", Value: model.StringValue("\u00a01"), Expect: model.GateReject},
		{Name: "property_projection", Value: model.StringValue("2"), Expect: model.GateReject},
	}}
	class := gateClass(t, gate, rec)
	if got := class.Reconcile.Tests[0].Method; got != "test_decode_absent" {
		t.Errorf("reconciliation method %s", got)
	}
	var methods, names []string
	for _, g := range class.Gate.Tests {
		methods, names = append(methods, g.Method), append(names, g.Case)
	}
	if want := []string{"test_decode_absent_2", "test_reject_string_u_00a0_1", "test_property_projection_2"}; !reflect.DeepEqual(methods, want) {
		t.Errorf("gate methods %v, want %v", methods, want)
	}
	if want := []string{"'Decode Absent'", "'reject string U+00A0 1'", "'property_projection'"}; !reflect.DeepEqual(names, want) {
		t.Errorf("gate case literals %v, want %v", names, want)
	}
}

// A string gate asks once per case with the value built by construction,
// null for an absent property, and never passes an AMQP type.
func TestGateValuesAreWrittenByConstruction(t *testing.T) {
	values := []model.Value{model.NullValue()}
	for _, s := range hostileGateValues {
		values = append(values, model.StringValue(s))
	}
	class := gateClass(t, gateOf(false, values...), nil)
	if class.Gate.Typed || class.Gate.Fixture != "'fixtures/order-created.json'" {
		t.Errorf("gate %+v", class.Gate)
	}
	if got := class.Gate.Tests[0].Value; got != "null" {
		t.Errorf("absent property written as %s", got)
	}
	for i, test := range class.Gate.Tests {
		if test.Expect != "'reject'" || len(test.Calls) != 1 || test.Calls[0].AMQPType != "null" {
			t.Errorf("case %d: %+v", i, test)
		}
		if strings.Contains(test.Calls[0].Message, "AMQP") {
			t.Errorf("case %d: a string property's message names an AMQP type: %s", i, test.Calls[0].Message)
		}
		for _, line := range strings.Split(test.Value, "\n") {
			for _, r := range line {
				if !visible(r) {
					t.Errorf("case %d: %q holds the invisible %U", i, test.Value, r)
				}
			}
			if n := len([]rune(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), ".")))); n > maxMessage {
				t.Errorf("case %d: a literal of %d characters: %s", i, n, line)
			}
		}
	}
	// PHP itself reads every literal back as the case's exact bytes.
	requirePHP(t)
	var script strings.Builder
	script.WriteString("<?php\n")
	for _, test := range class.Gate.Tests[1:] {
		script.WriteString("echo bin2hex(" + test.Value + "), \"\\n\";\n")
	}
	got := runPHP(t, script.String())
	for i, s := range hostileGateValues {
		if i >= len(got) || got[i] != hex.EncodeToString([]byte(s)) {
			t.Errorf("PHP reads the literal of %q as %v", s, got[min(i, len(got)-1)])
		}
	}
}

// A typed (Azure Service Bus) gate asks an integral number once per AMQP
// width, int and long, in one test; any other number once as a double; a
// string or absent value once without an AMQP type.
func TestGateASBWidths(t *testing.T) {
	number := func(text string) model.Value { return model.Value{Kind: model.Number, Text: text} }
	class := gateClass(t, gateOf(true, number("1"), number("2"), number("-1"), number("1.5"), number("1.0"), number("1e0"),
		number("9223372036854775808"), model.StringValue("1"), model.NullValue()), nil)
	want := []struct {
		value string
		types []string
	}{
		{"1", []string{"'int'", "'long'"}}, {"2", []string{"'int'", "'long'"}}, {"-1", []string{"'int'", "'long'"}},
		{"1.5", []string{"'double'"}}, {"1.0", []string{"'double'"}}, {"1e0", []string{"'double'"}},
		{"9223372036854775808", []string{"'double'"}}, {"'1'", []string{"null"}}, {"null", []string{"null"}},
	}
	if !class.Gate.Typed {
		t.Fatal("a typed gate is laid out untyped")
	}
	for i, w := range want {
		test := class.Gate.Tests[i]
		var types []string
		for _, c := range test.Calls {
			types = append(types, c.AMQPType)
			if c.AMQPType != "null" && !strings.Contains(c.Message, "as an AMQP "+strings.Trim(c.AMQPType, "'")) {
				t.Errorf("%s as %s: the message does not name the AMQP type: %s", w.value, c.AMQPType, c.Message)
			}
		}
		if test.Value != w.value || !reflect.DeepEqual(types, w.types) {
			t.Errorf("case %d: value %s, AMQP types %v; want %s, %v", i, test.Value, types, w.value, w.types)
		}
	}
	if _, err := newBindingClass(&common{}, "block", propertyProjection, nil, bindingParts{Gate: gateOf(false, number("1"))}); err == nil {
		t.Error("a number on a string gate was laid out")
	}
}

// The generated tests of the canonical suite: one method per gate case,
// asking the broker's gate operation, both AMQP widths in one ASB test.
func TestGateTestsRendered(t *testing.T) {
	s := canonicalSuite(t)
	files := map[string]string{}
	for _, f := range generate(t, s, backend.Options{Binding: backend.BindOracle}) {
		files[f.Path] = string(f.Content)
	}
	kafka := files[TestFile(model.BlockKafka)]
	for _, want := range []string{
		"    public function test_reject_string_u_feff(): void\n    {\n        $case = 'reject string U+FEFF';\n" +
			"        $outcome = $this->subject()->kafkaSchemaVersionGate(self::fixture('fixtures/order-created.json'), \"\\u{FEFF}\");\n" +
			"        self::assertSame('reject', $outcome, $case . ': outcome of the gate on bq-schema-version');\n    }\n",
		"kafkaSchemaVersionGate(self::fixture('fixtures/order-created.json'), null);",
	} {
		if !strings.Contains(kafka, want) {
			t.Errorf("the kafka tests lack\n%s", want)
		}
	}
	asb := files[TestFile(model.BlockASB)]
	for _, want := range []string{
		"        $case = 'decode number 1';\n        $fixture = self::fixture('fixtures/order-created.json');\n" +
			"        $outcome = $this->subject()->asbSchemaVersionGate($fixture, 1, 'int');\n",
		"        $outcome = $this->subject()->asbSchemaVersionGate($fixture, 1, 'long');\n",
		"asbSchemaVersionGate(self::fixture('fixtures/order-created.json'), 1.5, 'double');",
		"asbSchemaVersionGate(\n            self::fixture('fixtures/order-created.json'),\n            \"\\u{A0}1\",\n            null,\n        );",
	} {
		if !strings.Contains(asb, want) {
			t.Errorf("the asb tests lack\n%s", want)
		}
	}
}
