package java

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The messaging blocks: settlement, row_errors and failed_writes, the
// shared messaging layer of the broker connectors. Every case is one call of
// the block's operation with the case's arguments, by wire name, and one
// assertion per expected member of the result: deep JSON equality, or, for
// an error message, that it mentions each given string.

func buildSettlementClass(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(s, c, model.BlockSettlement, s.Settlement, protocol.Settle)
}

func buildRowErrorsClass(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(s, c, model.BlockRowErrors, s.RowErrors, protocol.ReadMessage)
}

func buildFailedWritesClass(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(s, c, model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages)
}

// messagingClass is the test class of a messaging block.
type messagingClass struct {
	classHead
	Result        string   // the Java record the operation returns
	Var           string   // the local variable holding it
	Constants     []string // "private static final ..." declarations of arguments every case shares
	Tests         []messagingTest
	AssertImports []string // the ConformanceAssertions helpers the class calls, sorted
	List          bool     // the class spells java.util.List
}

// messagingTest is one case: the declarations of its container arguments,
// the operation's call and the assertions on the result.
type messagingTest struct {
	Method method
	Locals []string // "Type name = ..." statements, without their ";"
	Call   string   // "subject.m(...)", starting after "Result var = "
	Checks []string // the assertion statements, without their ";"
}

// messagingGen builds one messaging class: it knows the operation's
// parameters and result record, and which helpers the class has used.
type messagingGen struct {
	op      protocol.Operation
	params  map[string]protocol.Field // by wire name
	fields  map[string]protocol.Field // the result record's, by wire name
	jb      *jsonBuilder
	asserts map[string]bool
	list    bool
	shared  map[string]string // wire name -> the constant every case passes
	resVar  string
}

// takenLocals are the names a local variable of a test must not take: the
// class's subject field, which a local would shadow.
var takenLocals = map[string]bool{"subject": true}

func buildMessagingClass(s *model.Suite, c *common, block string, b *model.MessagingBlock, op protocol.Operation) (testFile, error) {
	if b == nil || len(b.Cases) == 0 {
		return testFile{}, nil
	}
	cls := messagingClass{classHead: newClassHead(s, c, block)}
	g, err := newMessagingGen(op)
	if err != nil {
		return testFile{}, err
	}
	if cls.Result, err = identifier(op.Result.Type.Record, true); err != nil {
		return testFile{}, err
	}
	cls.Var = g.resVar
	if cls.Constants, err = g.sharedArguments(b.Cases); err != nil {
		return testFile{}, err
	}
	names, docs := make([]string, len(b.Cases)), make([]string, len(b.Cases))
	for i, mc := range b.Cases {
		names[i], docs[i] = mc.Name, mc.Description
	}
	methods := newMethods(c, block, names, docs...)
	for i, mc := range b.Cases {
		t, err := g.test(methods[i], mc, cls.Result)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", mc.Name, err)
		}
		cls.Tests = append(cls.Tests, t)
	}
	for name := range g.asserts {
		cls.AssertImports = append(cls.AssertImports, name)
	}
	cls.AssertImports = union(cls.AssertImports, nil)
	cls.JSONImports, cls.List = g.jb.imports(), g.list
	return cls.file(cls), nil
}

func newMessagingGen(op protocol.Operation) (*messagingGen, error) {
	if op.Result.Member != "" || op.Result.Type.Kind != protocol.Record {
		return nil, fmt.Errorf("the result of %s is not a record", op.Name)
	}
	g := &messagingGen{op: op, params: map[string]protocol.Field{}, fields: map[string]protocol.Field{},
		jb: newJSONBuilder(), asserts: map[string]bool{}, shared: map[string]string{}}
	found := false
	for _, r := range protocol.Records {
		if r.Name == op.Result.Type.Record {
			found = true
			for _, f := range r.Fields {
				g.fields[f.Name] = f
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("the protocol has no record %s", op.Result.Type.Record)
	}
	var err error
	if g.resVar, err = identifier(op.Result.Type.Record, false); err != nil {
		return nil, err
	}
	locals := map[string]bool{g.resVar: true}
	for _, p := range op.Params {
		g.params[p.Name] = p
		name, err := identifier(p.Name, false)
		if err != nil {
			return nil, err
		}
		if takenLocals[name] || locals[name] {
			return nil, fmt.Errorf("parameter %s of %s would be the local variable %s, which is taken", p.Name, op.Name, name)
		}
		locals[name] = true
	}
	return g, nil
}

// container reports whether an argument of kind k is declared before the
// call rather than written into it: JSON values and lists.
func container(k protocol.Kind) bool {
	switch k {
	case protocol.JSONObject, protocol.JSONValue, protocol.TextList:
		return true
	}
	return false
}

// sharedArguments makes a class constant of every container argument
// that all cases (two or more) pass with the same value, such as
// row_errors' type, and returns the constants' declarations.
func (g *messagingGen) sharedArguments(cases []model.MessagingCase) ([]string, error) {
	if len(cases) < 2 {
		return nil, nil
	}
	var decls []string
	for _, p := range g.op.Params {
		if !container(p.Type.Kind) {
			continue
		}
		first, ok := cases[0].Arg(p.Name)
		if !ok {
			continue
		}
		same := true
		for _, mc := range cases[1:] {
			v, ok := mc.Arg(p.Name)
			if !ok || newJSONBuilder().flat(v) != newJSONBuilder().flat(first) {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		name := strings.ToUpper(strings.Join(protocol.Words(p.Name), "_"))
		if !isASCIIIdentifier(name) || keywordSet[name] {
			return nil, fmt.Errorf("parameter %s does not make a Java constant (%q)", p.Name, name)
		}
		decl, err := g.declaration("private static final ", name, p, first, memberIndent, memberIndent+contIndent)
		if err != nil {
			return nil, fmt.Errorf("argument %s: %w", p.Name, err)
		}
		g.shared[p.Name] = name
		decls = append(decls, decl)
	}
	return decls, nil
}

// declaration is "<modifiers>T name = value" for a container argument,
// starting at column col and wrapped at indent.
func (g *messagingGen) declaration(modifiers, name string, p protocol.Field, v model.Value, col, indent int) (string, error) {
	typ, head := "ConformanceJson", modifiers
	if p.Type.Kind == protocol.TextList {
		typ = "List<String>"
	}
	head += typ + " " + name + " = "
	start := col + len(head)
	switch p.Type.Kind {
	case protocol.JSONObject:
		if v.Kind != model.Object {
			return "", fmt.Errorf("must be an object, not %s", v.Kind)
		}
		return head + g.jb.expr(v, start, indent, len(";")), nil
	case protocol.JSONValue:
		return head + g.jb.expr(v, start, indent, len(";")), nil
	}
	if v.Kind != model.Array {
		return "", fmt.Errorf("must be a list of strings, not %s", v.Kind)
	}
	items := make([]string, len(v.Items))
	for i, item := range v.Items {
		if item.Kind != model.String {
			return "", fmt.Errorf("item %d must be a string, not %s", i, item.Kind)
		}
		items[i] = javaString(item.Text)
	}
	g.list = true
	if len(items) == 0 {
		return head + "List.of()", nil
	}
	return head + fill(start, "List.of(", items, ")", len(";"), indent), nil
}

// test builds the test of one case.
func (g *messagingGen) test(m method, mc model.MessagingCase, result string) (messagingTest, error) {
	t := messagingTest{Method: m}
	given := map[string]model.Value{}
	for _, a := range mc.Args {
		if _, ok := g.params[a.Key]; !ok {
			return t, fmt.Errorf("argument %s is not a parameter of %s", a.Key, g.op.Name)
		}
		given[a.Key] = a.Value
	}
	var args []string
	for _, p := range g.op.Params {
		v, ok := given[p.Name]
		if !ok {
			v = model.NullValue() // the model passes a missing optional argument as null
		}
		arg, local, err := g.argument(p, v)
		if err != nil {
			return t, fmt.Errorf("argument %s: %w", p.Name, err)
		}
		if local != "" {
			t.Locals = append(t.Locals, local)
		}
		args = append(args, arg)
	}
	method, err := identifier(g.op.Name, false)
	if err != nil {
		return t, err
	}
	// "        Result var = subject.m(...);"
	t.Call = fill(bodyStart+len(result+" "+g.resVar+" = "), "subject."+method+"(", args, ")", len(";"), bodyIndent)
	for _, e := range mc.Expect {
		check, err := g.check(e)
		if err != nil {
			return t, fmt.Errorf("expect %s: %w", e.Member, err)
		}
		t.Checks = append(t.Checks, check)
	}
	return t, nil
}

// argument is the Java argument for parameter p with the case's value v: a
// literal, a shared constant, or a local variable and its declaration. A
// JSON null is Java's null for an optional parameter.
func (g *messagingGen) argument(p protocol.Field, v model.Value) (arg, local string, err error) {
	if name, ok := g.shared[p.Name]; ok {
		return name, "", nil
	}
	if container(p.Type.Kind) {
		name, err := identifier(p.Name, false)
		if err != nil {
			return "", "", err
		}
		decl, err := g.declaration("", name, p, v, bodyStart, bodyIndent)
		return name, decl, err
	}
	optional := p.Type.Kind == protocol.OptionalText || p.Type.Kind == protocol.OptionalInteger
	if v.Kind == model.Null {
		if optional {
			return "null", "", nil
		}
		return "", "", fmt.Errorf("is null, but the parameter is not optional")
	}
	switch p.Type.Kind {
	case protocol.Text, protocol.OptionalText, protocol.Envelope:
		if v.Kind == model.String {
			return javaString(v.Text), "", nil
		}
	case protocol.Boolean:
		if v.Kind == model.Bool {
			return strconv.FormatBool(v.Bool), "", nil
		}
	case protocol.Integer, protocol.OptionalInteger:
		if n, ok := v.Int64(); ok && v.Kind == model.Number {
			return javaLong(n), "", nil
		}
		return "", "", fmt.Errorf("must be an integer, not %s", v.Compact())
	default:
		return "", "", fmt.Errorf("no Java argument for parameter kind %d", p.Type.Kind)
	}
	return "", "", fmt.Errorf("must not be %s", v.Kind)
}

// check is the assertion of one expected member of the result, which is
// compared as JSON (with the expected value, or with each a one_of allows): a record component of a Java type goes through
// ConformanceJson.fromJava first.
func (g *messagingGen) check(e model.Expectation) (string, error) {
	f, ok := g.fields[e.Member]
	if !ok {
		return "", fmt.Errorf("%s is not a member of %s", e.Member, g.op.Result.Type.Record)
	}
	accessor, err := identifier(f.Name, false)
	if err != nil {
		return "", err
	}
	actual := g.resVar + "." + accessor + "()"
	if f.Type.Kind != protocol.JSONObject && f.Type.Kind != protocol.JSONValue {
		actual = g.jb.call("fromJava") + actual + ")"
	}
	what := javaString(e.Member)
	if e.Mentions != nil {
		g.asserts["assertMentions"] = true
		args := []string{actual, what}
		for _, m := range e.Mentions {
			args = append(args, javaString(m))
		}
		return statement("assertMentions", args...), nil
	}
	if e.OneOf != nil {
		g.asserts["assertSameJsonAsOneOf"] = true
		return g.jb.statement("assertSameJsonAsOneOf", nil, model.ArrayValue(e.OneOf...), actual, what), nil
	}
	g.asserts["assertSameJson"] = true
	return g.jb.statement("assertSameJson", nil, e.Value, actual, what), nil
}
