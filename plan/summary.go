package plan

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/mdtext"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/suitediff"
)

// vendoredSuite is the suite the target's checkout vendors now (what the
// last generate copied), or nil when it has none that loads: a checkout
// generate never ran in, or one whose copy was edited into a broken suite
// (check's diff shows that file by file).
func vendoredSuite(g Generated) *model.Suite {
	dir, ok := vendorDir(g.Files)
	if !ok {
		return nil
	}
	fsys, err := model.DirFS(filepath.Join(g.Out, filepath.FromSlash(dir)))
	if err != nil {
		return nil
	}
	s, problems := model.Load(fsys)
	if len(problems.Errors()) > 0 {
		return nil
	}
	return s
}

// vendorDir is where the target's backend vendors the suite: the directory
// of its vendored manifest.
func vendorDir(files []backend.File) (string, bool) {
	for _, f := range files {
		if f.Kind == backend.Vendored && path.Base(f.Path) == model.ManifestFile {
			return path.Dir(f.Path), true
		}
	}
	return "", false
}

// suiteDiffFor is the change from the suite g's checkout vendors to the
// suite in use, for g; nil when the checkout vendors none, or the same
// suite.
func suiteDiffFor(g Generated, suiteDir string, targets []suitediff.Target) *suitediff.Diff {
	old := vendoredSuite(g)
	if old == nil {
		return nil
	}
	inUse := embeddedSuite
	if suiteDir != "" {
		inUse = suiteDir
	}
	dir, _ := vendorDir(g.Files)
	d := suitediff.Compare(old, g.Whole, filepath.Join(g.ShownDir(), filepath.FromSlash(dir)), inUse, targets)
	if d.Empty() && d.From.Version == d.To.Version {
		return nil
	}
	return d
}

// SuiteChangeSummary is what check prints above a target's diff when the
// checkout vendors another suite than the one in use: the change by case,
// as bqgen diff says it, so the reviewer reads that before the files.
func (g Generated) SuiteChangeSummary(suiteDir string) string {
	d := suiteDiffFor(g, suiteDir, suiteTargets([]Target{g.Target}, backend.Registry{g.Backend}))
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%s: the vendored suite differs from the suite in use; what the change means (bqgen diff):\n%s\n",
		g.Describe(), suitediff.Text(d))
}

// BumpSummary is generate --summary's Markdown: the change from the suite
// the first checkout vendors to the suite in use, for every target of the
// run (a pull request's body). With nothing vendored yet it says so. What
// it takes from a suite passes the one Markdown escaper (mdtext).
func BumpSummary(gens []Generated, suiteDir string) string {
	var all []Target
	var backends backend.Registry
	for _, g := range gens {
		all, backends = append(all, g.Target), append(backends, g.Backend)
	}
	for _, g := range gens {
		if vendoredSuite(g) == nil {
			continue
		}
		if d := suiteDiffFor(g, suiteDir, suiteTargets(all, backends)); d != nil {
			return suitediff.Markdown(withoutMachinePaths(d, all))
		}
		return "## Conformance suite unchanged\n\nThe checkout already vendors suite " + mdtext.Text(g.Whole.VersionLabel()) + ".\n"
	}
	return "## Conformance suite added\n\nNo suite was vendored before this run.\n"
}

// withoutMachinePaths is d with every directory it names relative to where
// bqgen runs: the summary goes into a pull request's body, where the
// runner's or a laptop's absolute paths (a home directory, a temp dir) mean
// nothing and tell what they should not.
func withoutMachinePaths(d *suitediff.Diff, targets []Target) *suitediff.Diff {
	here, err := os.Getwd()
	shown := func(p string) string {
		if !filepath.IsAbs(p) {
			return p
		}
		// Below where bqgen runs, or a sibling of it (../conformance);
		// anything further is named by its last element alone.
		if rel, relErr := filepath.Rel(here, p); err == nil && relErr == nil && !strings.HasPrefix(filepath.ToSlash(rel), "../..") {
			return filepath.ToSlash(rel)
		}
		return filepath.Base(p)
	}
	out := *d
	out.From.Name, out.To.Name = shown(d.From.Name), shown(d.To.Name)
	out.Targets = append([]suitediff.TargetImpact{}, d.Targets...)
	for i := range out.Targets {
		for _, t := range targets {
			if out.Targets[i].Target == t.Describe() {
				out.Targets[i].Target = fmt.Sprintf("%s into %s", t.Lang, shown(t.ShownDir()))
			}
		}
	}
	return &out
}
