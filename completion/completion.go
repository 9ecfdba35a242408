// Package completion writes shell completion scripts for a command tree:
// bash, zsh, fish and PowerShell. It knows no CLI library: the caller
// describes its commands, flags and the values each flag takes.
package completion

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Shells are the shells Write knows, in the order help lists them.
var Shells = []string{"bash", "zsh", "fish", "powershell"}

// Command is one command of the tree; the root has an empty Name.
type Command struct {
	Name        string
	Usage       string
	Flags       []Flag
	Subcommands []Command
}

// Flag is one flag, by its long name.
type Flag struct {
	Name  string
	Usage string
	// TakesValue: the word after the flag is its value, not a command.
	TakesValue bool
	// Values are the values to offer.
	Values []string
	// List: the value is a comma-separated list of Values (--blocks
	// cases,sqs), so after a comma the shell offers the Values again,
	// after what was typed, leaving out those already in the list.
	List bool
	// Files: without Values, the value is a file or directory name, so
	// the shell offers those; otherwise nothing is offered.
	Files bool
}

// Write writes the completion script of shell for program's tree root.
func Write(w io.Writer, shell, program string, root Command) error {
	t := flatten(root)
	switch shell {
	case "bash":
		return writeBash(w, program, t)
	case "zsh":
		// zsh runs bash's script through bashcompinit: one logic, two shells.
		fmt.Fprintf(w, "#compdef %s\n# zsh completion for %s: source it, or put it on $fpath as _%s.\nautoload -U +X bashcompinit && bashcompinit\n", program, program, program)
		return writeBash(w, program, t)
	case "fish":
		return writeFish(w, program, t)
	case "powershell":
		return writePowerShell(w, program, t)
	}
	return fmt.Errorf("no completion for shell %q (known: %s)", shell, strings.Join(Shells, ", "))
}

// tree is the command tree flattened: each command by its path ("" the
// root, "oracle serve" a subcommand).
type tree struct {
	paths    []string // sorted
	commands map[string]Command
}

func flatten(root Command) tree {
	t := tree{commands: map[string]Command{}}
	var walk func(prefix string, c Command)
	walk = func(path string, c Command) {
		t.paths = append(t.paths, path)
		t.commands[path] = c
		for _, sub := range c.Subcommands {
			walk(strings.TrimSpace(path+" "+sub.Name), sub)
		}
	}
	walk("", root)
	sort.Strings(t.paths)
	return t
}

// words are what may follow the command at path: its subcommands, then
// its flags.
func (t tree) words(path string) []string {
	c := t.commands[path]
	var out []string
	for _, sub := range c.Subcommands {
		out = append(out, sub.Name)
	}
	for _, f := range c.Flags {
		out = append(out, "--"+f.Name)
	}
	return out
}

// valueFlags lists every flag that takes a value, anywhere in the tree,
// with the values it offers at each command path.
func (t tree) valueFlags() []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range t.paths {
		for _, f := range t.commands[p].Flags {
			if f.TakesValue && !seen[f.Name] {
				seen[f.Name] = true
				out = append(out, f.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// shellWord reports whether s can stand unquoted in every script: command
// and flag names and values are plain words, and anything else is refused
// rather than quoted, since no shell's quoting rules are shared.
func shellWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.", r)) {
			return false
		}
	}
	return true
}

func (t tree) check() error {
	for _, p := range t.paths {
		for _, w := range strings.Fields(p) {
			if !shellWord(w) {
				return fmt.Errorf("command name %q is not a plain word", w)
			}
		}
		for _, f := range t.commands[p].Flags {
			for _, w := range append([]string{f.Name}, f.Values...) {
				if !shellWord(w) {
					return fmt.Errorf("flag --%s: %q is not a plain word", f.Name, w)
				}
			}
		}
	}
	return nil
}
