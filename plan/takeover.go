package plan

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/suitediff"
	"github.com/babelqueue/bqgen/writer"
)

// vendoredTakeover says, before anything is written, what taking over the
// SDK's own copy of the suite would do: which suite it is and what the
// change means by case, and which of the SDK's files read it, since those
// hand-written tests would run against bqgen's suite from then on. It
// names the way to keep the copy (move it, and point those files at it).
// "" when no
// vendored file of the SDK's is in the way.
func (g Generated) vendoredTakeover(suiteDir string) string {
	dir, ok := vendorDir(g.Files)
	if !ok || !sdkCopyInTheWay(g, dir) {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s holds a copy of the suite bqgen did not write", g.Describe(), quote.Name(dir))
	if d := suiteDiffFor(g, suiteDir, nil); d != nil {
		added, removed, changed := caseCounts(d)
		fmt.Fprintf(&b, " (suite %s; bqgen's is %s: %d case(s) added, %d removed, %d changed; bqgen diff --from %s --to %s lists them)",
			quote.Name(d.From.Version), quote.Name(d.To.Version), added, removed, changed, shellWord(path.Join(g.ShownDir(), dir)), diffTarget(suiteDir))
	}
	b.WriteString("\n")
	readers := suiteReaders(g, dir)
	switch {
	case len(readers) > 0 && g.Adopt:
		fmt.Fprintf(&b, "  your files that name its directory (so may read it) run against bqgen's suite from now on: %s\n", strings.Join(quoteAll(readers), ", "))
	case len(readers) > 0:
		fmt.Fprintf(&b, "  your files that name its directory (so may read it), which would run against bqgen's suite after --adopt: %s\n", strings.Join(quoteAll(readers), ", "))
	}
	b.WriteString(g.vendorElsewhere(dir))
	fmt.Fprintf(&b, "  to keep your copy, move it (e.g. to %s) and point the files above at it, then run bqgen generate again\n", path.Join(path.Dir(dir), "sdk-conformance"))
	return b.String()
}

// vendorElsewhere is the way to keep the SDK's copy at dir untouched, and
// its readers with it: bqgen vendors its own suite beside it.
func (g Generated) vendorElsewhere(dir string) string {
	other := path.Join(path.Dir(dir), "bqgen-conformance")
	if g.ConfigIndex < 0 {
		return fmt.Sprintf("  to keep your copy where it is, untouched, vendor bqgen's suite elsewhere: add --vendor %s\n", shellWord(other))
	}
	return fmt.Sprintf("  to keep your copy where it is, untouched, vendor bqgen's suite elsewhere: add vendor: %s to this target in %s\n", quote.Name(other), config.FileName)
}

// sdkCopyInTheWay reports whether a vendored file of g would replace one
// bqgen did not write (or that was edited since). Planning reads the whole
// out dir, and writing plans it again, so it is done only where the
// vendored manifest on disk is there and differs from bqgen's: a first
// adoption or a suite change, never a run that changes nothing.
func sdkCopyInTheWay(g Generated, dir string) bool {
	if !manifestDiffers(g, dir) {
		return false
	}
	p, err := writer.MakePlan(g.Out, g.Lang, g.Files)
	if err != nil {
		return false
	}
	for _, c := range p.Conflicts {
		if c.Path == dir || strings.HasPrefix(c.Path, dir+"/") {
			return true
		}
	}
	return false
}

// manifestDiffers reports whether the checkout holds a vendored manifest
// at dir whose bytes are not the ones g writes there.
func manifestDiffers(g Generated, dir string) bool {
	at := path.Join(dir, model.ManifestFile)
	got, err := writer.ReadSDKFiles(g.Out, []string{at}, safefile.Fixture)
	onDisk, ok := got[at]
	if err != nil || !ok {
		return err != nil // unreadable: let the plan say what it is
	}
	for _, f := range g.Files {
		if f.Path == at {
			return !bytes.Equal(f.Content, onDisk)
		}
	}
	return true
}

func caseCounts(d *suitediff.Diff) (added, removed, changed int) {
	for _, b := range d.Blocks {
		added += len(b.Added)
		removed += len(b.Removed)
		changed += len(b.Changed)
	}
	return added, removed, changed
}

func diffTarget(suiteDir string) string {
	if suiteDir == "" {
		return "embedded"
	}
	return shellWord(suiteDir)
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quote.Name(n)
	}
	return out
}
