package gitrev

import (
	"regexp"
	"strings"
	"testing"
)

// shape is the rule as a regular expression, for the loop to agree with.
var shape = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$`)

func TestPlausibleIsTheShape(t *testing.T) {
	for _, s := range []string{"", "a", "0", "v1.4.0", "main", "feature/x-y_z", "-x", ".x", "/x", "_x",
		"a b", "a\n", "é", "a..b", strings.Repeat("a", 200), strings.Repeat("a", 201), "0123456789abcdef0123456789abcdef01234567",
		"a~1", "a^", "a:b", "a\x00"} {
		if got, want := Plausible(s), shape.MatchString(s); got != want {
			t.Errorf("Plausible(%.40q) = %v, the shape says %v", s, got, want)
		}
	}
}

func FuzzPlausible(f *testing.F) {
	f.Add("v1.4.0")
	f.Add("-x")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Plausible(s), shape.MatchString(s); got != want {
			t.Errorf("Plausible(%q) = %v, the shape says %v", s, got, want)
		}
	})
}
