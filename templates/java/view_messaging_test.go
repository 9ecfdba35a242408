package java

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// openedContainer matches the line break expr puts after the opening
// parenthesis of a container it splits.
var openedContainer = regexp.MustCompile(`\(\n *`)

// oneLine undoes every wrapping of an expression or a statement: split
// literals, wrapped arguments and split containers.
func oneLine(expr string) string {
	return openedContainer.ReplaceAllString(unsplit(expr), "(")
}

// messagingBlocks are the messaging blocks of s, with their operations.
func messagingBlocks(s *model.Suite) []struct {
	name  string
	block *model.MessagingBlock
	op    protocol.Operation
} {
	return []struct {
		name  string
		block *model.MessagingBlock
		op    protocol.Operation
	}{
		{model.BlockSettlement, s.Settlement, protocol.Settle},
		{model.BlockRowErrors, s.RowErrors, protocol.ReadMessage},
		{model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages},
	}
}

// messagingClassOf builds the test class of a messaging block.
func messagingClassOf(t *testing.T, s *model.Suite, block string) messagingClass {
	t.Helper()
	f, err := blockViews[block](s, &common{})
	if err != nil {
		t.Fatal(err)
	}
	cls, ok := f.Data.(messagingClass)
	if !ok {
		t.Fatalf("block %s: no messaging class (%T)", block, f.Data)
	}
	return cls
}

// Every messaging case is one test named from its case name, documented
// with its description, that calls the block's operation with the case's
// arguments exactly, in parameter order (JSON null: Java null), and asserts
// each expected member of the result, hostile or not.
func TestMessagingTestsPassTheCaseArgumentsAndCheckEveryMember(t *testing.T) {
	s := adversarialSuite(t)
	for _, b := range messagingBlocks(s) {
		cls := messagingClassOf(t, s, b.name)
		if len(cls.Tests) != len(b.block.Cases) {
			t.Fatalf("%s: %d tests for %d cases", b.name, len(cls.Tests), len(b.block.Cases))
		}
		method, _ := identifier(b.op.Name, false)
		names := map[string]bool{}
		for i, c := range b.block.Cases {
			test := cls.Tests[i]
			if test.Method.Display != displayName(c.Name) || names[test.Method.Name] {
				t.Errorf("%s case %q: display %s, method %s (unique: %v)", b.name, c.Name, test.Method.Display,
					test.Method.Name, !names[test.Method.Name])
			}
			names[test.Method.Name] = true
			if strings.Join(test.Method.Doc, "\n") != strings.Join(docLines(c.Description), "\n") {
				t.Errorf("%s case %q: doc %q", b.name, c.Name, test.Method.Doc)
			}
			locals := map[string]string{}
			for _, l := range test.Locals {
				decl := oneLine(l)
				eq := strings.Index(decl, " = ")
				fields := strings.Fields(decl[:eq])
				locals[fields[len(fields)-1]] = decl[eq+3:]
			}
			var want []string
			for _, p := range b.op.Params {
				v, ok := c.Arg(p.Name)
				if !ok {
					t.Fatalf("%s case %q: no argument %s", b.name, c.Name, p.Name)
				}
				want = append(want, expectArgument(t, cls, locals, p, v))
			}
			if got, w := oneLine(test.Call), "subject."+method+"("+strings.Join(want, ", ")+")"; got != w {
				t.Errorf("%s case %q: call\n%s\nwant\n%s", b.name, c.Name, got, w)
			}
			if len(test.Checks) != len(c.Expect) {
				t.Fatalf("%s case %q: %d checks for %d expectations", b.name, c.Name, len(test.Checks), len(c.Expect))
			}
			for k, e := range c.Expect {
				if got, w := oneLine(test.Checks[k]), expectCheck(t, cls, b.op, e); got != w {
					t.Errorf("%s case %q: check\n%s\nwant\n%s", b.name, c.Name, got, w)
				}
			}
		}
	}
}

// expectArgument is the argument a test must pass for parameter p given
// the case's value v, checking a container's declaration.
func expectArgument(t *testing.T, cls messagingClass, locals map[string]string, p protocol.Field, v model.Value) string {
	t.Helper()
	switch p.Type.Kind {
	case protocol.JSONObject, protocol.JSONValue, protocol.TextList:
		constant := strings.ToUpper(p.Name)
		name, _ := identifier(p.Name, false)
		decl, ok := locals[name]
		for _, c := range cls.Constants {
			if line := oneLine(c); strings.Contains(line, " "+constant+" = ") {
				name, decl, ok = constant, line[strings.Index(line, " = ")+3:], true
			}
		}
		if !ok {
			t.Errorf("parameter %s: no declaration", p.Name)
			return "?"
		}
		want := newJSONBuilder().flat(v)
		if p.Type.Kind == protocol.TextList {
			items := make([]string, len(v.Items))
			for i, item := range v.Items {
				items[i] = javaString(item.Text)
			}
			want = "List.of(" + strings.Join(items, ", ") + ")"
		}
		if decl != want {
			t.Errorf("parameter %s: declared %s, want %s", p.Name, decl, want)
		}
		return name
	}
	switch v.Kind {
	case model.Null:
		return "null"
	case model.Bool:
		return strconv.FormatBool(v.Bool)
	case model.Number:
		return v.Text + "L"
	}
	return javaString(v.Text)
}

// expectCheck is the assertion a test must make of expectation e.
func expectCheck(t *testing.T, cls messagingClass, op protocol.Operation, e model.Expectation) string {
	t.Helper()
	var kind protocol.Kind
	for _, r := range protocol.Records {
		for _, f := range r.Fields {
			if r.Name == op.Result.Type.Record && f.Name == e.Member {
				kind = f.Type.Kind
			}
		}
	}
	accessor, _ := identifier(e.Member, false)
	actual := cls.Var + "." + accessor + "()"
	if kind != protocol.JSONObject && kind != protocol.JSONValue {
		actual = "fromJava(" + actual + ")"
	}
	if e.Mentions != nil {
		args := []string{actual, javaString(e.Member)}
		for _, m := range e.Mentions {
			args = append(args, javaString(m))
		}
		return "assertMentions(" + strings.Join(args, ", ") + ")"
	}
	if e.OneOf != nil {
		return "assertSameJsonAsOneOf(" + newJSONBuilder().flat(model.ArrayValue(e.OneOf...)) + ", " + actual + ", " + javaString(e.Member) + ")"
	}
	return "assertSameJson(" + newJSONBuilder().flat(e.Value) + ", " + actual + ", " + javaString(e.Member) + ")"
}

// An argument every case passes alike, such as row_errors' type, is a class
// constant; one that differs is a local of each test.
func TestMessagingSharedArgumentsAreConstants(t *testing.T) {
	s := adversarialSuite(t)
	cls := messagingClassOf(t, s, model.BlockRowErrors)
	if len(cls.Constants) != 1 || !strings.HasPrefix(cls.Constants[0], "private static final ConformanceJson TYPE = jsonObject(") {
		t.Errorf("row_errors constants %q, want TYPE alone", cls.Constants)
	}
	for _, test := range cls.Tests {
		if len(test.Locals) != 1 || !strings.HasPrefix(test.Locals[0], "ConformanceJson metadata = ") {
			t.Errorf("%s: locals %q, want metadata alone", test.Method.Name, test.Locals)
		}
	}
	settle := messagingClassOf(t, s, model.BlockSettlement)
	if len(settle.Constants) != 0 {
		t.Errorf("settlement: constants %q for arguments that differ", settle.Constants)
	}
	if !settle.List || cls.List {
		t.Errorf("settlement imports List: %v, row_errors: %v; want only settlement, which passes lists", settle.List, cls.List)
	}
}

// A case that does not fit its operation is an error, never a test that
// passes something else.
func TestMessagingArgumentsThatDoNotFitAreErrors(t *testing.T) {
	g, err := newMessagingGen(protocol.ReadMessage)
	if err != nil {
		t.Fatal(err)
	}
	text := protocol.Field{Name: "body", Type: protocol.Type{Kind: protocol.Text}}
	for _, bad := range []struct {
		p protocol.Field
		v model.Value
	}{
		{text, model.NullValue()},
		{text, model.NumberValue("1")},
		{protocol.Field{Name: "dead_letter_queue", Type: protocol.Type{Kind: protocol.Boolean}}, model.StringValue("true")},
		{protocol.Field{Name: "raw_excerpt_length", Type: protocol.Type{Kind: protocol.OptionalInteger}}, model.NumberValue("1.5")},
		{protocol.Field{Name: "metadata", Type: protocol.Type{Kind: protocol.JSONObject}}, model.ArrayValue()},
		{protocol.Field{Name: "refused", Type: protocol.Type{Kind: protocol.TextList}}, model.ArrayValue(model.NumberValue("1"))},
	} {
		if arg, _, err := g.argument(bad.p, bad.v); err == nil {
			t.Errorf("%s = %s: argument %s, want an error", bad.p.Name, bad.v.Compact(), arg)
		}
	}
	unknown := model.MessagingCase{Name: "x", Args: []model.Member{{Key: "nope", Value: model.StringValue("x")}}}
	if _, err := g.test(method{}, unknown, "MessageRead"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("an argument the operation lacks: %v", err)
	}
	if _, err := g.check(model.Expectation{Member: "nope", Value: model.NullValue()}); err == nil {
		t.Error("an expectation of a member the result lacks: no error")
	}
	// A parameter named like the class's subject field would shadow it.
	shadow := protocol.Settle
	shadow.Params = []protocol.Field{{Name: "subject", Type: protocol.Type{Kind: protocol.Text}}}
	if _, err := newMessagingGen(shadow); err == nil {
		t.Error("a parameter named subject: no error")
	}
}

// The scaffold reports each messaging operation not provided, saying what
// the Java SDKs lack.
func TestScaffoldMessagingSaysWhy(t *testing.T) {
	f := byPath(generate(t, canonical(t), bindings["sdk"]))[packageDir(DefaultPackage)+scaffoldFile]
	scaffold := string(f.Content)
	want := map[string]string{
		"settle":        `NO_SDK + "no settle-once acknowledge, requeue and reject, nor WithBody)"`,
		"readMessage":   `NO_SDK + "no RowErrorHandler (fail, skip, dead_letter) nor RawExcerptLength)"`,
		"writeMessages": `NO_SDK + "no sink that settles what it wrote, nor FailedMessageAction)"`,
	}
	for method, reason := range want {
		if body := scaffoldMethod(t, scaffold, method); body != "        throw new NotProvidedException("+reason+");" {
			t.Errorf("%s:\n%s\nwant it to throw NotProvidedException(%s)", method, body, reason)
		}
	}
	if !strings.Contains(scaffold, `NO_SDK = "this babelqueue-core has no API for the message-queue connectors' "`) {
		t.Error("the scaffold does not declare NO_SDK")
	}
}
