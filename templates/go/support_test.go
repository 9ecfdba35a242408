package gobackend_test

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// supportSelfCheck is a hand-written test added to the generated module: it
// pins the generated helpers' semantics directly (the suite's equality, RFC
// 6901 pointers, compact member text), including cases no canonical fixture
// exercises, such as [] against {} in both directions.
const supportSelfCheck = `package babelqueue_test

import (
	"encoding/json"
	"testing"
)

func TestSupportSelfCheck(t *testing.T) {
	equal := []struct {
		a, b string
		want bool
	}{
		{"1", "1.0", true}, {"1", "1e0", true}, {"-0.25", "-25e-2", true},
		{"9007199254740993", "9007199254740992", false},
		{"true", "1", false}, {"{}", "[]", false}, {"[]", "{}", false}, {"null", "{}", false}, {"{}", "null", false},
		{"\"1\"", "1", false}, {"[1,2]", "[2,1]", false}, {"[[]]", "[{}]", false},
		{"{\"a\":1,\"b\":[1,{}]}", "{\"b\":[1,{}],\"a\":1.0}", true},
		{"{\"a\":1}", "{\"a\":1,\"b\":null}", false}, {"{\"a\":null}", "{\"b\":null}", false},
		{"\"\\u00e9\"", "\"é\"", true}, {"\"é\"", "\"e\u0301\"", false},
	}
	for _, c := range equal {
		a, errA := conformanceParseJSON([]byte(c.a))
		b, errB := conformanceParseJSON([]byte(c.b))
		if errA != nil || errB != nil {
			t.Fatalf("parse %s, %s: %v %v", c.a, c.b, errA, errB)
		}
		if got := conformanceJSONEqual(a, b); got != c.want {
			t.Errorf("equal(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	doc, _ := conformanceParseJSON([]byte("{\"a/b\":{\"m~n\":[10,20]},\"\":1,\"0\":2,\"~1\":3}"))
	pointers := []struct {
		pointer, want string
		found         bool
	}{
		{"/a~1b/m~0n/1", "20", true}, {"/", "1", true}, {"/0", "2", true}, {"/~01", "3", true},
		{"/a~1b/m~0n/01", "", false}, {"/a~1b/m~0n/2", "", false}, {"/a~1b/m~0n/-1", "", false},
		{"/a~1b/m~0n/+1", "", false}, {"a", "", false}, {"/a/b", "", false}, {"/0/x", "", false},
	}
	for _, c := range pointers {
		got, found := conformancePointer(doc, c.pointer)
		if found != c.found || (found && conformanceJSONText(got) != c.want) {
			t.Errorf("pointer %q = %v, %v; want %s, %v", c.pointer, got, found, c.want, c.found)
		}
	}
	if got, err := conformanceCompactMember([]byte("{ \"data\" : { \"a\" : [ 1 , 2.50 ] } , \"x\" : 1 }"), "data"); err != nil || got != "{\"a\":[1,2.50]}" {
		t.Errorf("compact member = %q, %v", got, err)
	}
	if _, err := conformanceCompactMember([]byte("{}"), "data"); err == nil {
		t.Error("a missing member was found")
	}
	if _, err := conformanceParseJSON([]byte("{} {}")); err == nil {
		t.Error("data after the JSON value was accepted")
	}
	// typed result members as JSON: nil pointers and raw messages are null, a nil
	// list is empty, text keeps <, > and & as they are
	var absent *string
	results := []struct {
		value any
		want  string
	}{
		{absent, "null"}, {json.RawMessage(nil), "null"}, {conformanceList([]string(nil)), "[]"},
		{conformanceList([]string{"<a&b>"}), "[\"<a&b>\"]"}, {json.RawMessage("{ \"a\" : [ 1.50 ] }"), "{\"a\":[1.50]}"},
		{false, "false"}, {conformancePtr("x"), "\"x\""},
	}
	for _, c := range results {
		if got, err := conformanceResultJSON(c.value); err != nil || string(got) != c.want {
			t.Errorf("result JSON of %#v = %s, %v; want %s", c.value, got, err, c.want)
		}
	}
	mentions := []struct {
		value    any
		mentions []string
		fails    bool
	}{
		{json.RawMessage("{\"message\":\"at p of q: {oops\"}"), []string{"q", "p", "{oops"}, false},
		{json.RawMessage("{\"message\":\"at p of q\"}"), []string{"q", "r"}, true},
		{json.RawMessage("null"), []string{"q"}, true},
		{json.RawMessage(nil), []string{"q"}, true},
		{json.RawMessage("{\"message\":1}"), []string{"1"}, true},
		{json.RawMessage("\"q\""), []string{"q"}, true},
	}
	for _, c := range mentions {
		recorder := &conformanceRecorder{TB: t}
		conformanceExpectMentions(recorder, "read_error", c.value, c.mentions)
		if recorder.failed != c.fails {
			t.Errorf("mentions %q in %s: failed = %v, want %v", c.mentions, c.value, recorder.failed, c.fails)
		}
	}
	recorder := &conformanceRecorder{TB: t}
	conformanceExpectResult(recorder, "excerpt", absent, "\"\"")
	if !recorder.failed {
		t.Error("an absent excerpt passed as the empty string")
	}
}
`

func TestGeneratedSupportHelpers(t *testing.T) {
	t.Parallel()
	files := gobackend.Generate(t, gobackend.CanonicalSuite(t), backend.Options{Binding: backend.BindOracle})
	files = append(files, backend.File{Path: "support_selfcheck_test.go", Content: []byte(supportSelfCheck)})
	m := prepare(t, files)
	res := m.run(t, "")
	if res.Failed > 0 {
		t.Fatalf("the generated helpers misbehave:\n%s", res.Output)
	}
}
