package plan

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/writer"
)

// checkLostBlocks says, for every target, which of the blocks it names the
// suite lacks: their tests would go without a word. Under strict that is
// an error (exit 1); otherwise a warning naming the blocks and the suite's
// version. A target left with no test at all is an error either way: it
// would pass every run while testing nothing.
func checkLostBlocks(p *Run, s *model.Suite, stderr io.Writer) error {
	var lost, empty []string
	for _, t := range p.Targets {
		sel, err := s.Select(t.Blocks)
		if err != nil {
			return exitcode.Usagef("%s: %v", t.Describe(), err)
		}
		var missing []string
		for _, b := range t.Blocks {
			if !s.HasBlock(b) {
				missing = append(missing, b)
			}
		}
		if len(missing) > 0 {
			msg := fmt.Sprintf("%s: block(s) %s named by the target are not in suite %s (%s): their tests are not generated, and generate removes those it wrote before",
				t.Describe(), strings.Join(missing, ", "), quote.Name(s.VersionLabel()), validate.SuiteName(p.SuiteDir))
			if p.Strict {
				lost = append(lost, msg)
			} else {
				fmt.Fprintf(stderr, "warning: %s\n", msg)
			}
		}
		if len(sel.CaseIDs()) == 0 {
			empty = append(empty, fmt.Sprintf("%s: the target would have no tests: suite %s (%s) has no case of its blocks (%s)",
				t.Describe(), quote.Name(s.VersionLabel()), validate.SuiteName(p.SuiteDir), blockList(t.Blocks)))
		}
	}
	switch {
	case len(empty) > 0:
		return exitcode.Problemsf("%s", strings.Join(append(lost, empty...), "\n"))
	case len(lost) > 0:
		return exitcode.Problemsf("strict: %s", strings.Join(lost, "\nstrict: "))
	}
	return nil
}

func blockList(blocks []string) string {
	if len(blocks) == 0 {
		return "all"
	}
	return strings.Join(blocks, ", ")
}

// previousCases are the case ids of the test index the target's checkout
// holds now (what the last generate wrote), or nil when it has none or it
// cannot be read: the list of vanished cases is then left out, never
// guessed.
func (g Generated) previousCases() []string {
	index, ok := backend.IndexIn(g.Files)
	if !ok {
		return nil
	}
	got, err := writer.ReadSDKFiles(g.Out, []string{index.Path}, safefile.Index)
	if err != nil || got[index.Path] == nil {
		return nil
	}
	idx, err := report.ReadIndex(index.Path, got[index.Path])
	if err != nil {
		return nil
	}
	var out []string
	for _, t := range idx.Tests {
		out = append(out, t.Case)
	}
	return out
}

// maxListedRemovals bounds the cases listed for a block no longer
// generated: it took all its cases with it, its count says that, and the
// old suite lists them. Cases that left a block still generated are all
// listed, however many: once the files are rewritten nothing else names
// them.
const maxListedRemovals = 30

// vanishedCases says which cases the last generate wrote tests for that
// this run does not, by block: the files removed with them are theirs.
func (g Generated) vanishedCases(before []string) string {
	now := map[string]bool{}
	for _, id := range g.Suite.CaseIDs() {
		now[id.String()] = true
	}
	byBlock := map[string][]string{}
	var blocks []string
	for _, id := range before {
		if now[id] {
			continue
		}
		block, name, _ := strings.Cut(id, "/")
		if !slices.Contains(blocks, block) {
			blocks = append(blocks, block)
		}
		byBlock[block] = append(byBlock[block], name)
	}
	var b strings.Builder
	for _, block := range blocks {
		why := "the cases left block " + quote.Name(block)
		dropped := !g.Suite.HasBlock(block)
		if dropped {
			why = "block " + quote.Name(block) + " is no longer generated: the suite or the target's blocks dropped it"
		}
		names := byBlock[block]
		fmt.Fprintf(&b, "%s: %d test(s) removed (%s):\n", g.Describe(), len(names), why)
		for i, name := range names {
			if dropped && i == maxListedRemovals && len(names) > maxListedRemovals+1 {
				fmt.Fprintf(&b, "  ... and %d more of block %s (bqgen cases --blocks %s --suite OLD lists them)\n", len(names)-i, quote.Name(block), quote.Name(block))
				break
			}
			fmt.Fprintf(&b, "  - %s\n", quote.Name(block+"/"+name))
		}
	}
	return b.String()
}
