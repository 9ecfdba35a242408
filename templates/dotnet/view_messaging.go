package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// bodyMessaging is the test body the messaging blocks share: their cases
// have one shape (the operation's arguments, the expected result members).
const bodyMessaging = "messaging.partial"

// resultLocal is the local a messaging test reads its operation's result into.
const resultLocal = "result"

// messagingBody is one messaging case: the statements declaring each
// argument as a local of its parameter's type, the call into result, and
// one assertion per expected result member.
type messagingBody struct {
	Args   []csExpr
	Call   csExpr
	Checks []csExpr
}

func buildSettlement(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockSettlement, protocol.Settle, s.Settlement)
}

func buildRowErrors(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockRowErrors, protocol.ReadMessage, s.RowErrors)
}

func buildFailedWrites(s *model.Suite, c *common) (testFile, error) {
	return buildMessaging(c, model.BlockFailedWrites, protocol.WriteMessages, s.FailedWrites)
}

// buildMessaging gives one test per case of a messaging block, calling op
// with the case's arguments and asserting each expected member of its
// result, a record.
func buildMessaging(c *common, block string, op protocol.Operation, b *model.MessagingBlock) (testFile, error) {
	if b == nil {
		return c.file(block, nil), nil
	}
	specs := make([]testSpec, 0, len(b.Cases))
	for _, mc := range b.Cases {
		body, err := messagingCase(op, mc)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", mc.Name, err)
		}
		specs = append(specs, testSpec{caseName: mc.Name, display: displayName(block, mc.Name),
			template: bodyMessaging, data: body})
	}
	return c.file(block, specs), nil
}

// messagingCase builds the body of one case of op.
func messagingCase(op protocol.Operation, mc model.MessagingCase) (messagingBody, error) {
	if op.Result.Member != "" || op.Result.Type.Kind != protocol.Record {
		return messagingBody{}, fmt.Errorf("%s does not answer a record", op.Name)
	}
	rec, ok := protocol.LookupRecord(op.Result.Type.Record)
	if !ok {
		return messagingBody{}, fmt.Errorf("%s answers the undefined record %q", op.Name, op.Result.Type.Record)
	}
	locals := map[string]bool{resultLocal: true}
	var body messagingBody
	var names []string
	for _, p := range op.Params {
		name := csParamName(p.Name)
		if locals[name] {
			return messagingBody{}, fmt.Errorf("%s: parameter %s would be a second local %s", op.Name, p.Name, name)
		}
		locals[name] = true
		v, ok := mc.Arg(p.Name)
		if !ok {
			v = model.NullValue() // an absent argument is null on the wire
		}
		decl, err := argumentStatement(p, name, v)
		if err != nil {
			return messagingBody{}, fmt.Errorf("argument %s: %w", p.Name, err)
		}
		body.Args = append(body.Args, decl)
		names = append(names, name)
	}
	for _, a := range mc.Args {
		if _, ok := op.Param(a.Key); !ok {
			return messagingBody{}, fmt.Errorf("argument %s is not a parameter of %s", a.Key, op.Name)
		}
	}
	body.Call = callStatement(csTypeName(rec.Name)+" "+resultLocal+" = ConformanceSubjects.Current."+csTypeName(op.Name), names)
	for _, e := range mc.Expect {
		check, err := memberCheck(rec, e, locals)
		if err != nil {
			return messagingBody{}, fmt.Errorf("expect %s: %w", e.Member, err)
		}
		body.Checks = append(body.Checks, check)
	}
	return body, nil
}

// argumentStatement declares the local name of p's C# type holding v, the
// JSON null as the language's absent (null).
func argumentStatement(p protocol.Field, name string, v model.Value) (csExpr, error) {
	typ, err := csType(p.Type, nil)
	if err != nil {
		return "", err
	}
	decl := typ + " " + name + " = "
	switch k := p.Type.Kind; {
	case v.Kind == model.Null && (k == protocol.OptionalText || k == protocol.OptionalInteger || k == protocol.JSONValue):
		return csExpr(decl + "null;"), nil
	case (k == protocol.Text || k == protocol.OptionalText) && v.Kind == model.String:
		return csStringStatement(decl, v.Text, ";"), nil
	case (k == protocol.Integer || k == protocol.OptionalInteger) && v.Kind == model.Number:
		n, err := csRequiredLong(v)
		return csExpr(decl) + n + ";", err
	case k == protocol.Boolean && v.Kind == model.Bool:
		return csExpr(decl) + csBool(v.Bool) + ";", nil
	case k == protocol.JSONObject && v.Kind == model.Object:
		obj, err := jsonObjectExpr(v)
		return csExpr(decl) + obj + ";", err
	case k == protocol.JSONValue:
		return csExpr(decl) + jsonExpr(v) + ";", nil
	case k == protocol.TextList && v.Kind == model.Array:
		return textListStatement(decl, v)
	}
	return "", fmt.Errorf("a %s cannot be the %s parameter's value", v.Kind, typ)
}

// textListStatement declares a list of strings as a string array: on one
// line when it fits, else one item per line.
func textListStatement(decl string, v model.Value) (csExpr, error) {
	items := make([]string, len(v.Items))
	for i, item := range v.Items {
		if item.Kind != model.String {
			return "", fmt.Errorf("item %d is %s, not a string", i, item.Kind)
		}
		items[i] = string(csString(item.Text))
	}
	line := decl + "new string[] { " + strings.Join(items, ", ") + " };"
	if len(items) == 0 {
		line = decl + "new string[] { };"
	}
	if bodyIndent+len(line) <= maxLine {
		return csExpr(line), nil
	}
	var b strings.Builder
	b.WriteString(decl + "new string[]\n{\n")
	for _, item := range v.Items {
		b.WriteString(entryIndent + string(csStringAt(item.Text, bodyIndent+len(entryIndent), len(","))) + ",\n")
	}
	b.WriteString("};")
	return csExpr(b.String()), nil
}

// callStatement is prefix(args...); on one line when it fits, else with
// the arguments on the next line when they fit there, else each on a line
// of its own.
func callStatement(prefix string, args []string) csExpr {
	joined := strings.Join(args, ", ")
	if strings.Contains(joined, "\n") {
		return csExpr(prefix + "(\n    " + strings.Join(args, ",\n    ") + ");")
	}
	if line := prefix + "(" + joined + ");"; bodyIndent+len(line) <= maxLine {
		return csExpr(line)
	}
	if next := "    " + joined + ");"; bodyIndent+len(next) <= maxLine {
		return csExpr(prefix + "(\n" + next)
	}
	return csExpr(prefix + "(\n    " + strings.Join(args, ",\n    ") + ");")
}

// memberCheck asserts one expected member of the result record rec: equal
// as JSON to the expected value (or to one of those a one_of allows), or,
// with mentions, an object whose message
// mentions each. locals are the body's locals so far; it declares one more.
func memberCheck(rec protocol.RecordType, e model.Expectation, locals map[string]bool) (csExpr, error) {
	var field *protocol.Field
	for i := range rec.Fields {
		if rec.Fields[i].Name == e.Member {
			field = &rec.Fields[i]
		}
	}
	if field == nil {
		return "", fmt.Errorf("%s has no member %s", rec.Name, e.Member)
	}
	actual, err := jsonOf(field.Type.Kind, resultLocal+"."+csTypeName(field.Name))
	if err != nil {
		return "", err
	}
	what := csString(e.Member)
	if e.Mentions != nil {
		args := []string{string(actual), string(what)}
		for _, m := range e.Mentions {
			args = append(args, string(csStringAt(m, bodyIndent+4, len(");"))))
		}
		return callStatement("JsonAssert.Mentions", args), nil
	}
	assert, value, prefix := "JsonAssert.Equal", e.Value, "expected"
	if e.OneOf != nil {
		assert, value, prefix = "JsonAssert.OneOf", model.ArrayValue(e.OneOf...), "allowed"
	}
	call := func(expected string) csExpr {
		return callStatement(assert, []string{expected, string(actual), string(what)})
	}
	expected := expectedJSON(value)
	if stmt := call(string(expected)); !strings.Contains(string(stmt), "\n") {
		return stmt, nil
	}
	local := prefix + csTypeName(field.Name)
	if locals[local] {
		return "", fmt.Errorf("the expected value would be a second local %s", local)
	}
	locals[local] = true
	decl := csExpr("JsonNode? "+local+" = ") + expected + ";"
	if value.Kind == model.String {
		decl = csStringStatement("JsonNode? "+local+" = JsonValue.Create(", value.Text, ");")
	}
	return decl + "\n" + call(local), nil
}

// expectedJSON is a JSON value as a JsonNode? expression: null, a string
// or a boolean as JsonValue.Create of its C# literal, anything else parsed
// from its JSON text (a number keeps its exact spelling).
func expectedJSON(v model.Value) csExpr {
	switch v.Kind {
	case model.Null:
		return "null"
	case model.String:
		return "JsonValue.Create(" + csString(v.Text) + ")"
	case model.Bool:
		return "JsonValue.Create(" + csBool(v.Bool) + ")"
	}
	return jsonExpr(v)
}

// jsonOf is the JSON form of the C# result member expr of kind k, for
// comparing it with the suite's value by the contract's JSON equality.
func jsonOf(k protocol.Kind, expr string) (csExpr, error) {
	switch k {
	case protocol.Text, protocol.OptionalText, protocol.Boolean, protocol.Integer, protocol.OptionalInteger:
		return csExpr("JsonValue.Create(" + expr + ")"), nil
	case protocol.JSONObject, protocol.JSONValue:
		return csExpr(expr), nil
	case protocol.TextList:
		return csExpr("ConformanceJson.Texts(" + expr + ")"), nil
	}
	return "", fmt.Errorf("no JSON form of a result member of protocol kind %d", k)
}
