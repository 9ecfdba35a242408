package php

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingClass is the test class of a messaging block (settlement,
// row_errors, failed_writes): one test per case, each calling the block's
// operation once with the case's arguments and asserting every member of the
// result the case expects.
type messagingClass struct {
	testClass
	Call  string // the statement head calling the operation: "$result = $this->subject()->settle"
	About string // PHP literal after $case in the assertion messages: ": result of settle"
	Tests []messagingTest
}

// messagingTest is one case of a messaging block.
type messagingTest struct {
	testMethod
	// Args are the operation's arguments as PHP named arguments
	// ("source: 'orders'"), in the method's parameter order.
	Args   []string
	Expect []memberExpectation
}

// memberExpectation is one expected member of the result, as PHP literals:
// equal to Value, or to one of OneOf when it is set, or, when Mentions is set, an object whose message string
// contains each of the listed strings.
type memberExpectation struct {
	Member   string // the member's name
	Value    string // the expected value, in the JSON model
	Mentions string // a list of the strings the member's message must contain; "" for a Value
	OneOf    string // a list of the values the member may equal; "" for a Value
}

func buildSettlement(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(c, model.BlockSettlement, s.Settlement, protocol.Settle)
}

func buildRowErrors(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(c, model.BlockRowErrors, s.RowErrors, protocol.ReadMessage)
}

func buildFailedWrites(s *model.Suite, c *common) (testFile, error) {
	return buildMessagingClass(c, model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages)
}

// buildMessagingClass lays out a messaging block whose cases op answers. Its
// result must be a record: each expectation names a member of it.
func buildMessagingClass(c *common, block string, b *model.MessagingBlock, op protocol.Operation) (testFile, error) {
	if op.Result.Member != "" {
		return testFile{}, fmt.Errorf("%s answers its %s member alone, not a record whose members the cases expect", op.Name, op.Result.Member)
	}
	m, err := newMethod(op, protocol.Records)
	if err != nil {
		return testFile{}, err
	}
	class := messagingClass{testClass: newTestClass(c, block, "ConformanceTestCase", "Expect"),
		Call: "$result = $this->subject()->" + m.Name, About: phpString(": result of " + op.Name)}
	for i, tm := range c.newMethods(block, caseNames(b.Cases, func(mc model.MessagingCase) string { return mc.Name })) {
		t, err := buildMessagingTest(b.Cases[i], op, m, tm)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", b.Cases[i].Name, err)
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(block, class), nil
}

// buildMessagingTest converts a case's arguments to op's parameter types, by
// wire name (a missing argument is an absent one), and its expectations to
// literals of the JSON model.
func buildMessagingTest(mc model.MessagingCase, op protocol.Operation, m method, tm testMethod) (messagingTest, error) {
	t := messagingTest{testMethod: tm}
	for i, p := range op.Params {
		v, ok := mc.Arg(p.Name)
		if !ok {
			v = model.NullValue()
		}
		lit, err := phpArgument(p.Type, v)
		if err != nil {
			return t, fmt.Errorf("argument %s: %w", p.Name, err)
		}
		t.Args = append(t.Args, m.Params[i].Name+": "+lit)
	}
	for _, e := range mc.Expect {
		x := memberExpectation{Member: phpString(e.Member)}
		var err error
		switch {
		case e.Mentions != nil:
			x.Mentions, err = phpTextList(e.Mentions)
		case e.OneOf != nil:
			x.OneOf, err = phpLongValue(model.ArrayValue(e.OneOf...))
		default:
			x.Value, err = phpLongValue(e.Value)
		}
		if err != nil {
			return t, fmt.Errorf("expect %s: %w", e.Member, err)
		}
		t.Expect = append(t.Expect, x)
	}
	return t, nil
}

// phpTextList writes strings as a PHP list in a test method's body: on one
// line when it is short, otherwise one string a line, each split into
// concatenated literals where it is too long for one.
func phpTextList(items []string) (string, error) {
	values := make([]model.Value, len(items))
	for i, s := range items {
		values[i] = model.StringValue(s)
	}
	list := model.ArrayValue(values...)
	if inline, err := phpInline(list); err != nil || fitsInline(list, inline) {
		return inline, err
	}
	var b strings.Builder
	b.WriteString("[")
	for _, s := range items {
		b.WriteString("\n" + bodyIndent + "    " + phpLongString(s, maxMessage) + ",")
	}
	b.WriteString("\n" + bodyIndent + "]")
	return b.String(), nil
}
