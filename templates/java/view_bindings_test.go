package java

import (
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// concatenation matches the seam splitLiteral puts between two pieces of a
// literal; no literal holds a raw line break, so it occurs nowhere else.
var concatenation = regexp.MustCompile(`"\n *\+ "`)

// wrappedArgument matches a line break fill puts between two arguments.
var wrappedArgument = regexp.MustCompile(`,\n *`)

// unsplit undoes the wrapping of an expression: pieces of a split literal
// are one literal again, and wrapped arguments are on one line.
func unsplit(expr string) string {
	return wrappedArgument.ReplaceAllString(concatenation.ReplaceAllString(expr, ""), ", ")
}

// lexBack reads a Java string literal the way javac does.
func lexBack(t *testing.T, lit string) string {
	t.Helper()
	translated, err := translateUnicodeEscapes(lit)
	if err != nil {
		t.Fatalf("%s: %v", lit, err)
	}
	s, err := lexJavaString(translated)
	if err != nil {
		t.Fatalf("%s: %v", lit, err)
	}
	return s
}

// gateClass builds the test class of a broker block with a gate.
func gateClass(t *testing.T, s *model.Suite, block string) *gateTests {
	t.Helper()
	cls, _, err := newBindingClass[entriesTest](s, &common{}, block, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cls.Gate == nil {
		t.Fatalf("block %s: no gate tests", block)
	}
	return cls.Gate
}

// Every gate case is one test named from its case name, which asks the
// gate with the case's exact value, hostile or not, and checks its verdict.
func TestGateTestsAskTheCaseValueExactly(t *testing.T) {
	s := adversarialSuite(t)
	for _, block := range []string{model.BlockSQS, model.BlockASB} {
		g, tests := s.Gate(block), gateClass(t, s, block).Tests
		if len(tests) != len(g.Cases) {
			t.Fatalf("%s: %d tests for %d cases", block, len(tests), len(g.Cases))
		}
		names := map[string]bool{}
		for i, c := range g.Cases {
			test := tests[i]
			if test.Method.Display != displayName(c.Name) || names[test.Method.Name] {
				t.Errorf("%s case %q: display %s, method %s (unique: %v)", block, c.Name, test.Method.Display,
					test.Method.Name, !names[test.Method.Name])
			}
			names[test.Method.Name] = true
			types := c.AMQPTypes()
			if len(test.Calls) != len(types) {
				t.Fatalf("%s case %q: %d calls for AMQP types %q", block, c.Name, len(test.Calls), types)
			}
			for k, call := range test.Calls {
				value, amqpType := gateArguments(t, block, unsplit(call.Ask))
				checkGateValue(t, block, c, value)
				if want := "null"; types[k] != "" {
					want = javaString(types[k])
					if amqpType != want {
						t.Errorf("%s case %q: AMQP type %s, want %s", block, c.Name, amqpType, want)
					}
				} else if block == model.BlockASB && amqpType != want {
					t.Errorf("%s case %q: AMQP type %s, want null", block, c.Name, amqpType)
				}
				if want := "assertEquals(" + javaString(c.Expect) + ", outcome, "; !strings.HasPrefix(unsplit(call.Check), want) {
					t.Errorf("%s case %q: check %s, want it to start %s", block, c.Name, call.Check, want)
				}
				if types[k] != "" && !strings.Contains(call.Check, "AMQP "+types[k]) {
					t.Errorf("%s case %q: the check %s does not name the AMQP type", block, c.Name, call.Check)
				}
			}
		}
	}
}

// gateArguments splits a gate call "subject.xSchemaVersionGate(envelope,
// VALUE[, AMQP_TYPE])" into its value and AMQP type expressions.
func gateArguments(t *testing.T, block, ask string) (value, amqpType string) {
	t.Helper()
	method := map[string]string{model.BlockSQS: "sqsSchemaVersionGate", model.BlockASB: "asbSchemaVersionGate"}[block]
	head := "subject." + method + "(envelope, "
	if !strings.HasPrefix(ask, head) || !strings.HasSuffix(ask, ")") {
		t.Fatalf("gate call %s", ask)
	}
	args := strings.TrimSuffix(strings.TrimPrefix(ask, head), ")")
	if block != model.BlockASB {
		return args, ""
	}
	i := strings.LastIndex(args, ", ")
	return args[:i], args[i+2:]
}

// checkGateValue checks a gate call's value expression against the case.
func checkGateValue(t *testing.T, block string, c model.GateCase, value string) {
	t.Helper()
	switch {
	case c.Absent && block == model.BlockASB:
		if value != "jsonNull()" {
			t.Errorf("%s case %q: absent value %s, want jsonNull()", block, c.Name, value)
		}
	case c.Absent:
		if value != "null" {
			t.Errorf("%s case %q: absent value %s, want null", block, c.Name, value)
		}
	case block == model.BlockASB:
		factory := map[model.Kind]string{model.String: "jsonString(", model.Number: "jsonNumber("}[c.Value.Kind]
		if !strings.HasPrefix(value, factory) {
			t.Errorf("%s case %q: value %s, want a %s...)", block, c.Name, value, factory)
			return
		}
		if got := lexBack(t, strings.TrimSuffix(strings.TrimPrefix(value, factory), ")")); got != c.Value.Text {
			t.Errorf("%s case %q: value %s reads %q, want %q", block, c.Name, value, got, c.Value.Text)
		}
	default:
		if got := lexBack(t, value); got != c.Value.Text {
			t.Errorf("%s case %q: value %s reads %q, want %q", block, c.Name, value, got, c.Value.Text)
		}
	}
}

// An integral number on the Azure Service Bus gate is asked at int and at
// long width in one test, a fraction as a double; strings and an absent
// property carry no AMQP type.
func TestASBGateAsksEveryWidth(t *testing.T) {
	s := adversarialSuite(t)
	g, tests := s.Gate(model.BlockASB), gateClass(t, s, model.BlockASB).Tests
	want := map[string][]string{
		"decode number 1":                 {`jsonNumber("1"), "int")`, `jsonNumber("1"), "long")`},
		"reject number -9007199254740993": {`"int")`, `"long")`},
		"reject number 1.5":               {`jsonNumber("1.5"), "double")`},
		"decode absent":                   {`(envelope, jsonNull(), null)`},
		"reject string plain":             {`(envelope, jsonString("plain"), null)`},
	}
	found := 0
	for i, c := range g.Cases {
		suffixes, ok := want[c.Name]
		if !ok {
			continue
		}
		found++
		if len(tests[i].Calls) != len(suffixes) {
			t.Errorf("case %q: %d calls, want %d", c.Name, len(tests[i].Calls), len(suffixes))
			continue
		}
		for k, suffix := range suffixes {
			if ask := unsplit(tests[i].Calls[k].Ask); !strings.HasSuffix(ask, suffix) {
				t.Errorf("case %q, call %d: %s, want it to end %s", c.Name, k, ask, suffix)
			}
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d cases %v among the generated names", found, len(want), want)
	}
}

// Unnamed gate cases are named by the model, the same string in every
// language; the Java method is made from it like any case name.
func TestUnnamedGateCasesTakeTheModelsName(t *testing.T) {
	s := adversarialSuite(t)
	tests := gateClass(t, s, model.BlockASB).Tests
	for i, c := range s.Gate(model.BlockASB).Cases {
		if c.Name == "decode string nbsp U+0020 U+00A0" {
			if want := "decodeStringNbspU0020U00a0"; tests[i].Method.Name != want || tests[i].Method.Display != javaString(c.Name) {
				t.Errorf("case %q: method %s %s, want %s", c.Name, tests[i].Method.Display, tests[i].Method.Name, want)
			}
			return
		}
	}
	t.Error(`no case named "decode string nbsp U+0020 U+00A0" (the adversarial "nbsp \u00a0", expected to decode)`)
}

// The reconciliation and gate tests of a block are named together: a gate
// case named like a reconciliation case gets a method of its own.
func TestGateAndReconciliationNamesNeverCollide(t *testing.T) {
	s := &model.Suite{SQS: &model.SQS{
		Reconciliation: &model.Reconciliation{Cases: []model.ReconcileCase{{Name: "same"}}},
		Gate: &model.SchemaVersionGate{Property: "p", Fixture: "f.json", Cases: []model.GateCase{
			{Name: "same", Value: model.StringValue("1"), Expect: model.GateDecode}}},
	}}
	cls, _, err := newBindingClass[entriesTest](s, &common{}, model.BlockSQS, nil, s.SQS.Reconciliation)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := cls.Reconcile[0].Method.Name, cls.Gate.Tests[0].Method.Name; a == b {
		t.Errorf("both tests are named %s", a)
	}
}

// No generated line is wider than maxWidth: long literals from the suite
// are split, long calls wrapped.
func TestNoLineIsTooWide(t *testing.T) {
	t.Parallel()
	suites := map[string]*model.Suite{"canonical": canonical(t), "upstream": upstream(t), "adversarial": adversarialSuite(t)}
	for name, s := range suites {
		for _, binding := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
			for _, f := range generate(t, s, backend.Options{Binding: binding}) {
				if !strings.HasSuffix(f.Path, ".java") {
					continue
				}
				for i, line := range strings.Split(string(f.Content), "\n") {
					if len(line) > maxWidth {
						t.Errorf("%s %s:%d is %d wide: %.80s...", name, f.Path, i+1, len(line), line)
					}
				}
			}
		}
	}
}
