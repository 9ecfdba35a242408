package portable

import (
	"strings"
	"testing"
	"unicode"
)

// Names one of the file systems bqgen's output lands on holds as one file
// get one key; names it holds apart get two.
func TestKey(t *testing.T) {
	t.Parallel()
	same := [][]string{
		{"caf\u00e9.json", "cafe\u0301.json", "CAF\u00c9.JSON", "CAFE\u0301.json"}, // NFC, NFD, case
		{"\u00c5", "\u212b", "A\u030a", "a\u030a", "\u00e5"},                       // Å, the Angstrom sign
		{"k", "K", "\u212a"},                   // the Kelvin sign
		{"s", "S", "\u017f"},                   // the long s
		{"\u03c3", "\u03a3", "\u03c2"},         // sigma, final sigma
		{"\uac00", "\u1100\u1161"},             // a Hangul syllable and its jamo
		{"\ud55c", "\u1112\u1161\u11ab"},       // with a trailing consonant
		{"a\u0301\u0316", "a\u0316\u0301"},     // marks in either order
		{".git", ".git\u200c", "\ufeff.GIT"},   // characters HFS+ ignores
		{"\u0131", "i", "I"},                   // dotless i, as NTFS upper-cases it
		{"\u1e9b\u0323", "\u017f\u0323\u0307"}, // a long s with dots, composed or not
	}
	for _, names := range same {
		for _, n := range names[1:] {
			if Key(n) != Key(names[0]) {
				t.Errorf("Key(%+q) = %+q, Key(%+q) = %+q: want them equal", n, Key(n), names[0], Key(names[0]))
			}
		}
	}
	apart := [][2]string{
		{"cafe.json", "caf\u00e9.json"},
		{"a", "b"},
		{"\u0130", "i"}, // dotted capital I: i with a dot above
		{"a/b", "ab"},
		{"a\u0301\u0301", "a\u0301"},
	}
	for _, p := range apart {
		if Key(p[0]) == Key(p[1]) {
			t.Errorf("Key(%+q) == Key(%+q): want them apart", p[0], p[1])
		}
	}
}

// fold gives every member of a case-folding orbit the same rune: Key is
// an equivalence over all of Unicode, not only over the examples above.
func TestFoldIsOneRunePerOrbit(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if f := unicode.SimpleFold(r); fold(f) != fold(r) {
			t.Fatalf("fold(%U) = %U but fold(%U) = %U: one orbit, two keys", r, fold(r), f, fold(f))
		}
	}
}

func TestProblem(t *testing.T) {
	t.Parallel()
	refused := map[string]string{
		"con.svg":                "Windows device name",
		"NUL":                    "Windows device name",
		"badges/com1.json":       "Windows device name",
		"Con .txt":               "Windows device name",
		"aux.tar.gz":             "Windows device name",
		"lpt\u00b9":              "Windows device name",
		"CONIN$":                 "Windows device name",
		"conout$.log":            "Windows device name",
		"com0":                   "Windows device name",
		".git/hooks/pre-commit":  "version control",
		"a/.GIT/HEAD":            "version control",
		".git./x":                "version control",
		".git /x":                "version control",
		"GIT~1/config":           "version control",
		".gi\u200ct/HEAD":        "version control",
		".hg/hgrc":               "version control",
		"x/.Svn/entries":         "version control",
		".bzr/x":                 "version control",
		"_DARCS/x":               "version control",
		"src/CVS/Root":           "version control",
		"PROGRA~1.TXT":           "8.3 short name",
		"dir/GI7EB4~2":           "8.3 short name",
		"a.":                     "ends in a dot",
		"dir /x":                 "ends in a dot or a space",
		"a?b.json":               "does not allow",
		`a"b`:                    "does not allow",
		"fixtures/x<y>.json":     "does not allow",
		"fixtures/a:stream.json": "does not allow",
	}
	for p, want := range refused {
		if why := Problem(p); !strings.Contains(why, want) {
			t.Errorf("Problem(%q) = %q, want it to say %q", p, why, want)
		}
	}
	for _, p := range []string{"console.json", "com10", "nul_", "icon.svg", "a/b/c.json", ".github/workflows/x.yml",
		".gitattributes", ".gitignore", "git/x", "tests/conformance/fixtures/a~b.json", "x~1.json", "LPT", "cvs.svg", "a.b.c"} {
		if why := Problem(p); why != "" {
			t.Errorf("Problem(%q) = %q, want none", p, why)
		}
	}
}

func TestSafeName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"con": "con_", "con.x": "con_.x", "NUL": "NUL_", "com1": "com1_", "sdk-go": "sdk-go",
		"con ": "con_", "lpt\u00b2.a.b": "lpt\u00b2_.a.b", "console": "console", "x.": "x",
	} {
		got := SafeName(in)
		if got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
		if IsDeviceName(got) {
			t.Errorf("SafeName(%q) = %q is still a device", in, got)
		}
	}
}
