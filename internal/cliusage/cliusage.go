// Package cliusage makes a urfave/cli app's usage errors exit 2 and say
// what was meant: a mistyped command or flag gets the closest name, and a
// command that takes only flags refuses an argument instead of silently
// ignoring the flags after it.
package cliusage

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/urfave/cli/v2"
)

// Strict makes a flag error of every command below parent (the app's
// name) exit 2, as the root's do, and, unless takesArgs says the command
// takes arguments, an argument too (onlyFlags). Each command at path
// ("bqgen check") gets the flags flags(path) adds.
func Strict(cmds []*cli.Command, parent string, takesArgs func(name string) bool, flags func(path string) []cli.Flag) {
	for _, c := range cmds {
		name := parent + " " + c.Name
		c.OnUsageError = OnUsageError
		c.Flags = append(c.Flags, flags(name)...)
		if takesArgs(c.Name) {
			continue
		}
		c.Action = onlyFlags(c.Action, name)
		Strict(c.Subcommands, name, takesArgs, flags)
	}
}

// onlyFlags wraps the action of the command name, which takes no
// arguments, to refuse any: the flag parser stops at the first argument, so
// in "check x --lang go" the flags after it would be ignored without a word.
// A command with subcommands and no action of its own names the unknown
// subcommand, or shows its help.
func onlyFlags(action cli.ActionFunc, name string) cli.ActionFunc {
	return func(c *cli.Context) error {
		switch {
		case c.NArg() > 0 && action == nil:
			return exitcode.Usagef("unknown command %s %q%s (see %s --help)", name, c.Args().First(), suggest.Phrase(c.Args().First(), CommandNames(c.Command.Subcommands)), name)
		case c.NArg() > 0:
			return exitcode.Usagef("unexpected argument %q: %s takes only flags, and the parser stops at an argument (flags after it would be ignored)",
				c.Args().First(), name)
		case action == nil:
			return cli.ShowSubcommandHelp(c)
		}
		return action(c)
	}
}

// OnUsageError makes a flag error a usage error (exit 2), with the closest
// flag the command has where the flag was mistyped. The flag package
// prints the flag as it was given: a line break in it is shown escaped.
func OnUsageError(c *cli.Context, err error, _ bool) error {
	msg := quote.Value(err.Error())
	if m := undefinedFlag.FindStringSubmatch(err.Error()); m != nil {
		msg = "flag provided but not defined: " + quote.Name(m[1]+m[2])
	}
	return exitcode.Usagef("%s%s", msg, flagSuggestion(c, err))
}

// undefinedFlag is how the flag package names a flag the command lacks:
// its dashes, its name.
var undefinedFlag = regexp.MustCompile(`(?s)^flag provided but not defined: (-+)(.+)$`)

// flagSuggestion is " (did you mean "--lang"?)" for a mistyped flag of the
// command c runs, or "".
func flagSuggestion(c *cli.Context, err error) string {
	m := undefinedFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	flags := c.App.Flags
	if c.Command != nil && c.Command.Name != "" {
		flags = c.Command.Flags
	}
	var names []string
	for _, f := range flags {
		names = append(names, f.Names()...)
	}
	if s := suggest.Closest(m[2], names); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", "--"+s)
	}
	return ""
}

// CommandNames lists cmds' names and aliases, for suggestions.
func CommandNames(cmds []*cli.Command) []string {
	var names []string
	for _, c := range cmds {
		names = append(names, c.Names()...)
	}
	return names
}

// Find is the command of cmds named name (or aliased), nil for none.
func Find(cmds []*cli.Command, name string) *cli.Command {
	for _, cmd := range cmds {
		if cmd.HasName(name) {
			return cmd
		}
	}
	return nil
}

// Help is the action of a help command: the app's help, or, for the
// command path its arguments name, that command's own --help, so the two
// never differ. A name the path lacks is a usage error with the closest.
func Help(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) == 0 {
		return cli.ShowAppHelp(c)
	}
	cmds, path := c.App.Commands, c.App.Name
	for _, name := range args {
		next := Find(cmds, name)
		if next == nil || next.Name == "help" {
			return exitcode.Usagef("no help for %q: %s has no command %q%s (see %s --help)",
				strings.Join(args, " "), path, name, suggest.Phrase(name, CommandNames(cmds)), path)
		}
		cmds, path = next.Subcommands, path+" "+next.Name
	}
	// The command's own --help, so the two never differ.
	return c.App.RunContext(c.Context, append(append([]string{c.App.Name}, args...), "--help"))
}
