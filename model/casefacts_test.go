package model_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
)

// Every case has facts: its manifest entry and the line it starts on; an
// invalid envelope case without a description explains itself by its
// reason.
func TestCaseFacts(t *testing.T) {
	s := suitetest.Canonical(t)
	facts := s.CaseFacts()
	manifest, _ := s.File("manifest.json")
	lines := strings.Split(string(manifest.Raw), "\n")
	for _, id := range s.CaseIDs() {
		f, ok := facts[id.String()]
		if !ok || f.Expectation == "" || f.Pointer == "" {
			t.Errorf("%s: facts %+v", id, f)
			continue
		}
		if f.Line < 1 || f.Line > len(lines) {
			t.Errorf("%s: line %d", id, f.Line)
		} else if !strings.ContainsAny(lines[f.Line-1], "{[") {
			t.Errorf("%s: line %d opens no entry: %q", id, f.Line, lines[f.Line-1])
		}
		if f.Fixture != "" {
			if _, ok := s.File(f.Fixture); !ok {
				t.Errorf("%s: fixture %q is no suite file", id, f.Fixture)
			}
		}
	}
	invalid := 0
	for i, c := range s.Cases {
		f := facts["cases/"+c.Name]
		if !c.Valid && c.Description == "" {
			invalid++
			if f.Description != "invalid: "+c.Reason {
				t.Errorf("cases/%s: description %q, want its reason %q", c.Name, f.Description, c.Reason)
			}
		}
		if f.Pointer != "/cases/"+strconv.Itoa(i) || strings.Contains(f.Expectation, `"name"`) {
			t.Errorf("cases/%s: pointer %s, expectation %s", c.Name, f.Pointer, f.Expectation)
		}
	}
	t.Logf("%d cases, %d invalid ones explained by their reason", len(facts), invalid)
}
