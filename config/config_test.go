package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	langs  = []string{"go", "python", "java"}
	blocks = []string{"cases", "sqs", "kafka"}
)

const good = `# bqgen.yaml
version: 1
suite: ../conformance
strict: true
targets:
  - lang: go
    out: .
    package: babelqueue_test
    blocks: [cases]
  - lang: go
    out: sqs
    package: sqs
    blocks: [sqs]
    exemptions:
      - case: "sqs/garbage-*"
        action: fail
        reason: the transport reads garbage as 0 (issue 42)
`

func TestParseAGoodConfig(t *testing.T) {
	c, err := Parse("/repo/bqgen.yaml", []byte(good), langs, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Strict || len(c.Targets) != 2 || c.Targets[1].Blocks[0] != "sqs" {
		t.Fatalf("parsed %+v", c)
	}
	if got := c.SuiteDir(); got != filepath.FromSlash("/conformance") {
		t.Errorf("SuiteDir = %q", got)
	}
	if got := c.OutDir(c.Targets[1]); got != filepath.FromSlash("/repo/sqs") {
		t.Errorf("OutDir = %q", got)
	}
	e := c.Targets[1].Exemptions[0]
	if !e.Matches("sqs", "garbage-count-ignored") || e.Matches("kafka", "garbage-count-ignored") {
		t.Error("exemption pattern matched wrongly")
	}
}

// Every problem is reported at once, each with its line.
func TestParseReportsEveryProblemWithItsLine(t *testing.T) {
	bad := `version: 2
targets:
  - lang: rust
    out: /abs
    blocks: [sqs, nats]
    exemptions:
      - case: "["
        action: ignore
`
	_, err := Parse("bqgen.yaml", []byte(bad), langs, blocks)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"bqgen.yaml: version is 2",
		`bqgen.yaml: line 3: target 1: lang "rust" is not one of go, python, java`,
		`line 3: target 1: out "/abs" is absolute`,
		`line 3: target 1: block "nats" is not a block bqgen knows`,
		`line 7: target 1, exemption 1: case "[" is not a pattern`,
		`line 7: target 1, exemption 1: action "ignore" must be "skip" or "fail"`,
		`line 7: target 1, exemption 1: no reason`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func TestParseRefusesUnknownKeysAndBadYAML(t *testing.T) {
	for src, want := range map[string]string{
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    exemption: []\n": "line 5: unknown key exemption",
		"version: 1\ntargets: [\n": "bqgen.yaml: ",
		"":                         "the file is empty",
		"version: one\n":           "line 1: cannot read a YAML str",
	} {
		_, err := Parse("bqgen.yaml", []byte(src), langs, blocks)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to contain %q", src, err, want)
		}
	}
}

func TestFindWalksUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != "" {
		t.Fatalf("no file: got %q, %v", p, err)
	}
	if err := os.WriteFile(filepath.Join(root, FileName), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != filepath.Join(root, FileName) {
		t.Errorf("got %q, %v", p, err)
	}
}
