package report

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/mdtext"
)

// Markdown is the report as GitHub-flavoured Markdown a README embeds: per
// SDK target its score and per-block counts, what does not pass and why;
// the case × SDK matrix; each block's share of passing targets; the
// changes since the previous report (when changes is not nil). Every name
// from a suite, a result file or a repository is escaped: it can break
// neither a table nor the page.
func Markdown(r Report, changes *Changes) []byte {
	var b strings.Builder
	b.WriteString("# Conformance report\n\n")
	if r.Newest != "" {
		fmt.Fprintf(&b, "Newest suite: %s.\n\n", mdtext.Text(r.Newest))
	}
	if changes != nil {
		writeChanges(&b, changes)
	}
	b.WriteString("## SDK targets\n\n")
	for _, s := range r.SDKs {
		writeSDK(&b, r, s)
	}
	writeMatrix(&b, r)
	writeShares(&b, r)
	return []byte(b.String())
}

func writeSDK(b *strings.Builder, r Report, s SDK) {
	passed, total := s.Score()
	fmt.Fprintf(b, "### %s\n\n", mdtext.Text(SDKName(s.Repository, s.Target)))
	fmt.Fprintf(b, "%s, suite %s: **%d/%d** pass · runner: %s", mdtext.Text(s.Lang), mdtext.Text(s.ConformanceVersion), passed, total, mdtext.Text(countsText(s.Runner)))
	if len(s.Unknown) > 0 {
		fmt.Fprintf(b, " · %d unknown test(s)", len(s.Unknown))
	}
	fmt.Fprintf(b, " · %d test(s) not bqgen's\n\n", s.Others)
	if older := r.Older(s); older != "" {
		fmt.Fprintf(b, "> ⚠ %s\n\n", mdtext.Text(older))
	}
	b.WriteString("| block |")
	for _, st := range Statuses {
		b.WriteString(" " + mdtext.Text(st.Word()) + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(Statuses)) + "\n")
	for _, bc := range r.BlockCounts(s) {
		b.WriteString("| " + mdtext.Text(bc.Block) + " |")
		for _, st := range Statuses {
			fmt.Fprintf(b, " %d |", bc.Counts[st])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	writeNotPassing(b, r, s)
	if len(s.Unknown) > 0 {
		b.WriteString("Tests in generated suites that the index does not list (unknown):\n\n")
		for _, t := range s.Unknown {
			fmt.Fprintf(b, "- %s › %s: %s%s\n", mdtext.Item(t.Suite), mdtext.Text(t.Name), mdtext.Text(string(t.Outcome)), detail(t.Message))
		}
		b.WriteString("\n")
	}
}

// writeNotPassing lists every generated case that does not pass, with its
// reason and the runner's message.
func writeNotPassing(b *strings.Builder, r Report, s SDK) {
	var lines []string
	for _, c := range r.Cases {
		res := s.Results[c.ID]
		if res.Status == Passed || res.Status == NotGenerated {
			continue
		}
		lines = append(lines, fmt.Sprintf("- %s: %s%s%s\n", mdtext.Item(c.ID), mdtext.Text(res.Status.Label()), detail(res.Reason),
			detail(unlessSaid(res.Message, res.Reason))))
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("Not passing:\n\n" + strings.Join(lines, "") + "\n")
}

func writeMatrix(b *strings.Builder, r Report) {
	if len(r.SDKs) == 0 {
		return
	}
	b.WriteString("## Cases × SDK targets\n\n| case |")
	for _, s := range r.SDKs {
		b.WriteString(" " + mdtext.Text(SDKName(s.Repository, s.Target)) + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(r.SDKs)) + "\n")
	for _, c := range r.Cases {
		b.WriteString("| " + mdtext.Text(c.ID) + " |")
		for _, s := range r.SDKs {
			b.WriteString(" " + mdtext.Text(s.Results[c.ID].Status.Label()) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func writeShares(b *strings.Builder, r Report) {
	if len(r.Cases) == 0 {
		return
	}
	b.WriteString("## Blocks: SDK targets passing every case\n\n| block | passing | share |\n| --- | ---: | ---: |\n")
	for _, s := range r.Shares() {
		share := "—"
		if s.Running > 0 {
			share = fmt.Sprintf("%d%%", s.Passing*100/s.Running)
		}
		fmt.Fprintf(b, "| %s | %d/%d | %s |\n", mdtext.Text(s.Block), s.Passing, s.Running, mdtext.Text(share))
	}
	b.WriteString("\n")
}

func writeChanges(b *strings.Builder, ch *Changes) {
	b.WriteString("## Changed since the previous report\n\n")
	if ch.Previous != "" {
		fmt.Fprintf(b, "Compared with %s.\n\n", mdtext.Text(ch.Previous))
	}
	if ch.HistoryPruned > 0 {
		b.WriteString(PrunedNote(ch.HistoryPruned) + "\n\n")
	}
	defer writeEarlier(b, ch.Earlier)
	if ch.Empty() {
		b.WriteString("Nothing changed.\n\n")
		return
	}
	for _, part := range []struct {
		title string
		list  []Change
	}{{"Newly passing", ch.NewlyPassing}, {"Newly failing", ch.NewlyFailing}, {"Other changes", ch.Other}} {
		if len(part.list) == 0 {
			continue
		}
		fmt.Fprintf(b, "### %s\n\n", mdtext.Text(part.title))
		for _, c := range part.list {
			from := "new case"
			if c.From != "" {
				from = c.From.Label()
			}
			fmt.Fprintf(b, "- %s (%s): %s → %s\n", mdtext.Item(c.Case), mdtext.Text(SDKName(c.Repository, c.Target)), mdtext.Text(from), mdtext.Text(c.To.Label()))
		}
		b.WriteString("\n")
	}
	writeCaseChanges(b, "Cases removed", ch.RemovedCases)
	writeCaseChanges(b, "Cases whose expectation changed", ch.ChangedExpectations)
	for _, part := range []struct {
		title string
		list  []string
	}{{"New SDK targets", ch.AddedSDKs}, {"SDK targets no longer reported", ch.RemovedSDKs}} {
		if len(part.list) > 0 {
			fmt.Fprintf(b, "### %s\n\n", mdtext.Text(part.title))
			for _, n := range part.list {
				b.WriteString("- " + mdtext.Item(n) + "\n")
			}
			b.WriteString("\n")
		}
	}
}

// writeCaseChanges lists cases that left a target or changed what they
// expect, with the suite versions on both sides.
// writeEarlier lists the suite and target changes of the history's
// earlier entries, newest first: what a suite bump removed or changed stays
// in view after the report that showed it.
func writeEarlier(b *strings.Builder, earlier []Recorded) {
	if len(earlier) == 0 {
		return
	}
	b.WriteString("## Earlier suite and target changes\n\n")
	for _, r := range earlier {
		c := r.Changes
		fmt.Fprintf(b, "### Report %d of the history: suite %s → %s\n\n", r.Entry, mdtext.Text(c.FromSuite), mdtext.Text(c.ToSuite))
		for _, l := range []struct {
			what string
			list []CaseChange
		}{{"removed", c.RemovedCases}, {"expectation changed", c.ChangedExpectations}} {
			for _, cc := range l.list {
				fmt.Fprintf(b, "- %s (%s): %s\n", mdtext.Item(cc.Case), mdtext.Text(SDKName(cc.Repository, cc.Target)), l.what)
			}
		}
		for _, n := range c.AddedSDKs {
			fmt.Fprintf(b, "- %s: new SDK target\n", mdtext.Item(n))
		}
		for _, n := range c.RemovedSDKs {
			fmt.Fprintf(b, "- %s: no longer reported\n", mdtext.Item(n))
		}
		b.WriteString("\n")
	}
}

func writeCaseChanges(b *strings.Builder, title string, list []CaseChange) {
	if len(list) == 0 {
		return
	}
	fmt.Fprintf(b, "### %s\n\n", title)
	for _, c := range list {
		fmt.Fprintf(b, "- %s (%s): suite %s → %s\n", mdtext.Item(c.Case), mdtext.Text(SDKName(c.Repository, c.Target)), mdtext.Text(c.FromSuite), mdtext.Text(c.ToSuite))
	}
	b.WriteString("\n")
}

// detail is " — text" for a non-empty text: its lines on one, shortened.
func detail(text string) string {
	text = strings.ReplaceAll(cleanMessage(strings.TrimSpace(text)), "\n", " · ")
	if text == "" {
		return ""
	}
	if runes := []rune(text); len(runes) > maxDetail {
		text = string(runes[:maxDetail]) + "…"
	}
	return " — " + mdtext.Text(text)
}

// maxDetail bounds a reason or message on a Markdown line, in characters.
// Its lines are joined with " · ": xUnit's and JUnit's assertion messages
// say expected and actual on the lines after the first.
const maxDetail = 300

// unlessSaid is message, or "" when it only repeats reason (a known
// failure's runner message quotes the reason it was given).
func unlessSaid(message, reason string) string {
	if r := strings.TrimSpace(reason); r != "" && strings.Contains(message, r) {
		return ""
	}
	return message
}
