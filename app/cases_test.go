package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
)

// bqgen cases prints the ids exemption patterns see, gate cases by the
// names bqgen gives them, restricted to --blocks; a name holding a control
// character is printed quoted.
func TestCasesPrintsTheIDsExemptionsSee(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := run(t, "cases", "--blocks", "sqs")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != 0 || lines[0] != "sqs/attribute_projection" {
		t.Fatalf("cases --blocks sqs: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"sqs/garbage-count-ignored", "sqs/reject string U+0020 1", "sqs/decode absent"} {
		if !strings.Contains(stdout, "\n"+want+"\n") {
			t.Errorf("cases --blocks sqs lacks %q:\n%s", want, stdout)
		}
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "sqs/") {
			t.Errorf("cases --blocks sqs printed %q, of another block", l)
		}
	}
	_, all, _ := run(t, "cases")
	_, asPython, _ := run(t, "cases", "--lang", "python")
	want := len(suitetest.Canonical(t).CaseIDs())
	if strings.Count(all, "\n") != want || asPython != all {
		t.Errorf("cases: %d ids (want the canonical suite's %d), the same with --lang python: %v", strings.Count(all, "\n"), want, asPython == all)
	}

	suite := copySuite(t)
	edit(t, suite, "manifest.json", `"name": "order-created"`, `"name": "order\u001b[31m-created"`)
	code, stdout, _ = run(t, "cases", "--blocks", "cases", "--suite", suite)
	if code != 0 || strings.Contains(stdout, "\x1b") || !strings.Contains(stdout, `"cases/order\x1b[31m-created"`+"\n") {
		t.Errorf("a name holding a control character: exit %d, want it quoted:\n%s", code, stdout)
	}
}

func TestCasesMisuse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cases", "--blocks", "sqs,nats"}, `unknown block "nats"`},
		{[]string{"cases", "--lang", "cobol"}, `"cobol"`},
		{[]string{"cases", "sqs"}, `unexpected argument "sqs"`},
	} {
		code, stdout, stderr := run(t, c.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 naming %q", c.args, code, stdout, stderr, c.want)
		}
	}
	if code, _, stderr := run(t, "cases", "--suite", filepath.Join(t.TempDir(), "none")); code != 1 || !strings.Contains(stderr, "does not exist") {
		t.Errorf("a missing suite: exit %d\n%s", code, stderr)
	}
}

// An exemption that matches no case of its target's blocks is an error of
// the config (exit 1, nothing written), naming the file, the line, the
// target, the pattern and the closest ids; generate and check alike.
func TestAnExemptionThatMatchesNothingIsRefused(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	for _, d := range []string{"core", "asb"} {
		mkdirs(t, repo, d)
	}
	cfg := writeConfig(t, repo, `version: 1
targets:
  - lang: go
    out: core
    blocks: [cases]
    exemptions:
      - case: "cses/order-*"
        action: skip
        reason: a typo
  - lang: go
    out: asb
    blocks: [asb]
    exemptions:
      - case: "asb/reject string *"
        action: skip
        reason: no gate yet
      - case: "asb/schema_version_gate/*"
        action: skip
        reason: a guess at the gate's ids
      - case: "cases/order-created"
        action: skip
        reason: a block the target does not run
`)
	for _, cmd := range []string{"generate", "check"} {
		code, stdout, stderr := run(t, cmd, "--config", cfg)
		for _, want := range []string{
			cfg + `: line 7: target 1 (go into core), exemption 1: case "cses/order-*" matches no case of the target's blocks; closest: "cases/order-created"`,
			`line 17: target 2 (go into asb), exemption 2: case "asb/schema_version_gate/*" matches no case`,
			`(bqgen cases --blocks asb lists every id)`,
			`line 20: target 2`,
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", cmd, want, stderr)
			}
		}
		if code != 1 || strings.Count(stderr, "matches no case") != 3 || stdout != "" {
			t.Errorf("%s: exit %d, want 1 and the three unmatched exemptions\n%s%s", cmd, code, stdout, stderr)
		}
	}
	assertEmpty(t, filepath.Join(repo, "core"))
	assertEmpty(t, filepath.Join(repo, "asb"))
}

// A gate case is exempted by the name bqgen gives it, as cases prints it.
func TestAGateCaseIsExemptedByItsGeneratedName(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	mkdirs(t, repo, "sqs")
	cfg := writeConfig(t, repo, `version: 1
targets:
  - lang: python
    out: sqs
    blocks: [sqs]
    exemptions:
      - case: "sqs/reject string U+00A0 1"
        action: skip
        reason: the gate trims NBSP (issue 7)
`)
	if code, stdout, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	matches, _ := filepath.Glob(filepath.Join(repo, "sqs", "*", "test_conformance_sqs.py"))
	matches2, _ := filepath.Glob(filepath.Join(repo, "sqs", "test_conformance_sqs.py"))
	matches = append(matches, matches2...)
	if len(matches) != 1 {
		t.Fatalf("test_conformance_sqs.py: found %q", matches)
	}
	raw, err := os.ReadFile(matches[0])
	if err != nil || !strings.Contains(string(raw), "the gate trims NBSP (issue 7)") {
		t.Errorf("the exemption did not reach the gate case's test (%v)", err)
	}
}
