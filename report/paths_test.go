package report

import (
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// A message names a file of the checkout relative to it, on every
// machine; a JSON pointer or a path outside the checkout is left alone.
func TestWithoutRoot(t *testing.T) {
	r := Report{SDKs: []SDK{{
		Results: map[string]Result{
			"cases/a": {Status: Failed, Message: "/home/runner/work/sdk/sdk/tests/test_x.py:12: /meta/id = 1, want 2"},
			"cases/b": {Status: Failed, Message: `C:\a\sdk\tests\X.cs:line 5`, Reason: "in /home/runner/work/sdk/sdk/src"},
			"cases/c": {Status: Failed, Message: "/usr/lib/python3/x.py:1"},
		},
		Unknown: []results.Test{{Message: "/home/runner/work/sdk/sdk-real/t.go:3"}},
	}}}
	got := r.WithoutRoot([]string{"/home/runner/work/sdk/sdk", `C:\a\sdk`, "/home/runner/work/sdk/sdk-real", "/"})
	want := map[string]string{"cases/a": "tests/test_x.py:12: /meta/id = 1, want 2", "cases/b": `tests\X.cs:line 5`, "cases/c": "/usr/lib/python3/x.py:1"}
	for id, w := range want {
		if m := got.SDKs[0].Results[id].Message; m != w {
			t.Errorf("%s: %q, want %q", id, m, w)
		}
	}
	if reason := got.SDKs[0].Results["cases/b"].Reason; reason != "in src" {
		t.Errorf("reason: %q", reason)
	}
	if m := got.SDKs[0].Unknown[0].Message; m != "t.go:3" {
		t.Errorf("unknown: %q", m)
	}
	if r.SDKs[0].Results["cases/a"].Message == got.SDKs[0].Results["cases/a"].Message {
		t.Error("the report given was changed in place, or not at all")
	}
}
