// Package urfave describes a urfave/cli app's commands and flags for
// package completion, which knows no CLI library: the help a user reads
// and the completion offered are made from the same definitions.
package urfave

import (
	"strings"

	"github.com/babelqueue/bqgen/completion"
	"github.com/urfave/cli/v2"
)

// Values are the values completion offers for the flag name of the
// command at path ("" for the root, "diff", "oracle serve"); none: file
// names where the flag takes a value.
type Values func(path, name string) []string

// List marks f as taking a comma-separated list of its values (--blocks
// cases,sqs), so completion offers the values again after each comma. To
// urfave/cli it is f: every method is f's, and the value is read as f's.
func List(f *cli.StringFlag) cli.Flag { return list{f} }

// list is a flag List marked; flags finds the mark by its type.
type list struct{ *cli.StringFlag }

// Tree describes a's commands and flags for package completion.
func Tree(a *cli.App, values Values) completion.Command {
	root := completion.Command{Flags: flags("", a.Flags, values)}
	for _, c := range a.Commands {
		if !c.Hidden {
			root.Subcommands = append(root.Subcommands, command("", c, values))
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

func command(parent string, c *cli.Command, values Values) completion.Command {
	path := strings.TrimSpace(parent + " " + c.Name)
	out := completion.Command{Name: c.Name, Usage: c.Usage, Flags: flags(path, c.Flags, values)}
	for _, sub := range c.Subcommands {
		if sub.Name != "help" { // urfave/cli's own, not bqgen's
			out.Subcommands = append(out.Subcommands, command(path, sub, values))
		}
	}
	if path == "completion" { // its argument is a shell: offered as if a subcommand
		for _, sh := range completion.Shells {
			out.Subcommands = append(out.Subcommands, completion.Command{Name: sh, Usage: sh + "'s script"})
		}
	}
	return out
}

func flags(path string, all []cli.Flag, values Values) []completion.Flag {
	var out []completion.Flag
	for _, f := range all {
		name := f.Names()[0]
		if name == "help" || name == "version" {
			continue
		}
		cf := completion.Flag{Name: name, Values: values(path, name)}
		_, cf.List = f.(list)
		if d, ok := f.(cli.DocGenerationFlag); ok {
			placeholder, usage := unquoteUsage(d.GetUsage())
			cf.Usage, cf.TakesValue = usage, d.TakesValue()
			cf.Files = strings.Contains(placeholder, "DIR") || strings.Contains(placeholder, "FILE")
		}
		out = append(out, cf)
	}
	return out
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
