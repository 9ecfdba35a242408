package results

import "testing"

// TestNodeMessageRepair: node:test's reporter deletes a message
// attribute's line feeds and escapes its quotes twice; the element's text
// keeps both, so the message read is the text's first lines, decoded once.
func TestNodeMessageRepair(t *testing.T) {
	for _, c := range []struct{ name, attr, text, want string }{
		{"joined messages", "expected invalid, got validtrue !== false",
			"\nError [ERR_TEST_FAILURE]: expected invalid, got valid\n\ntrue !== false\n\n    at x (file:///t.mjs:1:1) {\n  code: 'ERR_TEST_FAILURE'\n}\n",
			"expected invalid, got valid\n\ntrue !== false"},
		{"double-escaped quote", `want &quot;a&quot;`, "AssertionError [ERR_ASSERTION]: want \"a\"\n    at x", `want "a"`},
		{"text that does not match: the attribute, unquoted", `want &quot;a&quot;`, "something else entirely", `want "a"`},
		{"no text", "plain", "", "plain"},
		{"an ampersand stays decoded once", "a &amp; b", "Error: a &amp; b\n", "a &amp; b"},
	} {
		tc := junitCase{Failures: []junitDetail{{Message: c.attr, Text: c.text}}}
		if got := tc.nodeMessage(c.attr); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	skip := junitCase{Skipped: &junitDetail{Message: "not provided: no &quot;hook&quot;"}}
	if got := skip.nodeMessage(skip.Skipped.Message); got != `not provided: no "hook"` {
		t.Errorf("skip: %q", got)
	}
}

// The day of a run is the earliest a file's timestamps name, in each format.
func TestRunDay(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"go.json", `{"Time":"2026-12-02T00:00:01Z","Action":"start","Package":"p"}` + "\n" +
			`{"Time":"2026-12-01T23:59:59-05:00","Action":"run","Package":"p","Test":"TestA"}` + "\n" +
			`{"Time":"2026-12-02T00:00:02Z","Action":"pass","Package":"p","Test":"TestA"}` + "\n" +
			`{"Time":"2026-12-02T00:00:03Z","Action":"pass","Package":"p"}` + "\n", "2026-12-01"},
		{"pytest.xml", `<testsuites><testsuite name="pytest" tests="1" timestamp="2026-11-30T10:00:00.123+00:00"><testcase classname="c" name="n"/></testsuite></testsuites>`, "2026-11-30"},
		{"none.xml", `<testsuites><testsuite name="s" tests="1" timestamp="yesterday"><testcase classname="c" name="n"/></testsuite></testsuites>`, ""},
	} {
		run, err := Read(c.name, []byte(c.data))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if run.Day != c.want {
			t.Errorf("%s: day %q, want %q", c.name, run.Day, c.want)
		}
	}
}
