package java

import (
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/model"
)

// The producer's make tests check each envelope inside the loop over the
// two makes: every statement there starts a block indent in from the
// method's, and a wrapped statement's continuation lines a continuation
// indent further than its first line, as javac's own sources are laid out.
func TestProducerLoopChecksAreIndentedInTheLoop(t *testing.T) {
	s := canonical(t)
	f, err := blockViews[model.BlockProducer](s, &common{})
	if err != nil {
		t.Fatal(err)
	}
	cls := f.Data.(producerClass)
	wrapped := false
	for _, test := range cls.Tests {
		if !test.Make {
			continue
		}
		for _, check := range test.Checks {
			lines := strings.Split(check, "\n")
			for _, cont := range lines[1:] {
				wrapped = true
				if got := len(cont) - len(strings.TrimLeft(cont, " ")); got != loopStart+contIndent {
					t.Errorf("case %s: continuation line %q of %q is at column %d, want %d",
						test.Method.Name, cont, lines[0], got, loopStart+contIndent)
				}
			}
		}
	}
	if !wrapped {
		t.Fatal("no make case of the canonical suite wraps a check: the test proves nothing")
	}
	out := producerSource(t, s)
	for _, want := range []string{
		"\n            long after = System.currentTimeMillis();\n            assertJsonType(",
		"\n            assertPointerAbsent(written, \"/dead_letter\");\n            made.add(written);",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the producer test class lacks the loop body %q", want)
		}
	}
}

// producerSource is the generated producer test class of s.
func producerSource(t *testing.T, s *model.Suite) string {
	t.Helper()
	for _, f := range generate(t, s, bindings["oracle"]) {
		if path.Base(f.Path) == "ConformanceProducerTest.java" {
			return string(f.Content)
		}
	}
	t.Fatal("no ConformanceProducerTest.java generated")
	return ""
}
