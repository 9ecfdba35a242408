package buildinfo

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The places a maintainer copies a version from: every one names
// PinnedRelease, none `@latest` (install.sh refuses it), and every release
// asset is named as scripts/asset-name.sh names it.
var (
	versionMentions = regexp.MustCompile(`(?:bqgen@|bqgen/cmd/bqgen@|version: |bqgen |tag such as |/bqgen/|install\.sh[^\n]*?)(v[0-9]+\.[0-9]+\.[0-9]+)\b`)
	latestMentions  = regexp.MustCompile(`bqgen(?:/cmd/bqgen)?@latest`)
	otherAssetNames = regexp.MustCompile("bqgen_[^\\s`]*(?:windows|linux|darwin)")
)

func TestDocsPinOneRelease(t *testing.T) {
	files := []string{"../README.md", "../action.yml"}
	docs, err := filepath.Glob("../docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs: %v", err)
	}
	pinned := 0
	for _, path := range append(files, docs...) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range versionMentions.FindAllSubmatch(text, -1) {
			pinned++
			if string(m[1]) != PinnedRelease {
				t.Errorf("%s: %q names %s; the docs pin PinnedRelease, %s", path, m[0], m[1], PinnedRelease)
			}
		}
		for _, m := range latestMentions.FindAll(text, -1) {
			t.Errorf("%s: %q: pin %s (install.sh refuses latest, and CI must be pinned)", path, m, PinnedRelease)
		}
		for _, m := range otherAssetNames.FindAll(text, -1) {
			t.Errorf("%s: %q is not a name scripts/asset-name.sh gives (bqgen-VERSION-GOOS-GOARCH)", path, m)
		}
	}
	if pinned == 0 {
		t.Error("no doc names a release: the pattern no longer finds the snippets")
	}
}
