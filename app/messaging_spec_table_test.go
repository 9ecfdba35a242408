package app

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// conformance/README.md says, for every case of the messaging blocks, which
// sentence of the shared-behaviour page decides each field it asserts. The
// tables are written by hand, so this holds them to the manifest: each case
// has exactly one row in its block's section, no row names a case the
// manifest lacks, and every label a row cites is a sentence the README
// quotes.
func TestMessagingCasesCiteTheSpecification(t *testing.T) {
	readme, err := os.ReadFile("../conformance/README.md")
	if err != nil {
		t.Fatal(err)
	}
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	text := string(readme)
	sentences := tableRows(section(t, text, "## The messaging blocks and the specification"))
	labels := map[string]bool{}
	for _, row := range sentences {
		labels[row[0]] = true
	}
	for _, b := range []struct {
		heading string
		block   *model.MessagingBlock
	}{
		{"## settlement", s.Settlement}, {"## row_errors", s.RowErrors}, {"## failed_writes", s.FailedWrites},
	} {
		rows := tableRows(section(t, text, b.heading))
		var named []string
		for _, row := range rows {
			named = append(named, row[0])
			for _, cell := range row[1:] {
				for _, label := range citedLabel.FindAllString(cell, -1) {
					if !labels[label] {
						t.Errorf("%s: %s cites %s, which the README does not quote", b.heading, row[0], label)
					}
				}
			}
		}
		for _, c := range b.block.Cases {
			if n := strings.Count(" "+strings.Join(named, " ")+" ", " "+c.Name+" "); n != 1 {
				t.Errorf("%s: case %s has %d rows, want 1", b.heading, c.Name, n)
			}
		}
		for _, name := range named {
			if !slices.ContainsFunc(b.block.Cases, func(c model.MessagingCase) bool { return c.Name == name }) {
				t.Errorf("%s: a row names %s, which the manifest does not have", b.heading, name)
			}
		}
	}
}

// citedLabel is a sentence's label: a capital and a digit, or D.
var citedLabel = regexp.MustCompile(`\b(?:[A-Z][0-9]|D)\b`)

// section is the README's text from the heading that starts with prefix to
// the next heading of its level.
func section(t *testing.T, text, prefix string) string {
	t.Helper()
	i := strings.Index(text, "\n"+prefix)
	if i < 0 {
		t.Fatalf("the README has no section %q", prefix)
	}
	rest := text[i+1:]
	if j := strings.Index(rest[1:], "\n## "); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}

// tableRows are the cells of a section's table rows, its header and rule
// left out.
func tableRows(section string) [][]string {
	var rows [][]string
	for line := range strings.SplitSeq(section, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| case ") || strings.HasPrefix(line, "| |") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}
