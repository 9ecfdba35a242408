package suitediff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/mdtext"
	"github.com/babelqueue/bqgen/internal/quote"
)

// JSON is the diff as the documented, versioned JSON of docs/diff.md:
// indented, deterministic, names left readable ("<" and "&" unescaped),
// hidden characters as \uXXXX escapes (quote.JSON).
func JSON(d *Diff) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return quote.JSON(buf.Bytes()), nil
}

// Text is the diff for a terminal or a CI log. Every name from a suite is
// printed quoted when it holds a control character.
func Text(d *Diff) string {
	var b strings.Builder
	fmt.Fprintf(&b, "suite %s -> %s (%s -> %s)\n", quote.Name(d.From.Version), quote.Name(d.To.Version), quote.Name(d.From.Name), quote.Name(d.To.Name))
	if d.Empty() {
		b.WriteString("no case added, removed or changed\n")
	}
	textList(&b, "blocks added", d.BlocksAdded)
	textList(&b, "blocks removed", d.BlocksRemoved)
	for _, bd := range d.Blocks {
		fmt.Fprintf(&b, "block %s: %d added, %d removed, %d changed\n", quote.Name(bd.Block), len(bd.Added), len(bd.Removed), len(bd.Changed))
		for _, c := range bd.Added {
			fmt.Fprintf(&b, "  + %s\n", quote.Name(c))
		}
		for _, c := range bd.Removed {
			fmt.Fprintf(&b, "  - %s\n", quote.Name(c))
		}
		for _, c := range bd.Changed {
			fmt.Fprintf(&b, "  ~ %s\n      was: %s\n      now: %s\n", quote.Name(c.Case), quote.Text(c.From), quote.Text(c.To))
			if len(c.Files) > 0 {
				fmt.Fprintf(&b, "      files changed: %s\n", quotedJoin(c.Files))
			}
		}
	}
	for _, op := range d.Operations {
		fmt.Fprintf(&b, "operation gained: %s (bqgen adds it from suite %s; called by %s)\n", op.Name, op.Since, strings.Join(op.Blocks, ", "))
	}
	for _, t := range d.Targets {
		textTarget(&b, t)
	}
	return b.String()
}

func textTarget(b *strings.Builder, t TargetImpact) {
	fmt.Fprintf(b, "target %s: %d test(s) with the new suite\n", quote.Name(t.Target), t.Tests)
	textList(b, "  blocks the target names that the new suite lacks", t.BlocksMissing)
	textLines(b, "  tests that appear", "+", t.Appear)
	textLines(b, "  tests that disappear", "-", t.Disappear)
	textLines(b, "  tests whose expectation changed", "~", t.Changed)
	textList(b, "  exemptions that stop matching", t.ExemptionsUnmatched)
	textList(b, "  scaffold methods to add (bqgen scaffold --ops)", t.ScaffoldMethods)
}

// textLines lists items one a line, marked, under a title with their count.
func textLines(b *strings.Builder, title, mark string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "%s (%d):\n", title, len(items))
	for _, s := range items {
		fmt.Fprintf(b, "    %s %s\n", mark, quote.Name(s))
	}
}

func textList(b *strings.Builder, title string, items []string) {
	if len(items) > 0 {
		fmt.Fprintf(b, "%s: %s\n", title, quotedJoin(items))
	}
}

func quotedJoin(items []string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = quote.Name(s)
	}
	return strings.Join(out, ", ")
}

// Markdown is the diff for a pull request's body or a review comment.
// Names from the suite pass the one Markdown escaper (mdtext.Text),
// expectations are set in code spans, their hidden characters shown.
func Markdown(d *Diff) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Conformance suite %s → %s\n\n", mdtext.Text(d.From.Version), mdtext.Text(d.To.Version))
	fmt.Fprintf(&b, "From %s to %s.\n\n", mdtext.Text(d.From.Name), mdtext.Text(d.To.Name))
	if d.Empty() {
		b.WriteString("No case added, removed or changed.\n\n")
	}
	mdList(&b, "Blocks added", d.BlocksAdded)
	mdList(&b, "Blocks removed", d.BlocksRemoved)
	for _, bd := range d.Blocks {
		fmt.Fprintf(&b, "### Block %s: %d added, %d removed, %d changed\n\n", mdtext.Text(bd.Block), len(bd.Added), len(bd.Removed), len(bd.Changed))
		for _, c := range bd.Added {
			fmt.Fprintf(&b, "- added: %s\n", mdtext.Text(c))
		}
		for _, c := range bd.Removed {
			fmt.Fprintf(&b, "- removed: %s\n", mdtext.Text(c))
		}
		for _, c := range bd.Changed {
			fmt.Fprintf(&b, "- changed: %s\n  - was: %s\n  - now: %s\n", mdtext.Text(c.Case), code(mdtext.Visible(c.From)), code(mdtext.Visible(c.To)))
			if len(c.Files) > 0 {
				fmt.Fprintf(&b, "  - files changed: %s\n", mdJoin(c.Files))
			}
		}
		b.WriteString("\n")
	}
	if len(d.Operations) > 0 {
		b.WriteString("### Subject operations gained\n\n")
		for _, op := range d.Operations {
			fmt.Fprintf(&b, "- `%s` (bqgen adds it from suite %s; called by %s)\n", op.Name, mdtext.Text(op.Since), mdtext.Text(strings.Join(op.Blocks, ", ")))
		}
		b.WriteString("\n")
	}
	for _, t := range d.Targets {
		mdTarget(&b, t)
	}
	return b.String()
}

func mdTarget(b *strings.Builder, t TargetImpact) {
	fmt.Fprintf(b, "### Target %s: %d test(s) with the new suite\n\n", mdtext.Text(t.Target), t.Tests)
	for _, l := range []struct {
		title string
		items []string
	}{
		{"Blocks the target names that the new suite lacks", t.BlocksMissing},
		{"Tests that appear", t.Appear},
		{"Tests that disappear", t.Disappear},
		{"Tests whose expectation changed", t.Changed},
		{"Exemptions that stop matching", t.ExemptionsUnmatched},
		{"Scaffold methods to add (`bqgen scaffold --ops`)", t.ScaffoldMethods},
	} {
		if len(l.items) > 0 {
			fmt.Fprintf(b, "- %s: %s\n", l.title, mdJoin(l.items))
		}
	}
	b.WriteString("\n")
}

func mdList(b *strings.Builder, title string, items []string) {
	if len(items) > 0 {
		fmt.Fprintf(b, "%s: %s\n\n", title, mdJoin(items))
	}
}

func mdJoin(items []string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = mdtext.Text(s)
	}
	return strings.Join(out, ", ")
}

// code sets s (compact JSON: no line breaks) in a code span whose fence
// is longer than any run of backticks in it.
func code(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '\uFFFD'
		}
		return r
	}, s)
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	return fence + " " + s + " " + fence
}

// longestRun is the length of the longest run of c in s, found in one
// pass: growing a fence until s no longer holds it searched s once per
// backtick of the longest run.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}
