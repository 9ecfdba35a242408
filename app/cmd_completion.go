package app

import (
	"strings"

	"github.com/babelqueue/bqgen/completion"
	"github.com/babelqueue/bqgen/diag"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
	"github.com/urfave/cli/v2"
)

// completionCommand is `bqgen completion SHELL`: the shell's completion
// script on standard output, for commands, flags and flag values.
func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for SHELL: " + strings.Join(completion.Shells, ", "),
		UsageText: "bqgen completion bash|zsh|fish|powershell\n\n   source <(bqgen completion bash)   # bash, in ~/.bashrc\n   bqgen completion fish > ~/.config/fish/completions/bqgen.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErr("bqgen completion takes one shell: %s", strings.Join(completion.Shells, ", "))
			}
			shell := c.Args().First()
			if !inList(shell, completion.Shells) {
				return usageErr("no completion for shell %q (known: %s)%s", shell, strings.Join(completion.Shells, ", "), suggest.Phrase(shell, completion.Shells))
			}
			return completion.Write(c.App.Writer, shell, c.App.Name, completionTree(c.App))
		},
	}
}

// formatChoices are the values of each command's --format flag, by command
// path; a test holds every --format flag to having an entry.
var formatChoices = map[string][]string{
	"report":   {"md", "json", "html", "blocks", "counts"},
	"validate": diag.Formats,
	"check":    diag.Formats,
	"verify":   diag.Formats,
	"diff":     {"text", "md", "json"},
	"version":  {"text", "json"},
}

// completionTree describes a's commands for the completion package.
func completionTree(a *cli.App) completion.Command {
	root := completion.Command{Flags: completionFlags("", a.Flags)}
	for _, c := range a.Commands {
		if !c.Hidden {
			root.Subcommands = append(root.Subcommands, completionCommandOf("", c))
		}
	}
	// help's argument is a command: offered as if a subcommand.
	for i, c := range root.Subcommands {
		if c.Name != "help" {
			continue
		}
		for _, other := range root.Subcommands {
			if other.Name != "help" {
				root.Subcommands[i].Subcommands = append(root.Subcommands[i].Subcommands, completion.Command{Name: other.Name, Usage: other.Usage})
			}
		}
	}
	return root
}

func completionCommandOf(parent string, c *cli.Command) completion.Command {
	path := strings.TrimSpace(parent + " " + c.Name)
	out := completion.Command{Name: c.Name, Usage: c.Usage, Flags: completionFlags(path, c.Flags)}
	for _, sub := range c.Subcommands {
		if sub.Name != "help" { // urfave/cli's own, not bqgen's
			out.Subcommands = append(out.Subcommands, completionCommandOf(path, sub))
		}
	}
	if path == "completion" { // its argument is a shell: offered as if a subcommand
		for _, sh := range completion.Shells {
			out.Subcommands = append(out.Subcommands, completion.Command{Name: sh, Usage: sh + "'s script"})
		}
	}
	return out
}

func completionFlags(path string, flags []cli.Flag) []completion.Flag {
	var out []completion.Flag
	for _, f := range flags {
		name := f.Names()[0]
		if name == "help" || name == "version" {
			continue
		}
		cf := completion.Flag{Name: name, Values: flagValues(path, name)}
		if d, ok := f.(cli.DocGenerationFlag); ok {
			placeholder, usage := unquoteUsage(d.GetUsage())
			cf.Usage, cf.TakesValue = usage, d.TakesValue()
			cf.Files = strings.Contains(placeholder, "DIR") || strings.Contains(placeholder, "FILE")
		}
		out = append(out, cf)
	}
	return out
}

// flagValues are the values completion offers for flag name of the command
// at path; none: file names where the flag takes a value.
func flagValues(path, name string) []string {
	switch name {
	case "lang":
		langs := Backends().Langs()
		if path == "verify" {
			langs = append(langs, "all")
		}
		return langs
	case "blocks":
		return model.KnownBlocks
	case "format":
		return formatChoices[path]
	}
	return nil
}

func inList(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unquoteUsage splits a flag's usage into its `PLACEHOLDER` and the text
// with the backquotes removed, as urfave/cli's help does.
func unquoteUsage(usage string) (placeholder, text string) {
	before, rest, ok := strings.Cut(usage, "`")
	if !ok {
		return "", usage
	}
	name, after, ok := strings.Cut(rest, "`")
	if !ok {
		return "", usage
	}
	return name, before + name + after
}
