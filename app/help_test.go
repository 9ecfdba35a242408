package app

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// Each command's help is held to the flags it takes: its usage line names
// every flag and no other, and the docs/commands.md's table row for it does
// too, so neither can drift from the code.
func TestHelpAndReadmeNameEachCommandsFlags(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := readmeCommandRows(string(readme))
	a := newApp(nil, nil, nil)
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := strings.TrimSpace(path + " " + c.Name)
			walk(name, c.Subcommands)
			if len(c.Flags) == 0 && len(c.Subcommands) > 0 {
				continue
			}
			own := flagNames(c.Flags)
			if got := mentionedFlags(c.UsageText); !slices.Equal(got, own) {
				t.Errorf("bqgen %s: the usage line names %v; the command takes %v", name, got, own)
			}
			row, ok := rows[name]
			if !ok {
				t.Errorf("bqgen %s: no row in docs/commands.md's table", name)
				continue
			}
			if got := mentionedFlags(row); !slices.Equal(got, own) {
				t.Errorf("bqgen %s: docs/commands.md's row names %v; the command takes %v", name, got, own)
			}
		}
	}
	walk("", a.Commands)
}

// flagNames are the names of flags, less --quiet and --verbose, which the
// docs/commands.md names once for every command.
func flagNames(flags []cli.Flag) []string {
	var out []string
	for _, f := range flags {
		if n := f.Names()[0]; n != "quiet" && n != "verbose" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var flagMention = regexp.MustCompile("--([a-z][a-z0-9-]*)")

// mentionedFlags are the distinct --flags text names, sorted.
func mentionedFlags(text string) []string {
	var out []string
	for _, m := range flagMention.FindAllStringSubmatch(text, -1) {
		if m[1] != "help" && m[1] != "version" { // the root's --help and --version
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// readmeCommandRows maps each command to the synopses of its rows in the
// docs/commands.md's table (a command with several rows gets them joined).
func readmeCommandRows(readme string) map[string]string {
	_, table, _ := strings.Cut(readme, "\n## Commands\n")
	table, _, _ = strings.Cut(table, "\n## ")
	out := map[string]string{}
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "| `bqgen") {
			continue
		}
		cells := strings.SplitN(line, " | ", 2)
		for _, synopsis := range strings.Split(cells[0], " / ") {
			words := strings.Fields(strings.Trim(synopsis, "|` "))
			name := commandOf(words[1:])
			out[name] += " " + synopsis
		}
	}
	return out
}

// commandOf is the command a synopsis's words after "bqgen" name: the
// leading words that are not flags or placeholders.
func commandOf(words []string) string {
	var name []string
	for _, w := range words {
		w = strings.Trim(w, "`(")
		if w == "" || strings.HasPrefix(w, "-") || strings.ToUpper(w) == w || strings.ContainsAny(w, "[|\\") {
			break
		}
		name = append(name, w)
	}
	if len(name) == 0 {
		return "generate" // bqgen --lang ... is generate
	}
	return strings.Join(name, " ")
}
