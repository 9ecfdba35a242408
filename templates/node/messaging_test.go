package node

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingBlocks are a settlement, a row_errors and a failed_writes block
// whose names, descriptions, type, sources, positions, ids, bodies and
// metadata are hostile; their expectations are the contract's (the
// message-queues shared behaviour), so the oracle passes them.
func messagingBlocks(hostile string) map[string]any {
	var settle []any
	for i, calls := range [][]string{{"acknowledge"}, {"requeue", "acknowledge"}, {"copy.reject", "acknowledge"}} {
		results := map[string][]any{
			"acknowledge": {"acknowledged"}, "requeue": {"requeued", "requeued"}, "copy.reject": {"rejected", "rejected"},
		}[calls[0]]
		c := map[string]any{"name": hostile + " settle " + calls[0], "broker": "rabbitmq", "dead_letter_queue": false,
			"calls": calls, "expect": map[string]any{"results": results, "broker_actions": results[:1],
				"redelivered_by":   map[bool]any{true: "requeue", false: nil}[calls[0] == "requeue"],
				"messages_settled": map[string]any{results[0].(string): 1}}}
		if i%2 == 0 {
			c["description"] = hostile
		}
		settle = append(settle, c)
	}
	var rows []any
	for i, s := range adversarial {
		rows = append(rows, rowCase("read fails "+s, s, "fail", 0), rowCase("dead letter "+s, s, "dead_letter", 0))
		if i%4 == 0 {
			valid, _ := json.Marshal(map[string]string{hostile: s})
			rows = append(rows, rowCase("handed on "+s, string(valid), "", 0))
		}
	}
	rows = append(rows, rowCase("excerpt of "+hostile, adversarial[12], "", 7))
	ids := adversarial
	writes := []any{
		map[string]any{"name": hostile + " dead-lettered", "description": hostile, "sink": "message_queue", "action": "dead_letter",
			"batches": []any{ids[:8], ids[8:]}, "refused": []any{ids[3], ids[12]},
			"expect": map[string]any{"write_fails": false, "settlements": byID(ids, func(string, int) any { return "acknowledged" }),
				"dead_letters":       []any{ids[3], ids[12]},
				"acknowledged_after": byID(ids, func(_ string, i int) any { return map[bool]string{true: "batch 1", false: "batch 2"}[i < 8] })}},
		map[string]any{"name": hostile + " requeued", "sink": "message_queue", "action": "requeue",
			"batches": []any{ids}, "refused": []any{ids[0]},
			"expect": map[string]any{"write_fails": false,
				"settlements":        byID(ids, func(_ string, i int) any { return map[bool]string{true: "requeued", false: "acknowledged"}[i == 0] }),
				"dead_letters":       []any{},
				"acknowledged_after": byID(ids[1:], func(string, int) any { return "batch 1" })}},
	}
	return map[string]any{
		model.BlockSettlement: map[string]any{"description": hostile, "cases": settle},
		model.BlockRowErrors: map[string]any{"description": hostile, "cases": rows,
			"type": map[string]any{"type": "object", "required": []any{hostile}, "properties": map[string]any{hostile: map[string]any{"type": "string"}}}},
		model.BlockFailedWrites: map[string]any{"description": hostile, "cases": writes},
	}
}

// rowCase is a row_errors case reading body from a hostile source and
// position with action ("" for no handler), its excerpt limited to limit
// code points when limit > 0. A body that is not JSON fails the read or is
// dead-lettered as action says; JSON is the valid T it holds.
func rowCase(name, body, action string, limit int) map[string]any {
	c := map[string]any{"name": name, "broker": "kafka", "source": "source " + body, "position": "at " + body,
		"message_id": "id " + body, "metadata": map[string]any{body: body, "__proto__": map[string]any{"polluted": true}},
		"body": body, "dead_letter_queue": false}
	if action != "" {
		c["action"] = action
	}
	if limit > 0 {
		c["raw_excerpt_length"] = limit
	}
	expect := map[string]any{"handed_on": false, "read_error": nil, "excerpt": nil, "settlement": "unsettled",
		"dead_letters": []any{}, "row_errors": map[string]any{}}
	switch {
	case json.Valid([]byte(body)):
		expect["handed_on"] = true
	case action == "dead_letter":
		expect["settlement"] = "removed"
		expect["dead_letters"] = []any{map[string]any{"source": c["source"], "message_id": c["message_id"], "body": body, "metadata": c["metadata"]}}
		expect["row_errors"] = map[string]any{"dead_letter": 1}
	default:
		expect["read_error"] = map[string]any{"source": c["source"], "position": c["position"]}
		expect["excerpt"] = body
		if limit > 0 && utf8.RuneCountInString(body) > limit {
			// A cut body: the oracle keeps limit code points; the whole
			// body stands in for another reading the case allows.
			expect["excerpt"] = map[string]any{"one_of": []any{string([]rune(body)[:limit]), body}}
		}
		expect["row_errors"] = map[string]any{"fail": 1}
	}
	c["expect"] = expect
	return c
}

// byID maps each id to value(id, its index).
func byID(ids []string, value func(string, int) any) map[string]any {
	out := map[string]any{}
	for i, id := range ids {
		out[id] = value(id, i)
	}
	return out
}

// messagingSuite is a suite of messagingBlocks.
func messagingSuite(t *testing.T) *model.Suite {
	t.Helper()
	hostile := strings.Join(adversarial[1:len(adversarial)-1], " | ")
	manifest := messagingBlocks(hostile)
	manifest["schema_version"] = 1
	raw, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	s, problems := model.Load(fstest.MapFS{"manifest.json": {Data: raw}})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// Each case is one test, named by the case, calling its block's operation
// with every argument in parameter order (row_errors' type through its
// shared constant) and asserting each expected member, no more.
func TestMessagingTests(t *testing.T) {
	s := messagingSuite(t)
	files := byPath(generate(t, s, backend.BindOracle))
	for block, b := range map[string]*model.MessagingBlock{model.BlockSettlement: s.Settlement,
		model.BlockRowErrors: s.RowErrors, model.BlockFailedWrites: s.FailedWrites} {
		src := unsplit(string(files[TestFileName(block)].Content))
		tests := gateTests(t, flat(src))
		if len(tests) != len(b.Cases) {
			t.Errorf("%s: %d tests for %d cases", block, len(tests), len(b.Cases))
		}
		op := messagingOps[block]
		for _, c := range b.Cases {
			body, ok := tests[tsString(c.Name)]
			if !ok {
				t.Errorf("%s: no test named %s", block, tsString(c.Name))
				continue
			}
			var args []string
			for _, p := range op.Params {
				v, _ := c.Arg(p.Name)
				lit, _ := flatValue(v)
				if p.Name == "type" {
					lit = "type"
				}
				args = append(args, lit)
			}
			flatBody := squash(body)
			if call := "await subject." + lowerCamel(op.Name) + "(" + strings.Join(args, ", ") + ");"; !strings.Contains(flatBody, squash(call)) {
				t.Errorf("%s %q: no call %s\n%s", block, c.Name, call, body)
			}
			for _, e := range c.Expect {
				fn := "assertJsonEqual"
				value, _ := flatValue(e.Value)
				switch {
				case e.Mentions != nil:
					fn = "assertMentions"
					value, _ = flatValue(mentionsValue(e.Mentions))
				case e.OneOf != nil:
					fn = "assertJsonOneOf"
					value, _ = flatValue(model.ArrayValue(e.OneOf...))
				}
				want := fn + "(result." + e.Member + ", " + value + ", " + tsString(e.Member) + ");"
				if !strings.Contains(flatBody, squash(want)) {
					t.Errorf("%s %q: no assertion %s\n%s", block, c.Name, want, body)
				}
			}
			if n := strings.Count(body, "\n"+describeIndent+"  assert"); n != len(c.Expect) {
				t.Errorf("%s %q: %d assertions for %d expected members", block, c.Name, n, len(c.Expect))
			}
		}
	}
	rows := string(files[TestFileName(model.BlockRowErrors)].Content)
	if strings.Count(rows, "const type: JsonObject = {") != 1 || !strings.Contains(rows, "import type { JsonObject } from") {
		t.Errorf("row_errors does not declare its type once:\n%s", rows[:min(len(rows), 2000)])
	}
}

// squash is source without whitespace or trailing commas, so a statement
// compares the same however it is laid out.
func squash(src string) string {
	src = strings.Join(strings.Fields(src), "")
	for _, r := range []string{")", "]", "}"} {
		src = strings.ReplaceAll(src, ","+r, r)
	}
	return src
}

// mentionsValue is the strings an error message must mention, as an array.
func mentionsValue(mentions []string) model.Value {
	items := make([]model.Value, len(mentions))
	for i, m := range mentions {
		items[i] = model.StringValue(m)
	}
	return model.ArrayValue(items...)
}

// longLiteral matches a string literal of more than 50 characters.
var longLiteral = regexp.MustCompile(`"(?:[^"\\]|\\.){50,}"`)

// Expected error messages and every hostile string reach the tests encoded,
// and no line is longer than the layout allows.
func TestMessagingValuesAreEncoded(t *testing.T) {
	for _, f := range generate(t, messagingSuite(t), backend.BindOracle) {
		if f.Kind == backend.Vendored || isIndex(f) {
			continue
		}
		for _, r := range "\u0085\u00a0\u3000\ufeff\u2028\u2029\u202e\u200b\x00\x7f\v\f\b\r" {
			if strings.ContainsRune(string(f.Content), r) {
				t.Errorf("%s carries U+%04X raw", f.Path, r)
			}
		}
		for i, line := range strings.Split(string(f.Content), "\n") {
			// A JSON literal keeps its strings whole, in every block: a
			// line holding a long one may be long.
			if n := len([]rune(line)); n > maxLine && !strings.Contains(line, "test(") && !longLiteral.MatchString(line) {
				t.Errorf("%s:%d is %d characters long: %s", f.Path, i+1, n, line)
			}
		}
	}
	files := byPath(generate(t, messagingSuite(t), backend.BindOracle))
	rows := unsplit(string(files[TestFileName(model.BlockRowErrors)].Content))
	for _, want := range []string{`assertJsonEqual(result.read_error, {`, `assertJsonOneOf(result.excerpt, [`, `"source template ${interpolation}`,
		`{ ["__proto__"]: { "polluted": true }`, `"at NUL \u0000 then digit \u00001"`} {
		if !strings.Contains(rows, want) {
			t.Errorf("row_errors lacks %s", want)
		}
	}
	if !strings.Contains(string(files[supportFile].Content), "export function assertJsonOneOf(") {
		t.Error("the support file does not define assertJsonOneOf")
	}
}

// A case the operation cannot take, or that expects what its result does
// not hold, is an error naming it, never a test that cannot type-check or
// asserts nothing.
func TestMessagingCaseErrors(t *testing.T) {
	str, num := model.StringValue, model.NumberValue
	good := func() model.MessagingCase {
		return model.MessagingCase{Name: "c", Args: []model.Member{{Key: "broker", Value: str("rabbitmq")},
			{Key: "dead_letter_queue", Value: model.BoolValue(false)}, {Key: "calls", Value: model.ArrayValue(str("acknowledge"))}},
			Expect: []model.Expectation{{Member: "results", Value: model.ArrayValue(str("acknowledged"))}}}
	}
	for name, tc := range map[string]struct {
		edit func(*model.MessagingCase)
		want string
	}{
		"unknown argument":  {func(c *model.MessagingCase) { c.Args = append(c.Args, model.Member{Key: "extra", Value: num("1")}) }, `argument "extra" is not a parameter of settle`},
		"missing argument":  {func(c *model.MessagingCase) { c.Args = c.Args[1:] }, "no argument broker"},
		"boolean as string": {func(c *model.MessagingCase) { c.Args[1].Value = str("false") }, `argument dead_letter_queue: "false" does not fit`},
		"list of numbers":   {func(c *model.MessagingCase) { c.Args[2].Value = model.ArrayValue(num("1")) }, "does not fit the parameter's type readonly string[]"},
		"unknown member":    {func(c *model.MessagingCase) { c.Expect[0].Member = "nope" }, `the result has no member "nope"`},
		"wrong member type": {func(c *model.MessagingCase) { c.Expect[0].Value = str("acknowledged") }, `"acknowledged" is not a value of the member's type string[]`},
		"mentions of text":  {func(c *model.MessagingCase) { c.Expect[0].Mentions = []string{"x"} }, "mentions need a member that holds an object"},
		"no expectation":    {func(c *model.MessagingCase) { c.Expect = nil }, "expects nothing of the settle result"},
	} {
		c := good()
		tc.edit(&c)
		s := &model.Suite{Settlement: &model.MessagingBlock{Cases: []model.MessagingCase{c}}}
		_, err := buildSettlement(s, &common{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `case "c"`) {
			t.Errorf("%s: error %v, want one naming the case and %q", name, err, tc.want)
		}
	}
	s := &model.Suite{Settlement: &model.MessagingBlock{Cases: []model.MessagingCase{good()}}}
	if _, err := buildSettlement(s, &common{}); err != nil {
		t.Errorf("the good case: %v", err)
	}
}

// A block-level argument becomes one constant only when every case passes
// it as the block holds it; otherwise each call carries its own.
func TestMessagingSharedArguments(t *testing.T) {
	s := messagingSuite(t)
	c := s.RowErrors.Cases[0]
	other := model.ObjectValue(model.Member{Key: "type", Value: model.StringValue("object")})
	c.Args = append([]model.Member{{Key: "type", Value: other}}, c.Args[1:]...)
	s.RowErrors.Cases = append(s.RowErrors.Cases, c)
	f, err := buildRowErrors(s, &common{})
	if err != nil {
		t.Fatal(err)
	}
	b := f.Body.(*messagingBody)
	if len(b.Shared) != 0 || len(f.Imports.Types) != 0 {
		t.Errorf("a type not every case passes was shared: %v", b.Shared)
	}
	if last := b.Cases[len(b.Cases)-1].Call; !strings.Contains(last, `{ "type": "object" },`) {
		t.Errorf("the differing case does not pass its own type:\n%s", last)
	}
	for name, free := range map[string]bool{"type": true, "subject": false, "result": false, "default": false, "JsonValue": false, "x-y": false} {
		if freeName(name) != free {
			t.Errorf("freeName(%q) = %v", name, !free)
		}
	}
}

// A member whose wire name is no identifier is read by index.
func TestMemberAccess(t *testing.T) {
	for name, want := range map[string]string{"results": "result.results", "x-y": `result["x-y"]`, "a\"b": `result["a\"b"]`} {
		if got := memberAccess("result", name); got != want {
			t.Errorf("memberAccess(%q) = %s, want %s", name, got, want)
		}
	}
	if rm, err := resultMembers(protocol.SQSReconcile); err != nil || rm["attempts"].access != messagingResult {
		t.Errorf("a one-member result is the method's answer itself: %v %v", rm, err)
	}
}
