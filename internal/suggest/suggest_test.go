package suggest

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3},
		{"generate", "generate", 0},
		{"genrate", "generate", 1}, // a deletion
		{"lnag", "lang", 1},        // a swap
		{"blokcs", "blocks", 1},    // a swap
		{"kitten", "sitting", 3},
		{"ça", "ca", 1}, // code points, not bytes
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestClosest(t *testing.T) {
	commands := []string{"generate", "check", "scaffold", "cases", "init", "validate", "verify", "report", "oracle", "diff", "derive", "help", "version", "completion"}
	for _, c := range []struct {
		word string
		from []string
		want string
	}{
		{"genrate", commands, "generate"},
		{"chek", commands, "check"},
		{"verfy", commands, "verify"},
		{"lnag", []string{"lang", "out", "suite", "blocks"}, "lang"},
		{"blokcs", []string{"version", "suite", "targets", "blocks", "exemptions", "strict"}, "blocks"},
		{"pyhton", []string{"go", "python", "node", "java", "php", "dotnet"}, "python"},
		{"sqs", []string{"sqs"}, ""},        // exact: nothing to suggest
		{"xyz", commands, ""},               // nothing near
		{"go", []string{"java", "php"}, ""}, // short words need a close match
		{"", commands, ""},                  // nothing typed
		{strings.Repeat("a", 65), []string{strings.Repeat("a", 64)}, ""}, // too long to compare
	} {
		if got := Closest(c.word, c.from); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestPhrase(t *testing.T) {
	if got := Phrase("genrate", []string{"generate"}); got != ` (did you mean "generate"?)` {
		t.Errorf("Phrase = %q", got)
	}
	if got := Phrase("zzz", []string{"generate"}); got != "" {
		t.Errorf("Phrase = %q, want empty", got)
	}
}

func TestClosestTiesGoToTheEarlierCandidate(t *testing.T) {
	if got := Closest("cat", []string{"bat", "cap"}); got != "bat" {
		t.Errorf("Closest = %q, want the first of two at distance 1", got)
	}
}
