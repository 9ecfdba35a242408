package report

import "strings"

// How a result's text reaches a page. The result readers decode each
// format exactly once (XML entities, JSON escapes) and repair what a runner
// is known to garble (node:test's JUnit attributes: results.readJUnit);
// the report decodes nothing more, so "&quot;" in a message is what the
// runner said and shows as those six characters. What it does: one
// message per line (a line feed, a CR LF or a lone CR ends one), trailing
// blanks and blank lines dropped, and control characters shown as
// ⟨U+XXXX⟩ (htmlText).

// messageLines are the lines of a reason or message, cleaned, each made
// safe to show as text.
func messageLines(s string) []string {
	var out []string
	for _, line := range strings.Split(cleanMessage(s), "\n") {
		out = append(out, htmlText(line))
	}
	return out
}

// cleanMessage is s with line ends as "\n", each line's trailing blanks and
// every blank line dropped.
func cleanMessage(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimRight(line, " \t"); strings.TrimSpace(line) != "" {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}
