package php

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// hostileTexts are strings a messaging case may carry in its arguments and
// expectations, which PHP must read back byte for byte.
var hostileTexts = []string{
	"{oops", `"quoted" 'single'`, "$x {$y} ${z}", `back\slash \u{31} \x41`, "*/ ?> <?php", "a\x00b", "line\nbreak\r\t",
	"\u2028\u2029\u202e", "e\u0301", "😀 is not an order", strings.Repeat("long 'body' $x ", 20),
}

// readMessageCase is a row_errors case over hostile texts, its arguments
// in an order of its own and without action or raw_excerpt_length.
func readMessageCase(name string, body string) model.MessagingCase {
	str := model.StringValue
	return model.MessagingCase{Name: name,
		Args: []model.Member{
			{Key: "body", Value: str(body)}, {Key: "broker", Value: str("kafka")},
			{Key: "type", Value: model.ObjectValue(model.Member{Key: "type", Value: str("object")})},
			{Key: "source", Value: str("q'ueue $x")}, {Key: "position", Value: str("offset {$y} */")},
			{Key: "message_id", Value: str("m\"1")}, {Key: "dead_letter_queue", Value: model.BoolValue(true)},
			{Key: "metadata", Value: model.ObjectValue(model.Member{Key: "10", Value: model.ObjectValue()},
				model.Member{Key: "$k", Value: model.ArrayValue()})},
		},
		Expect: []model.Expectation{
			{Member: "handed_on", Value: model.BoolValue(false)},
			{Member: "read_error", Mentions: []string{"q'ueue $x", body}},
			{Member: "excerpt", Value: str(body)},
			{Member: "dead_letters", Value: model.ArrayValue()},
			{Member: "row_errors", Value: model.ObjectValue(model.Member{Key: "fail", Value: model.NumberValue("1")})},
		}}
}

// messagingClassOf lays out a row_errors block of cases.
func messagingClassOf(t *testing.T, cases ...model.MessagingCase) messagingClass {
	t.Helper()
	f, err := buildMessagingClass(&common{}, model.BlockRowErrors, &model.MessagingBlock{Cases: cases}, protocol.ReadMessage)
	if err != nil {
		t.Fatal(err)
	}
	return f.Data.(messagingClass)
}

// Every parameter of the operation is passed, by name and in the method's
// order, converted from the argument of the same wire name; a missing one
// is null. Expectations are JSON-model literals, or the mentions list.
func TestMessagingArgumentsByWireName(t *testing.T) {
	class := messagingClassOf(t, readMessageCase("Case 'one' */ ?>", "{oops"))
	if class.Call != "$result = $this->subject()->readMessage" || class.About != "': result of read_message'" {
		t.Errorf("call %q, about %q", class.Call, class.About)
	}
	test := class.Tests[0]
	if test.Method != "test_case_one" || test.Case != `"Case 'one' */ ?>"` {
		t.Errorf("method %s, case %s", test.Method, test.Case)
	}
	want := []string{"type: (object) ['type' => 'object']", "broker: 'kafka'", `source: "q'ueue \$x"`,
		"position: 'offset {$y} */'", `messageId: 'm"1'`, "metadata: (object) ['10' => (object) [], '$k' => []]",
		"body: '{oops'", "action: null", "deadLetterQueue: true", "rawExcerptLength: null"}
	if strings.Join(test.Args, "\n") != strings.Join(want, "\n") {
		t.Errorf("arguments\n%s\nwant\n%s", strings.Join(test.Args, "\n"), strings.Join(want, "\n"))
	}
	got := []memberExpectation{}
	got = append(got, test.Expect...)
	wantExpect := []memberExpectation{
		{Member: "'handed_on'", Value: "false"}, {Member: "'read_error'", Mentions: `["q'ueue \$x", '{oops']`},
		{Member: "'excerpt'", Value: "'{oops'"}, {Member: "'dead_letters'", Value: "[]"},
		{Member: "'row_errors'", Value: "(object) ['fail' => 1]"},
	}
	if len(got) != len(wantExpect) {
		t.Fatalf("expectations %+v", got)
	}
	for i := range got {
		if got[i] != wantExpect[i] {
			t.Errorf("expectation %d: %+v, want %+v", i, got[i], wantExpect[i])
		}
	}
}

// Hostile bodies reach PHP exactly: the body argument, the expected excerpt
// and each mention evaluate to the case's bytes; no line of a generated
// test is longer than maxLine, a long body being split into literals.
func TestMessagingHostileBodiesAreWrittenByConstruction(t *testing.T) {
	var cases []model.MessagingCase
	for i, body := range hostileTexts {
		cases = append(cases, readMessageCase(strings.Repeat("x", i)+body, body))
	}
	class := messagingClassOf(t, cases...)
	var script strings.Builder
	script.WriteString("<?php\n")
	for i, test := range class.Tests {
		body := strings.TrimPrefix(test.Args[6], "body: ")
		if body == test.Args[6] {
			t.Fatalf("case %d: the seventh argument is not the body: %s", i, test.Args[6])
		}
		for _, lit := range []string{test.Case, body, test.Expect[2].Value} {
			for _, r := range lit {
				if r != '\n' && !visible(r) {
					t.Errorf("case %d: %q holds the invisible %U", i, lit, r)
				}
			}
		}
		script.WriteString("echo bin2hex(" + body + "), ' ', bin2hex(" + test.Expect[2].Value + "), ' ', " +
			"implode(',', array_map('bin2hex', " + test.Expect[1].Mentions + ")), \"\\n\";\n")
	}
	rendered := renderBlock(t, class)
	for i, line := range strings.Split(rendered, "\n") {
		if n := len([]rune(line)); n > maxLine && !strings.Contains(line, "public function test_") {
			t.Errorf("line %d has %d characters: %s", i, n, line)
		}
	}
	requirePHP(t)
	got := runPHP(t, script.String())
	for i, body := range hostileTexts {
		h := hex.EncodeToString([]byte(body))
		want := h + " " + h + " " + hex.EncodeToString([]byte("q'ueue $x")) + "," + h
		if i >= len(got) || got[i] != want {
			t.Errorf("PHP reads the literals of %q as %v", body, got[min(i, len(got)-1)])
		}
	}
	lintAll(t, writeFiles(t, []backend.File{{Path: "RowErrorsTest.php", Content: []byte(rendered)}}))
}

// renderBlock renders a messaging class with the backend's templates.
func renderBlock(t *testing.T, class messagingClass) string {
	t.Helper()
	tmpl, err := New().(Backend).lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	class.Namespace = DefaultNamespace
	class.Version, class.Regenerate = "1", defaultRegenerate
	var b strings.Builder
	if err := tmpl.ExecuteTemplate(&b, model.BlockRowErrors+".test.php", class); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// An argument of the wrong JSON kind for its parameter, or a null for one
// that cannot be absent, is an error, never a literal PHP would reject or
// coerce.
func TestPHPArgumentChecksKinds(t *testing.T) {
	str, num := model.StringValue, model.NumberValue
	for _, c := range []struct {
		kind protocol.Kind
		v    model.Value
		want string // "" for an error
	}{
		{protocol.Text, str("a'b"), `"a'b"`},
		{protocol.Text, model.NullValue(), ""},
		{protocol.Text, num("1"), ""},
		{protocol.OptionalText, model.NullValue(), "null"},
		{protocol.OptionalText, str("fail"), "'fail'"},
		{protocol.Integer, num("7"), "7"},
		{protocol.Integer, num("1.5"), ""},
		{protocol.Integer, num("1e3"), ""},
		{protocol.Integer, num("99999999999999999999"), ""},
		{protocol.OptionalInteger, model.NullValue(), "null"},
		{protocol.OptionalInteger, str("5"), ""},
		{protocol.Boolean, model.BoolValue(false), "false"},
		{protocol.Boolean, str("true"), ""},
		{protocol.TextList, model.ArrayValue(str("a"), str("$b")), `['a', '$b']`},
		{protocol.TextList, model.ArrayValue(num("1")), ""},
		{protocol.TextList, model.ObjectValue(), ""},
		{protocol.JSONObject, model.ObjectValue(), "(object) []"},
		{protocol.JSONObject, model.ArrayValue(), ""},
		{protocol.JSONValue, model.NullValue(), "null"},
		{protocol.JSONValue, model.ArrayValue(model.ArrayValue(str("m1"))), "[['m1']]"},
		{protocol.Record, model.ObjectValue(), ""},
	} {
		got, err := phpArgument(protocol.Type{Kind: c.kind, Record: "Delivery"}, c.v)
		if (err == nil) != (c.want != "") || (err == nil && got != c.want) {
			t.Errorf("kind %d, %s: %q, %v; want %q", c.kind, c.v.Compact(), got, err, c.want)
		}
	}
}

// The generated tests of the canonical suite: one method per case of each
// messaging block, calling its operation with named arguments and
// asserting each expected member.
func TestMessagingTestsRendered(t *testing.T) {
	files := map[string]string{}
	for _, f := range generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindOracle}) {
		files[f.Path] = string(f.Content)
	}
	for block, wants := range map[string][]string{
		model.BlockSettlement: {"    public function test_acknowledge(): void\n    {\n        $case = 'acknowledge';\n" +
			"        $result = $this->subject()->settle(broker: 'rabbitmq', deadLetterQueue: false, calls: ['acknowledge']);\n" +
			"        Expect::member(['acknowledged'], $result, 'results', $case . ': result of settle');\n"},
		model.BlockRowErrors: {"            body: '{oops',\n            action: null,\n",
			"        Expect::member(\n            (object) ['source' => 'orders', 'position' => '42'],\n            $result,\n" +
				"            'read_error',\n            $case . ': result of read_message',\n        );\n",
			"            rawExcerptLength: 5,\n", "Expect::memberOneOf(['abcd', 'abcd😀'], $result, 'excerpt', $case . ': result of read_message');"},
		model.BlockFailedWrites: {"$result = $this->subject()->writeMessages(\n            sink: 'message_queue',\n" +
			"            action: 'fail',\n            batches: [['m1', 'm2'], ['m3']],\n            refused: [],\n        );\n"},
	} {
		file := files[TestFile(block)]
		for _, want := range wants {
			if !strings.Contains(file, want) {
				t.Errorf("the %s tests lack\n%s", block, want)
			}
		}
	}
}

// The skipping subject passes a long argument list on one argument a line.
func TestForwardBreaksLongArgumentLists(t *testing.T) {
	api, err := buildSubject([]protocol.Operation{protocol.Settle, protocol.ReadMessage}, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	if got := api.Methods[0].Forward("            "); got != "return $this->subject->settle($broker, $deadLetterQueue, $calls);" {
		t.Errorf("short: %s", got)
	}
	got := api.Methods[1].Forward("            ")
	if !strings.HasPrefix(got, "return $this->subject->readMessage(\n                $type,\n") ||
		!strings.HasSuffix(got, "                $rawExcerptLength,\n            );") {
		t.Errorf("long:\n%s", got)
	}
}
