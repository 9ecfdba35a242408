package python

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The messaging blocks: settlement, row_errors and failed_writes. Each case
// is one call of the block's operation with the case's arguments, by wire
// name, and one assertion per expected member of its result.

// messagingBody is the view of a messaging block: one test per case.
type messagingBody struct {
	Tests []*messagingTest
}

// messagingTest calls the block's operation once and checks the result.
type messagingTest struct {
	testHead
	// Call is the statement `result = self.call(self.subject.<op>, name=arg,
	// ...)`, wrapped for method level (indent 8); continuation lines start
	// at column 0 (templates shift them with hang).
	Call string
	// Asserts are the statements that check one expected member each,
	// wrapped like Call.
	Asserts []string
}

func (b *messagingBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *messagingTest) *testHead { return &t.testHead })
}

// keywordCalls are the operations whose tests pass every argument by name
// (the messaging blocks'): a scaffold method must name its parameters as
// the protocol does.
var keywordCalls = map[string]bool{
	protocol.Settle.Name: true, protocol.ReadMessage.Name: true, protocol.WriteMessages.Name: true,
}

func buildSettlement(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockSettlement, s.Settlement, protocol.Settle)
}

func buildRowErrors(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockRowErrors, s.RowErrors, protocol.ReadMessage)
}

func buildFailedWrites(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages)
}

// buildMessaging builds the tests of a messaging block whose cases run
// through op.
func buildMessaging(c *common, block string, b *model.MessagingBlock, op protocol.Operation) (testFile, error) {
	method, err := c.method(op)
	if err != nil {
		return testFile{}, err
	}
	result, err := c.Subject.resultRecord(op)
	if err != nil {
		return testFile{}, err
	}
	body := &messagingBody{}
	for _, mc := range b.Cases {
		t, err := messagingCase(mc, op, method, result)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", mc.Name, err)
		}
		body.Tests = append(body.Tests, t)
	}
	return c.testFile(block, body)
}

// messagingCase is the test of one case: op's parameters, in protocol
// order, passed by keyword from the case's arguments of the same wire name
// (a JSON null is None), and one assertion per expected member of the
// record result.
func messagingCase(mc model.MessagingCase, op protocol.Operation, method string, result protocol.RecordType) (*messagingTest, error) {
	for _, a := range mc.Args {
		if _, ok := op.Param(a.Key); !ok {
			return nil, fmt.Errorf("argument %q is not a parameter of %s", a.Key, op.Name)
		}
	}
	args := []string{"self.subject." + method}
	for _, p := range op.Params {
		v, ok := mc.Arg(p.Name)
		if !ok {
			return nil, fmt.Errorf("no argument %q for %s", p.Name, op.Name)
		}
		name := identifier(p.Name)
		lit, err := pyArg(p.Type, v, lineWidth-12-len(name)-2)
		if err != nil {
			return nil, fmt.Errorf("argument %q: %w", p.Name, err)
		}
		if v.Kind == model.String { // the pieces of a split text line up after name=
			lit = hang(len(name)+1, lit)
		}
		args = append(args, name+"="+lit)
	}
	t := &messagingTest{testHead: newHead(mc.Name, mc.Description),
		Call: wrapCall(8, "result = self.call(", args, ")")}
	for _, e := range mc.Expect {
		if !hasField(result, e.Member) {
			return nil, fmt.Errorf("expected member %q is not a member of %s", e.Member, result.Name)
		}
		assert, err := messagingAssert(e)
		if err != nil {
			return nil, fmt.Errorf("expected %s: %w", e.Member, err)
		}
		t.Asserts = append(t.Asserts, assert)
	}
	return t, nil
}

// messagingAssert is the statement that checks one expected member: deep
// JSON equality with its value or with one of those a one_of allows, or, for an error, that its message
// mentions each string.
// A text too long for a line is split into adjacent literals (an excerpt
// keeps up to 256 code points of a body).
func messagingAssert(e model.Expectation) (string, error) {
	const width = lineWidth - 12 - 1 // an argument of a wrapped call, and its comma
	if e.Mentions != nil {
		mentions := model.ArrayValue()
		for _, m := range e.Mentions {
			mentions.Items = append(mentions.Items, model.StringValue(m))
		}
		lit, err := pyBlock(mentions)
		if err == nil && strings.Contains(lit, "\n") { // one mention a line, each split
			lit = "[\n" + indentLines(strings.Join(textLines(e.Mentions, width-4), ",\n")+",", "    ") + "\n]"
		}
		return wrapCall(8, "self.assertMentions(", []string{"result", pyString(e.Member), lit}, ")"), err
	}
	if e.OneOf != nil {
		lit, err := pyBlock(model.ArrayValue(e.OneOf...))
		return wrapCall(8, "self.assertResultMemberOneOf(", []string{"result", pyString(e.Member), lit}, ")"), err
	}
	lit, err := pyBlock(e.Value)
	if e.Value.Kind == model.String {
		lit = pyText(e.Value.Text, width)
	}
	return wrapCall(8, "self.assertResultMember(", []string{"result", pyString(e.Member), lit}, ")"), err
}

// pyText is the literal of s, split into adjacent literals, one a line, when
// it is longer than width (never narrower than a few words).
func pyText(s string, width int) string { return pyStringLines(s, max(width, 24)) }

func textLines(texts []string, width int) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = pyText(s, width)
	}
	return out
}

func hasField(r protocol.RecordType, name string) bool {
	for _, f := range r.Fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// integerText is a JSON number spelt as an integer.
var integerText = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)$`)

// pyArg is the literal of an argument of type t: v checked against the
// type and written as its native value (a JSON null of an optional type is
// None). A text too long for width is split into adjacent literals, one a
// line, which a call's parentheses join; continuation lines start at
// column 0.
func pyArg(t protocol.Type, v model.Value, width int) (string, error) {
	ok := false
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		ok = v.Kind == model.String
	case protocol.OptionalText:
		ok = v.Kind == model.String || v.Kind == model.Null
	case protocol.Integer:
		ok = v.Kind == model.Number && integerText.MatchString(v.Text)
	case protocol.OptionalInteger:
		ok = v.Kind == model.Null || (v.Kind == model.Number && integerText.MatchString(v.Text))
	case protocol.Boolean:
		ok = v.Kind == model.Bool
	case protocol.JSONObject:
		ok = v.Kind == model.Object
	case protocol.JSONValue:
		ok = true
	case protocol.TextList:
		ok = v.Kind == model.Array && allOf(v.Items, model.String)
	case protocol.BooleanList:
		ok = v.Kind == model.Array && allOf(v.Items, model.Bool)
	case protocol.TextMap:
		ok = v.Kind == model.Object && allOf(memberValues(v), model.String)
	default:
		return "", fmt.Errorf("a parameter of kind %d takes no suite value", t.Kind)
	}
	if !ok {
		typ, err := nativeType(t, nil, nil)
		if err != nil {
			return "", err
		}
		return "", fmt.Errorf("%s is not a %s", v.Compact(), typ)
	}
	if v.Kind == model.String {
		return pyText(v.Text, width), nil
	}
	return pyBlock(v)
}

func allOf(values []model.Value, kind model.Kind) bool {
	for _, v := range values {
		if v.Kind != kind {
			return false
		}
	}
	return true
}

func memberValues(v model.Value) []model.Value {
	out := make([]model.Value, len(v.Members))
	for i, m := range v.Members {
		out[i] = m.Value
	}
	return out
}
