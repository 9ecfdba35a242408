package dotnet

import (
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingOperations are the messaging blocks and the operation each calls.
var messagingOperations = []struct {
	block string
	op    protocol.Operation
	of    func(*model.Suite) *model.MessagingBlock
}{
	{model.BlockSettlement, protocol.Settle, func(s *model.Suite) *model.MessagingBlock { return s.Settlement }},
	{model.BlockRowErrors, protocol.ReadMessage, func(s *model.Suite) *model.MessagingBlock { return s.RowErrors }},
	{model.BlockFailedWrites, protocol.WriteMessages, func(s *model.Suite) *model.MessagingBlock { return s.FailedWrites }},
}

// assertionPattern reads the assertion of one expected member: the
// JsonAssert method, and its arguments up to the end of the statement.
var assertionPattern = regexp.MustCompile(`(?s)JsonAssert\.(Equal|OneOf|Mentions)\(\s*(.*?)\);\n`)

// Every case of a messaging block is one test of its block's class, named
// from the case name and displayed under the block, that declares each of
// the operation's parameters once, calls the operation once and asserts
// every expected member: deep JSON equality against the expected value (or
// one of those a one_of allows), or each mention of an error message, in the manifest's order.
func TestMessagingCasesAreTests(t *testing.T) {
	t.Parallel()
	for _, ts := range loadSuites(t) {
		files := filesByPath(generate(t, ts.suite, backend.BindOracle))
		for _, m := range messagingOperations {
			b := m.of(ts.suite)
			if b == nil {
				continue
			}
			tests := testsOf(t, string(files[testClassName(m.block)+".cs"].Content))
			if len(tests) != len(b.Cases) {
				t.Fatalf("%s: %s has %d tests for %d cases", ts.name, m.block, len(tests), len(b.Cases))
			}
			for i, c := range b.Cases {
				where := ts.name + ": " + m.block + "/" + c.Name
				if tests[i].display != displayName(m.block, c.Name) {
					t.Errorf("%s: displayed as %q", where, tests[i].display)
				}
				checkMessagingBody(t, where, tests[i].body, m.op, c)
			}
		}
	}
}

func checkMessagingBody(t *testing.T, where, body string, op protocol.Operation, c model.MessagingCase) {
	t.Helper()
	for _, p := range op.Params {
		decls := regexp.MustCompile(`(?m)^\s*\S.*? `+regexp.QuoteMeta(csParamName(p.Name))+` =(?: |$)`).FindAllString(body, -1)
		if len(decls) != 1 {
			t.Errorf("%s: parameter %s is declared %d times", where, p.Name, len(decls))
		}
	}
	if n := strings.Count(body, "ConformanceSubjects.Current."+csTypeName(op.Name)+"("); n != 1 {
		t.Errorf("%s: %s is called %d times", where, op.Name, n)
	}
	asserts := assertionPattern.FindAllStringSubmatch(body+"\n", -1)
	if len(asserts) != len(c.Expect) {
		t.Fatalf("%s: %d assertions for %d expected members:\n%s", where, len(asserts), len(c.Expect), body)
	}
	for i, e := range c.Expect {
		method, args := asserts[i][1], splitArguments(asserts[i][2])
		if e.Mentions != nil {
			if method != "Mentions" || len(args) != 2+len(e.Mentions) || concatenation(t, args[1]) != e.Member {
				t.Errorf("%s: %s is not asserted by its mentions: %s", where, e.Member, asserts[i][0])
				continue
			}
			for j, mention := range e.Mentions {
				if got := concatenation(t, args[2+j]); got != mention {
					t.Errorf("%s: %s mention %d is %q, want %q", where, e.Member, j, got, mention)
				}
			}
			continue
		}
		want := "Equal"
		if e.OneOf != nil {
			want = "OneOf"
		}
		if method != want || len(args) != 3 || concatenation(t, args[2]) != e.Member ||
			!strings.Contains(args[1], "result."+csTypeName(e.Member)) {
			t.Errorf("%s: %s is not asserted equal: %s", where, e.Member, asserts[i][0])
		}
	}
}

// splitArguments splits a call's arguments at the commas outside string
// literals and parentheses.
func splitArguments(args string) []string {
	var out []string
	depth, start, inString := 0, 0, false
	for i := 0; i < len(args); i++ {
		switch c := args[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(args[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(args[start:]))
}

// messagingCaseOf is a row_errors-shaped case with args and expect.
func messagingCaseOf(args []model.Member, expect ...model.Expectation) model.MessagingCase {
	return model.MessagingCase{Name: "c", Args: args, Expect: expect}
}

// A case's arguments become locals of the parameters' C# types: strings
// and lists of strings read back exactly, however long or hostile; a JSON
// null or an absent optional argument is null; numbers are longs.
func TestMessagingArguments(t *testing.T) {
	for _, s := range append(adversarialStrings, strings.Repeat("emoji 😀 \" \\ ", 20)) {
		body, err := messagingCase(protocol.WriteMessages, messagingCaseOf([]model.Member{
			{Key: "sink", Value: model.StringValue(s)},
			{Key: "action", Value: model.StringValue("fail")},
			{Key: "batches", Value: model.NullValue()},
			{Key: "refused", Value: model.ArrayValue(model.StringValue(s), model.StringValue("x"))},
		}))
		if err != nil {
			t.Fatal(err)
		}
		sink := strings.TrimSuffix(strings.TrimPrefix(string(body.Args[0]), "string sink ="), ";")
		if got := concatenation(t, sink); got != s {
			t.Errorf("sink reads back as %q, want %q", got, s)
		}
		if body.Args[2] != "JsonNode? batches = null;" {
			t.Errorf("a JSON null is not null: %s", body.Args[2])
		}
		refused := string(body.Args[3])
		items := strings.TrimSuffix(strings.TrimPrefix(refused[strings.Index(refused, "{")+1:], " "), "};")
		parts := splitArguments(strings.TrimSpace(items))
		if parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		if len(parts) != 2 || concatenation(t, parts[0]) != s || concatenation(t, parts[1]) != "x" {
			t.Errorf("refused does not read back: %s", refused)
		}
		for _, line := range strings.Split(strings.Join([]string{string(body.Args[0]), refused}, "\n"), "\n") {
			if bodyIndent+len(line) > maxLine {
				t.Errorf("line of %d columns: %s", bodyIndent+len(line), line)
			}
		}
	}
	body, err := messagingCase(protocol.ReadMessage, messagingCaseOf([]model.Member{
		{Key: "type", Value: model.ObjectValue()}, {Key: "action", Value: model.NullValue()},
		{Key: "raw_excerpt_length", Value: model.NumberValue("3")}, {Key: "dead_letter_queue", Value: model.BoolValue(true)},
		{Key: "broker", Value: model.StringValue("kafka")}, {Key: "source", Value: model.StringValue("q")},
		{Key: "position", Value: model.StringValue("p")}, {Key: "message_id", Value: model.StringValue("m")},
		{Key: "metadata", Value: model.ObjectValue()}, {Key: "body", Value: model.StringValue("{oops")},
	}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []csExpr{`JsonObject type = JsonNode.Parse("{}")!.AsObject();`, `string? action = null;`,
		`long? rawExcerptLength = 3L;`, `bool deadLetterQueue = true;`, `string body = "{oops";`} {
		if !containsExpr(body.Args, want) {
			t.Errorf("no %s among %q", want, body.Args)
		}
	}
	if want := "MessageRead result = ConformanceSubjects.Current.ReadMessage(\n    type, broker, source, position, " +
		"messageId, metadata, body, action, deadLetterQueue, rawExcerptLength);"; string(body.Call) != want {
		t.Errorf("call:\n%s\nwant\n%s", body.Call, want)
	}
	// An optional argument the case leaves out is null too.
	var required []model.Member
	for _, p := range protocol.ReadMessage.Params {
		if p.Type.Kind != protocol.OptionalText && p.Type.Kind != protocol.OptionalInteger {
			v, _ := messagingCaseOf(nil).Arg(p.Name)
			required = append(required, model.Member{Key: p.Name, Value: v})
		}
	}
	for i := range required {
		switch required[i].Key {
		case "type", "metadata":
			required[i].Value = model.ObjectValue()
		case "dead_letter_queue":
			required[i].Value = model.BoolValue(false)
		default:
			required[i].Value = model.StringValue("s")
		}
	}
	body, err = messagingCase(protocol.ReadMessage, messagingCaseOf(required))
	if err != nil {
		t.Fatal(err)
	}
	if !containsExpr(body.Args, "string? action = null;") || !containsExpr(body.Args, "long? rawExcerptLength = null;") {
		t.Errorf("absent optional arguments are not null: %q", body.Args)
	}
}

func containsExpr(exprs []csExpr, want csExpr) bool {
	for _, e := range exprs {
		if e == want {
			return true
		}
	}
	return false
}

// A case the backend could not pass on faithfully is an error, never a
// test that asserts less: an argument the operation does not take, a value
// of the wrong kind, an expected member the result lacks.
func TestMessagingRejectsWhatItCannotPass(t *testing.T) {
	good := []model.Member{
		{Key: "broker", Value: model.StringValue("kafka")}, {Key: "dead_letter_queue", Value: model.BoolValue(false)},
		{Key: "calls", Value: model.ArrayValue(model.StringValue("acknowledge"))},
	}
	with := func(key string, v model.Value) []model.Member {
		out := append([]model.Member{}, good...)
		for i := range out {
			if out[i].Key == key {
				out[i].Value = v
				return out
			}
		}
		return append(out, model.Member{Key: key, Value: v})
	}
	results := model.Expectation{Member: "results", Value: model.ArrayValue()}
	if _, err := messagingCase(protocol.Settle, messagingCaseOf(good, results)); err != nil {
		t.Fatalf("the good case: %v", err)
	}
	for name, c := range map[string]model.MessagingCase{
		"unknown argument":   messagingCaseOf(with("queue", model.StringValue("q")), results),
		"number for text":    messagingCaseOf(with("broker", model.NumberValue("1")), results),
		"null for text":      messagingCaseOf(with("broker", model.NullValue()), results),
		"string for boolean": messagingCaseOf(with("dead_letter_queue", model.StringValue("true")), results),
		"number in a list":   messagingCaseOf(with("calls", model.ArrayValue(model.NumberValue("1"))), results),
		"object for a list":  messagingCaseOf(with("calls", model.ObjectValue()), results),
		"unknown member":     messagingCaseOf(good, model.Expectation{Member: "outcome", Value: model.NullValue()}),
		"missing boolean":    messagingCaseOf(good[:1], results),
	} {
		if _, err := messagingCase(protocol.Settle, c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	integer := protocol.Field{Name: "n", Type: protocol.Type{Kind: protocol.OptionalInteger}}
	if _, err := argumentStatement(integer, "n", model.NumberValue("1.5")); err == nil {
		t.Error("a fraction for an integer was accepted")
	}
}

// An expected member is compared as JSON, its exact value whatever it
// holds: null as null, a string or boolean as JsonValue.Create, a long
// string on lines of its own, a number by its exact spelling.
func TestMessagingExpectationsKeepTheValue(t *testing.T) {
	rec, _ := protocol.LookupRecord("MessageRead")
	long := strings.Repeat("quote \" emoji 😀 ", 12)
	for _, c := range []struct {
		e    model.Expectation
		want string // the assertion's expected argument, or the local's initializer
	}{
		{model.Expectation{Member: "excerpt", Value: model.NullValue()}, "null"},
		{model.Expectation{Member: "handed_on", Value: model.BoolValue(true)}, "JsonValue.Create(true)"},
		{model.Expectation{Member: "settlement", Value: model.StringValue(`a"b`)}, `JsonValue.Create("a\"b")`},
		{model.Expectation{Member: "row_errors", Value: model.ObjectValue(model.Member{Key: "fail",
			Value: model.NumberValue("1.0")})}, "JsonNode.Parse(\"\"\"\n    {\"fail\": 1.0}\n    \"\"\")"},
	} {
		check, err := memberCheck(rec, c.e, map[string]bool{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(check), c.want) {
			t.Errorf("%s: %s does not hold %s", c.e.Member, check, c.want)
		}
	}
	check, err := memberCheck(rec, model.Expectation{Member: "excerpt", Value: model.StringValue(long)}, map[string]bool{})
	if err != nil {
		t.Fatal(err)
	}
	decl, assertion, _ := strings.Cut(string(check), ";\n")
	init := strings.TrimSuffix(strings.TrimPrefix(decl, "JsonNode? expectedExcerpt = JsonValue.Create("), ")")
	if got := concatenation(t, init); got != long {
		t.Errorf("the long string reads back as %q", got)
	}
	if assertion != `JsonAssert.Equal(expectedExcerpt, JsonValue.Create(result.Excerpt), "excerpt");` {
		t.Errorf("assertion: %s", assertion)
	}
	for _, line := range strings.Split(string(check), "\n") {
		if bodyIndent+len(line) > maxLine {
			t.Errorf("line of %d columns: %s", bodyIndent+len(line), line)
		}
	}
	if _, err := memberCheck(rec, model.Expectation{Member: "excerpt", Value: model.StringValue(long)},
		map[string]bool{"expectedExcerpt": true}); err == nil {
		t.Error("a second local of the same name was accepted")
	}
}

// Each member's JSON form follows its protocol kind; a kind with none is an
// error, not a comparison that cannot fail.
func TestJSONOfResultMembers(t *testing.T) {
	for kind, want := range map[protocol.Kind]string{
		protocol.Text: "JsonValue.Create(x)", protocol.OptionalText: "JsonValue.Create(x)",
		protocol.Boolean: "JsonValue.Create(x)", protocol.OptionalInteger: "JsonValue.Create(x)",
		protocol.JSONObject: "x", protocol.JSONValue: "x", protocol.TextList: "ConformanceJson.Texts(x)",
	} {
		if got, err := jsonOf(kind, "x"); err != nil || string(got) != want {
			t.Errorf("kind %d: %s, %v; want %s", kind, got, err, want)
		}
	}
	for _, kind := range []protocol.Kind{protocol.BooleanList, protocol.TextMap, protocol.Record, protocol.RecordList} {
		if _, err := jsonOf(kind, "x"); err == nil {
			t.Errorf("kind %d has a JSON form", kind)
		}
	}
}

// The scaffolds map none of the messaging operations: each reports "not
// provided", saying what no BabelQueue .NET package has, in the core's
// scaffold and in a transport package's; none is listed as provided.
func TestScaffoldReportsWhyMessagingIsNotProvided(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]*model.Suite{"core": loadSuites(t)[0].suite, "sqs": selectBlocks(t, model.BlockSQS)} {
		var scaffold string
		for _, f := range generate(t, s, backend.BindSDK) {
			if f.Kind == backend.Scaffold {
				scaffold = string(f.Content)
			}
		}
		provided := scaffold[:strings.Index(scaffold, "};")]
		for _, m := range messagingOperations {
			if strings.Contains(provided, string(csString(m.op.Name))) {
				t.Errorf("%s: %s is listed as provided", name, m.op.Name)
			}
			sig := "public " + signatureOf(t, m.op) + " =>\n        throw new NotProvidedException(\n            " +
				string(csString(m.op.Name)) + ",\n"
			at := strings.Index(scaffold, sig)
			if at < 0 {
				t.Errorf("%s: %s does not throw NotProvidedException", name, m.op.Name)
				continue
			}
			reason := concatenation(t, scaffold[at+len(sig):at+strings.Index(scaffold[at:], ");")])
			if !strings.HasPrefix(reason, "no BabelQueue .NET package ") || !strings.Contains(reason, "shared messaging layer") {
				t.Errorf("%s: %s gives no reason of its own: %q", name, m.op.Name, reason)
			}
		}
	}
}
