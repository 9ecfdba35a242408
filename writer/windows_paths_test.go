package writer

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// Paths a Windows checkout would resolve outside the out dir, or onto
// another file, are refused on every system: the ledger and the journal
// that name them travel between systems in a repository.
func TestWindowsPathFormsAreRefused(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]string{
		`C:/Windows/x_test.go`:   "colon",
		`C:x_test.go`:            "colon",
		`c:\x_test.go`:           "backslash",
		`\\server\share\x.go`:    "backslash",
		`a\..\..\x.go`:           "backslash",
		`a_test.go:hidden`:       "colon",
		`testdata/fixtures\x.js`: "backslash",
	} {
		if why := outputPathProblem(p); !strings.Contains(why, want) {
			t.Errorf("%q: %q, want it refused for a %s", p, why, want)
		}
		if _, err := MakePlan(t.TempDir(), "go", []backend.File{gen(p, "x")}); err == nil {
			t.Errorf("MakePlan accepted %q", p)
		}
	}
}

// Two outputs, or two ledger lines, that differ only in case are one file
// on Windows' and macOS's default file systems: refused.
func TestCaseInsensitiveCollisionsAreRefused(t *testing.T) {
	t.Parallel()
	_, err := MakePlan(t.TempDir(), "go", []backend.File{gen("Conformance/A_test.go", "x"), gen("conformance/a_test.go", "y")})
	if err == nil {
		t.Error("two outputs differing only in case were accepted")
	}
	_, err = parseLedger([]byte(ledgerHeader + hashA + ` "dir/X.go"` + "\n" + hashB + ` "DIR/x.go"` + "\n"))
	if err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("a ledger listing one file twice in different cases: %v", err)
	}
}

// A ledger written on Windows with CRLF line ends (git's autocrlf) reads
// as the same ledger, version line included.
func TestLedgerWithCRLFReadsTheSame(t *testing.T) {
	t.Parallel()
	lf := ledgerHeader + "# written by bqgen v1.2.0\n" + hashA + ` "a_test.go"` + "\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	a, errA := parseLedger([]byte(lf))
	b, errB := parseLedger([]byte(crlf))
	if errA != nil || errB != nil || len(a) != 1 || b["a_test.go"] != a["a_test.go"] {
		t.Errorf("LF %v %v, CRLF %v %v", a, errA, b, errB)
	}
	if writtenBy([]byte(crlf)) != "v1.2.0" {
		t.Errorf("CRLF version line: %q", writtenBy([]byte(crlf)))
	}
}

// Two outputs that are one name under Unicode normalization are one file
// on macOS: refused, naming both; so are two ledger lines.
func TestNormalizationCollisionsAreRefused(t *testing.T) {
	t.Parallel()
	nfc, nfd := "fixtures/caf\u00e9.json", "fixtures/cafe\u0301.json"
	_, err := MakePlan(t.TempDir(), "go", []backend.File{gen(nfc, "x"), gen(nfd, "y")})
	errMentions(t, err, nfc, nfd, "Unicode normalization")
	_, err = parseLedger([]byte(ledgerHeader + hashA + ` "` + nfd + `"` + "\n" + hashB + ` "` + nfc + `"` + "\n"))
	errMentions(t, err, "line 3", "listed twice (first on line 2)")
}

// No output, ledger line or journal target is a Windows device, short name
// or a version control directory, in any spelling.
func TestUnportableOutputsAreRefused(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]string{
		"badges/con.svg":      "Windows device name",
		"NUL":                 "Windows device name",
		"tests/com1.json":     "Windows device name",
		"Con .txt":            "Windows device name",
		".git/hooks/pre-push": "version control",
		"sub/.GIT/config":     "version control",
		".git./config":        "version control",
		"GIT~1/config":        "version control",
		".hg/hgrc":            "version control",
		"PROGRA~1/x_test.go":  "8.3 short name",
		"tests/x_test.go.":    "ends in a dot",
		"tests/a|b_test.go":   "does not allow",
	} {
		if why := outputPathProblem(p); !strings.Contains(why, want) {
			t.Errorf("%q: %q, want it refused: %s", p, why, want)
		}
		if _, err := MakePlan(t.TempDir(), "go", []backend.File{gen(p, "x")}); err == nil {
			t.Errorf("MakePlan accepted %q", p)
		}
	}
}
