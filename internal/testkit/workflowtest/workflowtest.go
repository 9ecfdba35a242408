// Package workflowtest reads a program's output as a GitHub Actions runner
// does, for the output property tests (issue 45): which lines it would
// take for workflow commands, and which characters would not show as
// themselves in its log.
package workflowtest

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/quote"
)

// Commands are the lines of output a runner would take for workflow
// commands (actions/runner, ActionCommandManager.TryProcessCommand): a
// line ends at LF, CR or CR LF; the current form is a line whose first
// non-blank characters are "::" with a second "::" after them
// (ActionCommand.TryParseV2), the legacy form "##[" anywhere in a line
// with a "]" after it (TryParse). The runner acts only on the names it has
// registered; any name counts here, so that a name it adds later, or the
// token a ::stop-commands:: registers, is covered too.
func Commands(output string) []string {
	var out []string
	for _, line := range Lines(output) {
		if IsCommand(line) {
			out = append(out, line)
		}
	}
	return out
}

// Lines are output's lines as the runner reads them (StreamReader.ReadLine).
func Lines(output string) []string {
	output = strings.ReplaceAll(output, "\r\n", "\n")
	output = strings.ReplaceAll(output, "\r", "\n")
	return strings.Split(strings.TrimSuffix(output, "\n"), "\n")
}

// IsCommand reports whether the runner would parse line as a workflow
// command, of either form.
func IsCommand(line string) bool {
	if trimmed := strings.TrimLeftFunc(line, unicode.IsSpace); strings.HasPrefix(trimmed, "::") {
		if strings.Contains(trimmed[2:], "::") {
			return true
		}
	}
	if i := strings.Index(line, "##["); i >= 0 && strings.Contains(line[i+3:], "]") {
		return true
	}
	return false
}

// Hidden lists every character of output that would not show as itself
// (quote.Hidden), and every byte that is not UTF-8, but the line feeds
// and tabs of the output's layout: each as its escape and byte offset.
func Hidden(output string) []string {
	var out []string
	for i := 0; i < len(output); {
		r, size := utf8.DecodeRuneInString(output[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, fmt.Sprintf(`\x%02x at byte %d`, output[i], i))
		case r != '\n' && r != '\t' && quote.Hidden(r):
			out = append(out, fmt.Sprintf("%s at byte %d", quote.RuneEscape(r), i))
		}
		i += size
	}
	return out
}

// Unmeant are the commands a runner reads in output that are not among
// meant (each line of meant once), in output's order.
func Unmeant(output string, meant []string) []string {
	left := map[string]int{}
	for _, m := range meant {
		left[m]++
	}
	var out []string
	for _, c := range Commands(output) {
		if left[c] > 0 {
			left[c]--
			continue
		}
		out = append(out, c)
	}
	return out
}

// Stream is a stream to put a gate in front of (app.Run puts one in front
// of any writer): what reached it, and the workflow commands the gate
// wrote by its Command method, the ones bqgen meant. Without a gate in
// front, nothing is meant.
type Stream struct {
	bytes.Buffer
	Meant []string
}

// MeantCommand records line, a command the gate wrote on purpose.
func (s *Stream) MeantCommand(line string) { s.Meant = append(s.Meant, line) }
