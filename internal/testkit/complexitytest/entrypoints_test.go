package complexitytest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// entryPoints are bqgen's entry points over untrusted input, each with the
// start of the kind its ladder measures (issue 45: every one held to
// n log n on inputs doubling in size).
var entryPoints = map[string]string{
	"validate":                      "suite (",
	"derive":                        "derive (",
	"diff --format text":            "diff --format text",
	"diff --format md":              "diff --format md",
	"generate --summary":            "diff --format md and generate --summary",
	"check":                         "check (",
	"report --format md, history":   "report --format md --history",
	"report --format html, history": "report --format html --history",
	"report site, history":          "report --format html --output DIR/ --history",
	"the history itself":            "history (",
	"the config's exemptions":       "exemptions (",
}

// ladderKind finds the kind a complexity test names: the string after t
// in a call to Linear or LinearUpTo.
var ladderKind = regexp.MustCompile(`complexitytest\.Linear(?:UpTo)?\(t,\s*"([^"]+)"`)

// TestEveryEntryPointHasALadder fails when an entry point has no
// complexity ladder in the module's tests.
func TestEveryEntryPointHasALadder(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "golden" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range ladderKind.FindAllStringSubmatch(string(src), -1) {
			kinds = append(kinds, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for entry, prefix := range entryPoints {
		found := false
		for _, k := range kinds {
			found = found || strings.HasPrefix(k, prefix)
		}
		if !found {
			t.Errorf("%s has no complexity ladder: no complexitytest.Linear kind starts with %q", entry, prefix)
		}
	}
}
