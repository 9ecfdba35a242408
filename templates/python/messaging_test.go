package python

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingBlocks are the messaging blocks with the operation their cases
// run through.
var messagingBlocks = []struct {
	block string
	op    protocol.Operation
}{
	{model.BlockSettlement, protocol.Settle},
	{model.BlockRowErrors, protocol.ReadMessage},
	{model.BlockFailedWrites, protocol.WriteMessages},
}

// longText is a text longer than any line: it must be split into adjacent
// literals, and still reach the subject whole.
var longText = strings.Repeat("\u00a0{oops} \"quoted\" ", 12) + strings.Repeat("x", 130)

// hostileMessagingSuite is the canonical suite whose messaging blocks hold
// one case per adversarial string: in the case's name and description, in
// every text argument (bodies, sources, positions, metadata keys and
// values, calls, ids), in every expected text (error mentions, the
// excerpt, dead letters, counter keys), and a text longer than a line.
func hostileMessagingSuite(t *testing.T) *model.Suite {
	t.Helper()
	raw, err := fs.ReadFile(conformance.FS, model.ManifestFile)
	if err != nil {
		t.Fatal(err)
	}
	var manifest map[string]any
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	var settle, rows, writes []any
	texts := append(append([]string{}, adversarialStrings...), longText)
	for i, s := range texts {
		name := fmt.Sprintf("%s #%d", s, i)
		mention := s
		if mention == "" {
			mention = "#"
		}
		description := s // short enough for one docstring line
		if len(s) > 60 {
			description = ""
		}
		mentions := []any{mention, "1"}
		if i%2 == 1 {
			mentions = append(mentions, longText[:150])
		}
		settle = append(settle, map[string]any{"name": name, "description": description,
			"broker": []string{"rabbitmq", "servicebus", "sqs", "kafka"}[i%4], "dead_letter_queue": i%2 == 0,
			"calls": []any{s, "copy." + s},
			"expect": map[string]any{"results": []any{s}, "broker_actions": []any{}, "redelivered_by": []any{nil, s}[i%2],
				"messages_settled": map[string]any{s: i}}})
		row := map[string]any{"name": name, "broker": "kafka", "source": s, "position": s + " 1", "message_id": s,
			"metadata": map[string]any{s: s, "n": 1.5}, "body": s + longText[:i%3*60], "dead_letter_queue": i%2 == 1,
			"expect": map[string]any{"handed_on": i%2 == 0, "read_error": map[string]any{"mentions": mentions},
				"excerpt": s, "settlement": "unsettled", "dead_letters": []any{map[string]any{"body": s}},
				"row_errors": map[string]any{s: 1}}}
		switch i % 4 {
		case 0:
			row["action"] = nil
			row["raw_excerpt_length"] = 5
		case 1:
			row["action"] = "dead_letter"
		case 2:
			row["action"] = "skip"
			row["expect"].(map[string]any)["read_error"] = nil
		}
		if i%2 == 1 {
			row["description"] = description
		}
		rows = append(rows, row)
		writes = append(writes, map[string]any{"name": name,
			"sink": []string{"message_queue", "sql", "sql_whole_run", "http", "other"}[i%5], "action": "requeue",
			"batches": []any{[]any{s, "m2"}, []any{}}, "refused": []any{s},
			"expect": map[string]any{"write_fails": i%3 == 0, "settlements": map[string]any{s: "requeued"},
				"dead_letters": []any{s}, "acknowledged_after": map[string]any{}}})
	}
	for block, cases := range map[string][]any{model.BlockSettlement: settle, model.BlockRowErrors: rows, model.BlockFailedWrites: writes} {
		manifest[block].(map[string]any)["cases"] = cases
	}
	manifest[model.BlockRowErrors].(map[string]any)["type"] = map[string]any{"title": adversarialStrings[len(adversarialStrings)-1]}
	out, err := json.Marshal(manifest)
	if err != nil {
		t.Fatal(err)
	}
	return load(t, suiteFS(t, conformance.FS, map[string]string{model.ManifestFile: string(out)}))
}

// messagingRun runs every test of the messaging modules against a recorder
// that records the arguments of each call and answers, for the test's
// docstring, its answer (argv: the JSON of {module: {docstring hex: answer}}).
// It prints one JSON line per test: its docstring (canon), whether it passed,
// its failure message, and the calls it made (the canon of the keywords).
const messagingRun = `
import json, sys, unittest
import test_conformance_settlement, test_conformance_row_errors, test_conformance_failed_writes
answers = json.loads(ANSWERS)
current = [None, None]
calls = {}
class Recorder:
    def _answer(self, **kwargs):
        calls[current[0]].append(canon(kwargs))
        return answers[current[0][0]][current[1]]
    def settle(self, **kwargs): return self._answer(**kwargs)
    def read_message(self, **kwargs): return self._answer(**kwargs)
    def write_messages(self, **kwargs): return self._answer(**kwargs)
for module, cls in ((test_conformance_settlement, test_conformance_settlement.SettlementConformanceTest),
                    (test_conformance_row_errors, test_conformance_row_errors.RowErrorsConformanceTest),
                    (test_conformance_failed_writes, test_conformance_failed_writes.FailedWritesConformanceTest)):
    cls.make_subject = staticmethod(lambda: Recorder())
    for name in [n for n in cls.__dict__ if n.startswith("test_")]:
        doc = getattr(cls, name).__doc__
        current[0], current[1] = (module.__name__, name), doc.encode("utf-8").hex()
        calls[current[0]] = []
        result = unittest.TestResult()
        cls(name).run(result)
        problems = result.failures + result.errors
        print(json.dumps({"module": module.__name__, "method": name, "doc": canon(doc),
                          "passed": not problems, "message": problems[0][1] if problems else "",
                          "calls": calls[current[0]]}))
`

type messagingResult struct {
	Module, Method, Doc, Message string
	Passed                       bool
	Calls                        []string
}

// messagingDoc is the docstring of a case's test as Python reads it: its
// name, and its description (short enough to stay unwrapped) after a blank
// line, its lines indented as the method's body, then the indented closing
// quotes.
func messagingDoc(c model.MessagingCase) string {
	if c.Description == "" {
		return c.Name
	}
	return c.Name + strings.TrimSuffix(hang(8, "\n\n"+c.Description+"\nX"), "X")
}

// goodAnswer is the result a case expects: each member's value (a member
// expected null left out, which reads as null), an error whose message
// mentions each string.
func goodAnswer(c model.MessagingCase) map[string]any {
	out := map[string]any{}
	for _, e := range c.Expect {
		switch {
		case e.Mentions != nil:
			out[e.Member] = map[string]any{"message": "failed: " + strings.Join(e.Mentions, " | ")}
		case e.Value.Kind != model.Null:
			var v any
			if err := json.Unmarshal([]byte(e.Value.Compact()), &v); err != nil {
				panic(err)
			}
			out[e.Member] = v
		}
	}
	return out
}

// badAnswer is goodAnswer with the member wrong: a value changed (null
// for a value, a text for null), or an error message without its last
// mention.
func badAnswer(c model.MessagingCase, wrong model.Expectation) map[string]any {
	out := goodAnswer(c)
	switch {
	case wrong.Mentions != nil:
		out[wrong.Member] = map[string]any{"message": strings.Join(wrong.Mentions[:len(wrong.Mentions)-1], " | ")}
		if strings.Contains(out[wrong.Member].(map[string]any)["message"].(string), wrong.Mentions[len(wrong.Mentions)-1]) {
			out[wrong.Member] = map[string]any{"message": 1}
		}
	case wrong.Value.Kind == model.Null:
		out[wrong.Member] = "not null"
	default:
		out[wrong.Member] = nil
	}
	return out
}

// TestMessagingTestsRoundTripInPython: every messaging case is one test
// whose docstring is the case's name (and description) to the byte; it calls
// the block's operation once with every argument by keyword, exactly as the
// suite holds it (null as None); it passes on the expected result and fails
// on a result with one member wrong, naming the member and saying what was
// expected and what came. No generated line is longer than 120 characters
// but a docstring's first, which holds the raw name: texts longer than a
// line, top-level or nested, keys included, are split into adjacent literals.
func TestMessagingTestsRoundTripInPython(t *testing.T) {
	s := hostileMessagingSuite(t)
	dir := t.TempDir()
	files := generate(t, s, backend.BindOracle)
	writeFiles(t, dir, files)
	for _, f := range files {
		for i, line := range strings.Split(string(f.Content), "\n") {
			// A docstring opens with the raw case name, kept whole by design.
			if strings.HasSuffix(f.Path, ".py") && len(line) > 120 && !strings.HasPrefix(strings.TrimSpace(line), `"""`) {
				t.Errorf("%s:%d is %d characters long", f.Path, i+1, len(line))
			}
		}
	}
	for _, wrongIndex := range []int{-1, 0, 1, 2, 3} {
		answers := map[string]map[string]any{}
		for _, mb := range messagingBlocks {
			byDoc := map[string]any{}
			for _, c := range messagingBlock(s, mb.block).Cases {
				answer := goodAnswer(c)
				if wrongIndex >= 0 {
					answer = badAnswer(c, c.Expect[wrongIndex])
				}
				byDoc[hex.EncodeToString([]byte(messagingDoc(c)))] = answer
			}
			answers[TestModule(mb.block)] = byDoc
		}
		raw, err := json.Marshal(answers)
		if err != nil {
			t.Fatal(err)
		}
		program := canonPython + strings.Replace(messagingRun, "ANSWERS", pyString(string(raw)), 1)
		results := map[string]messagingResult{}
		for _, line := range strings.Split(strings.TrimSpace(runPython(t, dir+"/"+TestDir, program)), "\n") {
			var r messagingResult
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			results[r.Module+" "+r.Doc] = r
		}
		for _, mb := range messagingBlocks {
			for _, c := range messagingBlock(s, mb.block).Cases {
				r, ok := results[TestModule(mb.block)+" str:"+hex.EncodeToString([]byte(messagingDoc(c)))]
				if !ok {
					t.Errorf("%s: no test whose docstring is %q", mb.block, messagingDoc(c))
					continue
				}
				checkMessagingResult(t, mb.block, mb.op, c, wrongIndex, r)
			}
		}
	}
}

func messagingBlock(s *model.Suite, block string) *model.MessagingBlock {
	return map[string]*model.MessagingBlock{model.BlockSettlement: s.Settlement, model.BlockRowErrors: s.RowErrors,
		model.BlockFailedWrites: s.FailedWrites}[block]
}

func checkMessagingResult(t *testing.T, block string, op protocol.Operation, c model.MessagingCase, wrongIndex int, r messagingResult) {
	t.Helper()
	var parts []string
	for _, p := range op.Params {
		v, _ := c.Arg(p.Name)
		parts = append(parts, canonGo(t, model.StringValue(identifier(p.Name)))+":"+canonGo(t, v))
	}
	want := "{" + strings.Join(parts, ",") + "}"
	if len(r.Calls) != 1 || r.Calls[0] != want {
		t.Errorf("%s %q: calls %v, want one: %s", block, c.Name, r.Calls, want)
	}
	if wrongIndex < 0 {
		if !r.Passed {
			t.Errorf("%s %q fails on the expected result: %s", block, c.Name, r.Message)
		}
		return
	}
	wrong := c.Expect[wrongIndex]
	what := wrong.Member + ": expected "
	switch {
	case r.Passed:
		t.Errorf("%s %q passes with %s wrong", block, c.Name, wrong.Member)
	case !strings.Contains(r.Message, what) || !strings.Contains(r.Message, ", got "):
		t.Errorf("%s %q, %s wrong: the failure does not say %q ... got:\n%s", block, c.Name, wrong.Member, what, r.Message)
	}
}

// TestMessagingArguments: an argument must fit its parameter's type, name
// a parameter, and every parameter needs one; a result member must be one
// of the record's.
func TestMessagingArguments(t *testing.T) {
	api, err := buildSubject(protocol.All(), protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	result, err := api.resultRecord(protocol.Settle)
	if err != nil {
		t.Fatal(err)
	}
	good := []model.Member{{Key: "broker", Value: model.StringValue("kafka")},
		{Key: "dead_letter_queue", Value: model.BoolValue(true)},
		{Key: "calls", Value: model.ArrayValue(model.StringValue("acknowledge"))}}
	expect := []model.Expectation{{Member: "results", Value: model.ArrayValue()}}
	for name, tc := range map[string]struct {
		args   []model.Member
		expect []model.Expectation
		want   string
	}{
		"bool as number": {args: replaceArg(good, "dead_letter_queue", model.NumberValue("1")), want: "is not a bool"},
		"call not text":  {args: replaceArg(good, "calls", model.ArrayValue(model.NumberValue("1"))), want: "is not a list[str]"},
		"null broker":    {args: replaceArg(good, "broker", model.NullValue()), want: "is not a str"},
		"missing":        {args: good[:2], want: `no argument "calls"`},
		"unknown":        {args: append(good, model.Member{Key: "queue", Value: model.StringValue("q")}), want: `"queue" is not a parameter`},
		"member":         {args: good, expect: []model.Expectation{{Member: "result", Value: model.NullValue()}}, want: `"result" is not a member of Settlement`},
	} {
		if tc.expect == nil {
			tc.expect = expect
		}
		_, err := messagingCase(model.MessagingCase{Name: name, Args: tc.args, Expect: tc.expect}, protocol.Settle, "settle", result)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one saying %q", name, err, tc.want)
		}
	}
	test, err := messagingCase(model.MessagingCase{Name: "ok", Args: good, Expect: expect}, protocol.Settle, "settle", result)
	if err != nil {
		t.Fatal(err)
	}
	if want := "result = self.call(\n    self.subject.settle,\n    broker=\"kafka\",\n    dead_letter_queue=True,\n" +
		"    calls=[\"acknowledge\"],\n)"; test.Call != want {
		t.Errorf("call:\n%s\nwant\n%s", test.Call, want)
	}
	if want := `self.assertResultMember(result, "results", [])`; len(test.Asserts) != 1 || test.Asserts[0] != want {
		t.Errorf("asserts %q, want [%s]", test.Asserts, want)
	}
}

func replaceArg(args []model.Member, key string, v model.Value) []model.Member {
	out := append([]model.Member{}, args...)
	for i := range out {
		if out[i].Key == key {
			out[i].Value = v
		}
	}
	return out
}

// TestMessagingScaffoldReasons: the scaffold maps none of the messaging
// operations; each raises NotProvided with the reason the SDK cannot,
// naming what it lacks, and none is listed among the operations it maps.
func TestMessagingScaffoldReasons(t *testing.T) {
	var scaffold string
	for _, f := range generate(t, canonicalSuite(t), backend.BindSDK) {
		if f.Kind == backend.Scaffold {
			scaffold = string(f.Content)
		}
	}
	for op, lacks := range map[string]string{
		protocol.Settle.Name: "no settle-once message API", protocol.ReadMessage.Name: "no RowErrorHandler",
		protocol.WriteMessages.Name: "no sink",
	} {
		_, rest, ok := strings.Cut(scaffold, "    def "+op+"(")
		if !ok {
			t.Errorf("the scaffold has no method %s", op)
			continue
		}
		body, _, _ := strings.Cut(rest, "\n    def ")
		body = strings.Join(strings.Fields(strings.ReplaceAll(body, "\"\n", "")), " ")
		if !strings.Contains(body, "raise NotProvided(") || !strings.Contains(strings.ReplaceAll(body, "\" \"", ""), lacks) {
			t.Errorf("%s does not raise NotProvided saying %q:\n%s", op, lacks, body)
		}
		if strings.Contains(scaffold, "    "+pyString(op)+",\n") {
			t.Errorf("%s is listed among the mapped OPERATIONS", op)
		}
	}
}
