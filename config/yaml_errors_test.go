package config

import (
	"strings"
	"testing"
)

// The YAML library prints a key or a value from the file as it is: a key
// holding a line break would start a line of bqgen's error of its own (a
// forged "::error::" in a CI log). Each problem stays one line, the
// offending text escaped.
func TestYAMLProblemsShowLineBreaksInKeysAndValues(t *testing.T) {
	for body, want := range map[string]string{
		"version: 1\n\"a\\n::error::forged\": 1\ntargets: []\n": `line 2: unknown key "a\n::error::forged"`,
		"version: \"1\\n::error::v\"\ntargets: []\n":            "line 1: cannot read a YAML str `1\\n::err...` into int",
		"version: 1\n\"k\\u202e\\r\": 1\n":                      `line 2: unknown key "k\u202e\r"`,
	} {
		_, err := Parse("bqgen.yaml", []byte(body), []string{"go"}, []string{"cases"})
		if err == nil {
			t.Fatalf("%q: parsed", body)
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\r\u202e") || !strings.Contains(msg, want) {
			t.Errorf("%q: got %q, want one line holding %q", body, msg, want)
		}
	}
}
