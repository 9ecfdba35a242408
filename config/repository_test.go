package config

import (
	"strings"
	"testing"
)

// A target's repository: and commit: end up in report links: a plain
// https address and a Git revision name, or the file is refused at the
// target's line.
func TestTargetRepositoryAndCommit(t *testing.T) {
	base := "version: 1\ntargets:\n  - lang: go\n    out: sdk\n"
	good := base + "    repository: https://github.com/example/sdk\n    commit: 0123abc\n"
	c, err := Parse("bqgen.yaml", []byte(good), []string{"go"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Targets[0].Repository != "https://github.com/example/sdk" || c.Targets[0].Commit != "0123abc" {
		t.Errorf("read %+v", c.Targets[0])
	}
	for _, bad := range []string{
		"    repository: javascript:alert(1)\n",
		"    repository: https://user:pw@github.com/x\n",
		"    repository: https://github.com/x?q=1\n",
		"    repository: \"https://github.com/x\\\"onmouseover=x\"\n",
		"    commit: ../../etc\n",
		"    commit: \"a b\"\n",
	} {
		_, err := Parse("bqgen.yaml", []byte(base+bad), []string{"go"}, nil)
		if err == nil || !strings.Contains(err.Error(), "line 3: target 1:") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
