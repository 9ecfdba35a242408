package backend

import (
	"regexp"
	"strings"
	"testing"
)

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// FuzzIdentifiers: any two case names give identifiers that every target
// language accepts, no longer than MaxIdentifier, distinct, and the same on
// every call.
func FuzzIdentifiers(f *testing.F) {
	for _, pair := range [][2]string{{"a", "A"}, {"", "!!!"}, {"café", "cafe"}, {"1st", "first"},
		{strings.Repeat("long name ", 30), strings.Repeat("long name ", 30) + "!"}, {"a b", "a_b"}, {"é", "\u0301"}} {
		f.Add(pair[0], pair[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, style := range []Style{Snake, Camel, Pascal} {
			for _, prefix := range [][]string{nil, {"test"}} {
				ids := Identifiers([]string{a, b}, prefix, style)
				for _, id := range ids {
					if !identifier.MatchString(id) || len(id) > MaxIdentifier {
						t.Fatalf("Identifiers(%q, %q) gave %q", a, b, id)
					}
				}
				if ids[0] == ids[1] {
					t.Fatalf("%q and %q share the identifier %q", a, b, ids[0])
				}
				if again := Identifiers([]string{a, b}, prefix, style); again[0] != ids[0] || again[1] != ids[1] {
					t.Fatalf("not deterministic: %q then %q", ids, again)
				}
			}
		}
	})
}
