package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The messaging blocks: settlement, row_errors and failed_writes, the shared
// messaging layer of the broker connectors. Every case has one shape: the
// operation's arguments by wire name and the members its result must have.
// Each block is one test with a subtest per case: call the operation with
// the case's arguments, converted to the parameters' Go types, then check
// every expected member of the result (emitMessaging).

func addSettlement(s *model.Suite, b *fileBuilder) error {
	return emitMessaging(b, model.BlockSettlement, s.Settlement, protocol.Settle,
		"a received message is settled once (the first call wins, the WithBody copy settles the original), "+
			"and what each call returned, what the broker saw, what delivers it again and the messages_settled "+
			"counts are as expected.")
}

func addRowErrors(s *model.Suite, b *fileBuilder) error {
	return emitMessaging(b, model.BlockRowErrors, s.RowErrors, protocol.ReadMessage,
		"a body that is not a valid T fails the read (an error naming the source, the position and the excerpt), "+
			"or is skipped or dead-lettered as the RowErrorHandler says, and is settled and counted as expected.")
}

func addFailedWrites(s *model.Suite, b *fileBuilder) error {
	return emitMessaging(b, model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages,
		"a sink settles each source message as the broker's answer and the FailedMessageAction say, "+
			"after the sink event its kind waits for.")
}

// emitMessaging adds a block's test. An argument of a JSON type that every
// case passes alike (row_errors' type, the block's own member) is a local
// of the test, named as the parameter, instead of a copy in every subtest.
func emitMessaging(b *fileBuilder, block string, mb *model.MessagingBlock, op protocol.Operation, doc string) error {
	if mb == nil {
		return nil
	}
	fields, err := resultFields(op)
	if err != nil {
		return locationError(mb.At, err)
	}
	shared := sharedArgs(mb, op)
	var body []jen.Code
	for _, p := range op.Params {
		if v, ok := shared[p.Name]; ok {
			arg, err := messagingArg(p, v)
			if err != nil {
				return locationError(mb.Cases[0].At, fmt.Errorf("argument %s: %w", p.Name, err))
			}
			body = append(body, jen.Id(unexported(p.Name)).Op(":=").Add(arg))
		}
	}
	for _, c := range mb.Cases {
		run, err := messagingSubtest(b, op, fields, shared, c)
		if err != nil {
			return locationError(c.At, err)
		}
		body = append(body, run)
	}
	name := testName(block)
	b.decl(name+" runs "+block+": "+doc, b.testFunc(name, body...))
	return nil
}

// resultFields are the fields of the operation's result record by wire
// name.
func resultFields(op protocol.Operation) (map[string]protocol.Field, error) {
	if op.Result.Member != "" || op.Result.Type.Kind != protocol.Record {
		return nil, fmt.Errorf("%s: a messaging operation answers a record", op.Name)
	}
	for _, r := range protocol.Records {
		if r.Name != op.Result.Type.Record {
			continue
		}
		fields := map[string]protocol.Field{}
		for _, f := range r.Fields {
			fields[f.Name] = f
		}
		return fields, nil
	}
	return nil, fmt.Errorf("%s: no record %s in protocol", op.Name, op.Result.Type.Record)
}

// sharedArgs are the arguments of a JSON type with the same value in every
// case of a block of more than one case.
func sharedArgs(mb *model.MessagingBlock, op protocol.Operation) map[string]model.Value {
	shared := map[string]model.Value{}
	if len(mb.Cases) < 2 {
		return shared
	}
	for _, p := range op.Params {
		if p.Type.Kind != protocol.JSONObject && p.Type.Kind != protocol.JSONValue {
			continue
		}
		first, ok := mb.Cases[0].Arg(p.Name)
		for _, c := range mb.Cases[1:] {
			v, found := c.Arg(p.Name)
			ok = ok && found && v.Equal(first)
		}
		if ok {
			shared[p.Name] = first
		}
	}
	return shared
}

// messagingSubtest is the subtest of one case: the call, then one check per
// expected member, in the manifest's order.
func messagingSubtest(b *fileBuilder, op protocol.Operation, fields map[string]protocol.Field,
	shared map[string]model.Value, c model.MessagingCase) (jen.Code, error) {
	args := make([]jen.Code, len(op.Params))
	for i, p := range op.Params {
		if _, ok := shared[p.Name]; ok {
			args[i] = jen.Id(unexported(p.Name))
			continue
		}
		v, ok := c.Arg(p.Name)
		if !ok {
			return nil, fmt.Errorf("%s: the case has no argument %s", op.Name, p.Name)
		}
		arg, err := messagingArg(p, v)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %s: %w", op.Name, p.Name, err)
		}
		args[i] = arg
	}
	body := []jen.Code{messagingCall(op, args), requireOK(op)}
	for _, e := range c.Expect {
		f, ok := fields[e.Member]
		if !ok {
			return nil, fmt.Errorf("%s: its result has no member %s", op.Name, e.Member)
		}
		body = append(body, expectMember(f, e))
	}
	return b.subtest(c.Name, body...), nil
}

// messagingArg is a case's argument as the parameter's Go type takes it: a
// literal of the type, escaped by construction; a JSON null is nil, the
// absent value of an optional or JSON parameter.
func messagingArg(p protocol.Field, v model.Value) (jen.Code, error) {
	kind := p.Type.Kind
	switch {
	case v.Kind == model.Null && (kind == protocol.OptionalText || kind == protocol.OptionalInteger || kind == protocol.JSONValue):
		return jen.Nil(), nil
	case kind == protocol.JSONValue || kind == protocol.JSONObject && v.Kind == model.Object:
		return rawJSON().Parens(jsonLit(v)), nil
	case (kind == protocol.Text || kind == protocol.OptionalText) && v.Kind == model.String:
		if kind == protocol.OptionalText {
			return jen.Id("conformancePtr").Call(textLit(v.Text)), nil
		}
		return textLit(v.Text), nil
	case kind == protocol.OptionalInteger:
		return optionalInt(v)
	case kind == protocol.Integer:
		return requiredInt(v)
	case kind == protocol.Boolean && v.Kind == model.Bool:
		return jen.Lit(v.Bool), nil
	case kind == protocol.TextList && v.Kind == model.Array:
		items := make([]string, len(v.Items))
		for i, item := range v.Items {
			if item.Kind != model.String {
				return nil, fmt.Errorf("item %d must be a string, not %s", i, item.Kind)
			}
			items[i] = item.Text
		}
		return stringList(items), nil
	}
	return nil, fmt.Errorf("no Go argument of protocol kind %d for %s", kind, v.Compact())
}

// stringList is a []string literal, on one line when it fits.
func stringList(items []string) *jen.Statement {
	lits := make([]jen.Code, len(items))
	for i, s := range items {
		lits[i] = textLit(s)
	}
	oneLine := jen.Index().String().Values(lits...)
	if len(fmt.Sprintf("%#v", oneLine)) <= maxCallWidth {
		return oneLine
	}
	return list(jen.String(), lits...)
}

// messagingCall calls the operation with one argument per line, each
// followed by its parameter's wire name: a case passes up to ten positional
// arguments, several of them nil or false.
func messagingCall(op protocol.Operation, args []jen.Code) *jen.Statement {
	lines := make([]jen.Code, len(args))
	for i, a := range args {
		lines[i] = jen.Add(a).Op(",").Comment(op.Params[i].Name)
	}
	return jen.List(jen.Id("got"), jen.Err()).Op(":=").Id("subject").Dot(exported(op.Name)).
		Custom(jen.Options{Open: "(", Close: ")", Multi: true}, lines...)
}

// expectMember checks one member of the result: an error message that
// mentions each string, a value equal to one of those a one_of allows, or a
// value deep-equal to the expected one once the
// typed member is converted to JSON (conformanceExpectResult). A nil list
// is an empty one (conformanceList): the protocol's lists are never absent.
func expectMember(f protocol.Field, e model.Expectation) jen.Code {
	got := gotField(exported(f.Name))
	if e.Mentions != nil {
		return call("conformanceExpectMentions", jen.Id("t"), jen.Lit(e.Member), got, stringList(e.Mentions))
	}
	if e.OneOf != nil {
		args := []jen.Code{jen.Id("t"), jen.Lit(e.Member), got}
		for _, v := range e.OneOf {
			args = append(args, jsonLit(v))
		}
		return call("conformanceExpectOneOf", args...)
	}
	switch f.Type.Kind {
	case protocol.TextList, protocol.BooleanList, protocol.RecordList:
		got = jen.Id("conformanceList").Call(got)
	}
	return call("conformanceExpectResult", jen.Id("t"), jen.Lit(e.Member), got, jsonLit(e.Value))
}
