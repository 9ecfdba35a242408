package writer

import (
	"fmt"
	"path"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Report renders a plan as check's output: one unified diff per stale or
// hand-edited file, a line per missing file and per file to be removed.
// Every line that is not a diff starts with target, which names the run's
// target ("go into sqs"): a repository has several, and a state file
// (.bqgen/go.files) says nothing of which one it belongs to.
func Report(p *Plan, target string) string {
	var b strings.Builder
	for _, c := range p.Changes {
		switch {
		case !c.Exists && c.File.Kind == backend.Scaffold:
			fmt.Fprintf(&b, "%s: missing scaffold %s (generate writes it once; the SDK owns it afterwards)\n", target, quote.Name(c.File.Path))
		case !c.Exists:
			fmt.Fprintf(&b, "%s: missing %s%s\n", target, quote.Name(c.File.Path), stateNote(c.File.Path))
		case c.File.Kind == backend.Vendored:
			// The suite change is summarised by case above the diff (bqgen
			// diff); its files' lines would bury the tests' own change.
			fmt.Fprintf(&b, "%s: vendored suite file %s changed, %d line(s)\n", target, quote.Name(c.File.Path), changedLines(c.Old, c.File.Content))
		case c.File.Kind == backend.Generated && path.Base(c.File.Path) == backend.IndexFileName:
			// Every test's line is in it: a test added or a known failure
			// marked moves the lines of all below, and a diff of those
			// would bury the tests' own change.
			fmt.Fprintf(&b, "%s: test index %s changed, %d line(s) (where each case's test is; generate writes it)\n",
				target, quote.Name(c.File.Path), changedLines(c.Old, c.File.Content))
		case isStatePath(c.File.Path):
			fmt.Fprintf(&b, "%s: %s differs from what generate writes%s\n", target, quote.Name(c.File.Path), stateNote(c.File.Path))
			b.WriteString(UnifiedDiff(c.File.Path, c.Old, c.File.Content))
		default:
			b.WriteString(UnifiedDiff(c.File.Path, c.Old, c.File.Content))
		}
	}
	for _, r := range p.Removals {
		fmt.Fprintf(&b, "%s: stale %s (no longer generated; generate removes it)\n", target, quote.Name(r))
	}
	for _, c := range p.Conflicts {
		fmt.Fprintf(&b, "%s: in the way: %s (%s; generate refuses it without --adopt)\n", target, quote.Name(c.Path), c.Reason)
	}
	return b.String()
}

// stateNote says what a state file is, for a report line about it.
func stateNote(p string) string {
	switch {
	case isLedgerPath(p):
		return " (bqgen's ledger of the files it wrote here; generate writes it; commit .bqgen/*.files)"
	case isIgnorePath(p):
		return " (keeps the lock and a run's transaction out of git; generate writes it; commit it)"
	}
	return ""
}

// changedLines counts the lines one of old and new has and the other lacks
// (by content, each as often as it occurs): the size of a change, in linear
// time, for files too large to diff line by line in a summary.
func changedLines(old, new []byte) int {
	count := map[string]int{}
	for _, l := range splitLines(string(old)) {
		count[l]++
	}
	for _, l := range splitLines(string(new)) {
		count[l]--
	}
	n := 0
	for _, c := range count {
		n += max(c, -c)
	}
	return n
}
