package node

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The messaging blocks (settlement, row_errors, failed_writes) share one
// shape: each case calls its block's operation with the case's arguments,
// by wire name, and asserts every expected member of the result.

// messagingOps are the operations the messaging blocks call.
var messagingOps = map[string]protocol.Operation{
	model.BlockSettlement:   protocol.Settle,
	model.BlockRowErrors:    protocol.ReadMessage,
	model.BlockFailedWrites: protocol.WriteMessages,
}

// messagingResult is the local holding an operation's answer in a test.
const messagingResult = "result"

// messagingBody is the view of a messaging block.
type messagingBody struct {
	// Shared declares, each with a comment, the block-level arguments every
	// case passes (row_errors' type): a constant the calls name.
	Shared []string
	Cases  []messagingCaseView
}

// messagingCaseView is one case: the statement calling the operation and
// one assertion statement per expected member, each laid out for the test
// body.
type messagingCaseView struct {
	testCase
	Call    string
	Asserts []string
}

func buildSettlement(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(s, c, model.BlockSettlement, s.Settlement)
}

func buildRowErrors(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(s, c, model.BlockRowErrors, s.RowErrors)
}

func buildFailedWrites(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(s, c, model.BlockFailedWrites, s.FailedWrites)
}

// buildMessaging builds the test file of a messaging block.
func buildMessaging(s *model.Suite, c *common, block string, b *model.MessagingBlock) (testFile, error) {
	op, ok := messagingOps[block]
	if !ok {
		return testFile{}, fmt.Errorf("the protocol has no operation for the block")
	}
	results, err := resultMembers(op)
	if err != nil {
		return testFile{}, err
	}
	body := &messagingBody{}
	shared, types, err := sharedArgs(s, block, b, op, body)
	if err != nil {
		return testFile{}, err
	}
	support := map[string]bool{"whenProvided": true}
	for _, mc := range b.Cases {
		cv, err := buildMessagingCase(mc, op, shared, results, support)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", mc.Name, err)
		}
		body.Cases = append(body.Cases, cv)
	}
	return c.file(s, block, body, imports{Support: sortedKeys(support), Types: types}), nil
}

// sharedArgs finds the block-level arguments of a messaging block: the
// parameters of op that the block itself holds, as every case passes them.
// Each is declared once in body.Shared, as a constant named after the
// parameter; it returns those names by parameter and the subject-file
// types the declarations name. A name the test file already uses, or that
// is not a plain identifier, stays inline in every call instead.
func sharedArgs(s *model.Suite, block string, b *model.MessagingBlock, op protocol.Operation,
	body *messagingBody) (map[string]string, []string, error) {
	names := map[string]string{}
	var types []string
	for _, p := range op.Params {
		v, ok := model.Pointer{block, p.Name}.Resolve(s.Manifest)
		name := lowerCamel(p.Name)
		if !ok || !fits(p.Type.Kind, v) || !sharedByEvery(b.Cases, p.Name, v) || !freeName(name) {
			continue
		}
		typ, refs, err := nativeType(p.Type, nil, false)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		lit, err := tsValue(v, "")
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		doc := "the block's " + p.Name
		if p.Doc != "" {
			doc += ": " + p.Doc
		}
		doc += ", the same for every case"
		names[p.Name] = name
		types = append(types, refs...)
		body.Shared = append(body.Shared, tsComment(sentence(doc), "")+"const "+name+": "+typ+" = "+lit+";")
	}
	return names, types, nil
}

// sharedByEvery reports whether every case passes v as its argument name.
func sharedByEvery(cases []model.MessagingCase, name string, v model.Value) bool {
	for _, c := range cases {
		if arg, ok := c.Arg(name); !ok || !arg.Equal(v) {
			return false
		}
	}
	return true
}

// takenNames are the names a messaging test file binds besides its shared
// arguments, and the words JavaScript reserves: a shared argument's
// constant may be none of them.
var takenNames = map[string]bool{
	"subject": true, "after": true, "test": true, "describe": true, "assert": true, "openSubject": true,
	"t": true, messagingResult: true, "assertJsonEqual": true, "assertMentions": true, "assertJsonOneOf": true,
	"whenProvided": true,
	"arguments":    true, "await": true, "break": true, "case": true, "catch": true, "class": true, "const": true,
	"continue": true, "debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true,
	"eval": true, "export": true, "extends": true, "false": true, "finally": true, "for": true, "function": true,
	"if": true, "implements": true, "import": true, "in": true, "instanceof": true, "interface": true, "let": true,
	"new": true, "null": true, "package": true, "private": true, "protected": true, "public": true, "return": true,
	"static": true, "super": true, "switch": true, "this": true, "throw": true, "true": true, "try": true,
	"typeof": true, "var": true, "void": true, "while": true, "with": true, "yield": true, "undefined": true,
}

// freeName reports whether name may be a shared argument's constant.
func freeName(name string) bool {
	return identifier.MatchString(name) && !takenNames[name] && !strings.HasPrefix(name, "Json")
}

// resultMember is one member of an operation's answer as a test reads it:
// the expression reaching it from the result local, and its protocol type.
type resultMember struct {
	access string
	typ    protocol.Type
}

// resultMembers are the members of op's wire result a case may expect: the
// fields of its record, or its one member, which the subject method returns
// as it is.
func resultMembers(op protocol.Operation) (map[string]resultMember, error) {
	if op.Result.Member != "" {
		return map[string]resultMember{op.Result.Member: {access: messagingResult, typ: op.Result.Type}}, nil
	}
	record, ok := protocol.LookupRecord(op.Result.Type.Record)
	if op.Result.Type.Kind != protocol.Record || !ok {
		return nil, fmt.Errorf("%s: the result is neither a member nor a record", op.Name)
	}
	out := map[string]resultMember{}
	for _, f := range record.Fields {
		out[f.Name] = resultMember{access: memberAccess(messagingResult, f.Name), typ: f.Type}
	}
	return out, nil
}

// memberAccess reads the wire-named member name of a record: a property
// access when the name is an identifier, else an indexed one.
func memberAccess(object, name string) string {
	if identifier.MatchString(name) {
		return object + "." + name
	}
	return object + "[" + tsString(name) + "]"
}

// buildMessagingCase lays out one case's call and assertions, adding the
// support functions they use to support.
func buildMessagingCase(mc model.MessagingCase, op protocol.Operation, shared map[string]string,
	results map[string]resultMember, support map[string]bool) (messagingCaseView, error) {
	cv := messagingCaseView{testCase: newCase(mc.Name, mc.Description, "")}
	args, err := messagingArgs(mc, op, shared)
	if err != nil {
		return cv, err
	}
	cv.Call = callStatement(bodyIndent, "const "+messagingResult+" = await subject."+lowerCamel(op.Name)+"(", args, ");")
	if len(mc.Expect) == 0 {
		return cv, fmt.Errorf("it expects nothing of the %s result", op.Name)
	}
	for _, e := range mc.Expect {
		assert, fn, err := expectation(e, results)
		if err != nil {
			return cv, fmt.Errorf("expect.%s: %w", e.Member, err)
		}
		support[fn] = true
		cv.Asserts = append(cv.Asserts, assert)
	}
	return cv, nil
}

// messagingArgs are a case's arguments as the literals of op's parameters,
// in parameter order, matched by wire name; a shared argument is its
// constant. An argument the case leaves out is absent (null) where the
// parameter may be; an argument op does not take is an error, not a value
// silently dropped.
func messagingArgs(mc model.MessagingCase, op protocol.Operation, shared map[string]string) ([]string, error) {
	for _, a := range mc.Args {
		if _, ok := op.Param(a.Key); !ok {
			return nil, fmt.Errorf("argument %s is not a parameter of %s", tsString(a.Key), op.Name)
		}
	}
	args := make([]string, len(op.Params))
	for i, p := range op.Params {
		if name, ok := shared[p.Name]; ok {
			args[i] = name
			continue
		}
		v, ok := mc.Arg(p.Name)
		if !ok && !optional(p.Type.Kind) {
			return nil, fmt.Errorf("no argument %s, which %s needs", p.Name, op.Name)
		}
		if !ok {
			v = model.NullValue()
		}
		if !fits(p.Type.Kind, v) {
			return nil, fmt.Errorf("argument %s: %s does not fit the parameter's type %s", p.Name, v.Compact(), paramType(p.Type, true))
		}
		lit, err := tsValue(v, bodyIndent+"  ")
		if err != nil {
			return nil, fmt.Errorf("argument %s: %w", p.Name, err)
		}
		args[i] = lit
	}
	return args, nil
}

// optional reports whether a parameter of kind k may be absent (null).
func optional(k protocol.Kind) bool {
	return k == protocol.OptionalText || k == protocol.OptionalInteger
}

// fits reports whether v is a value of a protocol kind, so its literal
// type-checks where that kind is expected; the record kinds have no literal
// here.
func fits(k protocol.Kind, v model.Value) bool {
	switch k {
	case protocol.Envelope, protocol.Text:
		return v.Kind == model.String
	case protocol.Integer:
		return v.IsInteger()
	case protocol.Boolean:
		return v.Kind == model.Bool
	case protocol.OptionalText:
		return v.Kind == model.Null || v.Kind == model.String
	case protocol.OptionalInteger:
		return v.Kind == model.Null || v.IsInteger()
	case protocol.JSONObject:
		return v.Kind == model.Object
	case protocol.JSONValue:
		return true
	case protocol.TextList:
		return v.Kind == model.Array && every(v.Items, model.String)
	case protocol.BooleanList:
		return v.Kind == model.Array && every(v.Items, model.Bool)
	case protocol.TextMap:
		return v.Kind == model.Object && everyMember(v.Members, model.String)
	}
	return false
}

func every(items []model.Value, k model.Kind) bool {
	for _, item := range items {
		if item.Kind != k {
			return false
		}
	}
	return true
}

func everyMember(members []model.Member, k model.Kind) bool {
	for _, m := range members {
		if m.Value.Kind != k {
			return false
		}
	}
	return true
}

// paramType names a parameter's (param) or a result member's TypeScript
// type in an error.
func paramType(t protocol.Type, param bool) string {
	typ, _, err := nativeType(t, nil, param)
	if err != nil {
		return fmt.Sprintf("(protocol kind %d)", t.Kind)
	}
	return typ
}

// expectation is the assertion of one expected member and the support
// function it calls: deep JSON equality with the expected value (or with
// one of those a one_of allows), or, for an
// error message, that the member is {"message": text} with text mentioning
// each string.
func expectation(e model.Expectation, results map[string]resultMember) (string, string, error) {
	rm, ok := results[e.Member]
	if !ok {
		return "", "", fmt.Errorf("the result has no member %s", tsString(e.Member))
	}
	what := tsString(e.Member)
	if e.Mentions != nil {
		if k := rm.typ.Kind; k != protocol.JSONValue && k != protocol.JSONObject {
			return "", "", fmt.Errorf("mentions need a member that holds an object, not a %s", paramType(rm.typ, false))
		}
		mentions := make([]model.Value, len(e.Mentions))
		for i, m := range e.Mentions {
			mentions[i] = model.StringValue(m)
		}
		lit, err := tsValue(model.ArrayValue(mentions...), bodyIndent)
		if err != nil {
			return "", "", err
		}
		return stmt(bodyIndent, "assertMentions", rm.access, lit, what), "assertMentions", nil
	}
	if e.OneOf != nil {
		return oneOfExpectation(e, rm, what)
	}
	if !fits(rm.typ.Kind, e.Value) {
		return "", "", fmt.Errorf("%s is not a value of the member's type %s", e.Value.Compact(), paramType(rm.typ, false))
	}
	lit, err := tsValue(e.Value, bodyIndent)
	if err != nil {
		return "", "", err
	}
	return stmt(bodyIndent, "assertJsonEqual", rm.access, lit, what), "assertJsonEqual", nil
}

// oneOfExpectation asserts the member equals one of the values e allows,
// each a value of the member's type.
func oneOfExpectation(e model.Expectation, rm resultMember, what string) (string, string, error) {
	for _, v := range e.OneOf {
		if !fits(rm.typ.Kind, v) {
			return "", "", fmt.Errorf("%s is not a value of the member's type %s", v.Compact(), paramType(rm.typ, false))
		}
	}
	lit, err := tsValue(model.ArrayValue(e.OneOf...), bodyIndent)
	if err != nil {
		return "", "", err
	}
	return stmt(bodyIndent, "assertJsonOneOf", rm.access, lit, what), "assertJsonOneOf", nil
}

// callStatement is open, the arguments and closing as one statement: on one
// line when it fits within lineLimit and no argument spans lines, else one
// argument per line, indented one level from indent (each already laid out
// for that indentation), long string literals split.
func callStatement(indent, open string, args []string, closing string) string {
	flat := open + strings.Join(args, ", ") + closing
	if len(args) == 0 || (!strings.Contains(flat, "\n") && len(indent)+utf8.RuneCountInString(flat) <= lineLimit) {
		return flat
	}
	inner := indent + "  "
	lines := make([]string, len(args))
	for i, a := range args {
		lines[i] = splitLiteral(a, inner)
	}
	return strings.TrimRight(open, " ") + "\n" + inner + strings.Join(lines, ",\n"+inner) + ",\n" + indent + closing
}

// empty reports whether a messaging block has no case.
func (b *messagingBody) empty() bool { return len(b.Cases) == 0 }

func (b *messagingBody) heads() []header { return headsOf(b.Cases) }
