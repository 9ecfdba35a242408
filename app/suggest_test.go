package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each typo a user makes on the command line or in bqgen.yaml gets one
// suggestion, "did you mean", naming the word meant: commands, flags, config
// keys, block names and languages.
func TestTyposGetOneSuggestion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"genrate"}, `unknown command "genrate" (did you mean "generate"?)`},
		{[]string{"--lnag", "go", "--out", dir}, `-lnag (did you mean "--lang"?)`},
		{[]string{"check", "--lnag", "go"}, `-lnag (did you mean "--lang"?)`},
		{[]string{"report", "--fromat", "md"}, `-fromat (did you mean "--format"?)`},
		{[]string{"oracle", "serv"}, `"serv" (did you mean "serve"?)`},
		{[]string{"--lang", "pyhton", "--out", dir}, `(did you mean "python"?)`},
		{[]string{"verify", "--lang", "jav"}, `(did you mean "java"?)`},
		{[]string{"--lang", "go", "--out", dir, "--blocks", "kafak"}, `(did you mean "kafka"?)`},
	} {
		code, _, stderr := run(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "did you mean") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and one suggestion %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := run(t, "xyzzy"); code != 2 || strings.Contains(stderr, "did you mean") {
		t.Errorf("a word near no command: exit %d, stderr %q; want exit 2 and no suggestion", code, stderr)
	}
}

func TestConfigTyposGetOneSuggestion(t *testing.T) {
	t.Parallel()
	for yaml, want := range map[string]string{
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    blokcs: [cases]\n":      `line 5: unknown key blokcs (did you mean "blocks"?)`,
		"version: 1\ntarget:\n  - lang: go\n    out: .\n":                            `line 2: unknown key target (did you mean "targets"?)`,
		"version: 1\ntargets:\n  - lang: golang\n    out: .\n":                       `lang "golang" is not one of`,
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    blocks: [sqs, kafak]\n": `(did you mean "kafka"?)`,
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "bqgen.yaml"), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := run(t, "check", "--config", filepath.Join(dir, "bqgen.yaml"))
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", yaml, code, stderr, want)
		}
	}
}
