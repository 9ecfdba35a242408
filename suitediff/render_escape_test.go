package suitediff

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/workflowtest"
)

// hostileDiff names what a hostile suite names: a case that would link,
// tag, fence, reorder and hide text, and forge a command; an expectation
// (a code span, where Markdown links and tags nothing) with hidden
// characters and backticks.
func hostileDiff() *Diff {
	const h = "x\u202e\u200b\x1b[2J\a\U000e0041 [x](http://evil.example) www.evil.example x@evil.example <script> ``` ##[error]y\n::error::z"
	return &Diff{Format: 1, From: Side{Name: "embedded", Version: "1.0.0"}, To: Side{Name: "next" + h, Version: "1.1.0" + h},
		BlocksAdded: []string{"b" + h}, BlocksRemoved: []string{},
		Blocks:     []BlockDiff{{Block: "cases" + h, Added: []string{"a" + h}, Removed: []string{}, Changed: []Change{{Case: "c" + h, From: "{\"d\":\"\u202e\x1b```\"}", To: "{}"}}}},
		Operations: []Operation{}, Targets: []TargetImpact{}}
}

// The Markdown of a hostile diff links, tags and hides nothing; its JSON
// shows no hidden character and means the same names.
func TestRenderingsOfAHostileDiff(t *testing.T) {
	md := Markdown(hostileDiff())
	for _, live := range []string{"[x](http", "www.evil.example", "http://evil.example", "x@evil.example", "<script>", "\n::error"} {
		if strings.Contains(md, live) {
			t.Errorf("the Markdown holds %q as it is:\n%s", live, md)
		}
	}
	if hidden := workflowtest.Hidden(md); len(hidden) > 0 {
		t.Errorf("the Markdown holds %q:\n%s", hidden, md)
	}
	out, err := JSON(hostileDiff())
	if err != nil {
		t.Fatal(err)
	}
	if hidden := workflowtest.Hidden(string(out)); len(hidden) > 0 {
		t.Errorf("the JSON holds %q:\n%s", hidden, out)
	}
	if cmds := workflowtest.Commands(string(out)); len(cmds) > 0 {
		t.Errorf("the JSON holds the commands %q:\n%s", cmds, out)
	}
	var back Diff
	if err := json.Unmarshal(out, &back); err != nil || back.Blocks[0].Added[0] != hostileDiff().Blocks[0].Added[0] {
		t.Errorf("%v: %s", err, out)
	}
}
