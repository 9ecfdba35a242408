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
