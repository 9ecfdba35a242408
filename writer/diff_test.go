package writer

import (
	"strings"
	"testing"
)

// A hand-edited file's CR, escape sequence, BEL and bidi override show as
// escapes in check's diff: raw, a CR ends a line in a CI log and an
// escape sequence drives the terminal.
func TestUnifiedDiffShowsHiddenCharacters(t *testing.T) {
	old := []byte("keep\nfine\n")
	edited := []byte("keep\nfine\r::error::forged\x1b[2J\a\u202e\n")
	got := UnifiedDiff("a.py", old, edited)
	if strings.ContainsAny(got, "\r\x1b\a\u202e") {
		t.Errorf("the diff holds a hidden character raw:\n%q", got)
	}
	if !strings.Contains(got, `+fine\r::error::forged\x1b[2J\a\u202e`+"\n") {
		t.Errorf("the diff does not show the edit escaped:\n%s", got)
	}
}
